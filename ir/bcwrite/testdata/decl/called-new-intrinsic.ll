; Intrinsics LLVM 19 lacks: llvm.vector.interleave3 (LLVM 21), declared
; and called, which is refused for LLVM 19 (bcwrite's checkUnknownCalls);
; llvm.minimumnum (LLVM 20), called, which is given as compares and
; selects; and llvm.maximumnum, declared and not called.
define double @f(double %x, double %y) {
  %r = call double @llvm.minimumnum.f64(double %x, double %y)
  ret double %r
}

define <6 x i32> @g(<2 x i32> %p, <2 x i32> %q, <2 x i32> %s) {
  %r = call <6 x i32> @llvm.vector.interleave3.v6i32(<2 x i32> %p, <2 x i32> %q, <2 x i32> %s)
  ret <6 x i32> %r
}

declare double @llvm.minimumnum.f64(double, double)
declare double @llvm.maximumnum.f64(double, double)
declare <6 x i32> @llvm.vector.interleave3.v6i32(<2 x i32>, <2 x i32>, <2 x i32>)
