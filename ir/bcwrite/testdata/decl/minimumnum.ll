; llvm.minimumnum and llvm.maximumnum (LLVM 20; C23's fminimum_num and
; fmaximum_num), of a double and of a vector of floats.
define double @f(double %x, double %y) {
  %r = call double @llvm.minimumnum.f64(double %x, double %y)
  ret double %r
}
define <2 x float> @g(<2 x float> %x, <2 x float> %y) {
  %r = call <2 x float> @llvm.maximumnum.v2f32(<2 x float> %x, <2 x float> %y)
  ret <2 x float> %r
}
declare double @llvm.minimumnum.f64(double, double)
declare <2 x float> @llvm.maximumnum.v2f32(<2 x float>, <2 x float>)
