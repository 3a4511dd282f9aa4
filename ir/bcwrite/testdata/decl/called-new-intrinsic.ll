; Intrinsics LLVM 19 lacks: llvm.vector.interleave3 (LLVM 21) of scalable
; vectors, declared and called, which is refused for LLVM 19 (bcwrite's
; checkUnknownCalls; of fixed-length vectors it would be given as
; shufflevectors, see interleave-fixed.ll);
; llvm.minimumnum (LLVM 20), called, which is given as compares and
; selects; and llvm.maximumnum, declared and not called.
define double @f(double %x, double %y) {
  %r = call double @llvm.minimumnum.f64(double %x, double %y)
  ret double %r
}

define <vscale x 6 x i32> @g(<vscale x 2 x i32> %p, <vscale x 2 x i32> %q, <vscale x 2 x i32> %s) {
  %r = call <vscale x 6 x i32> @llvm.vector.interleave3.nxv6i32(<vscale x 2 x i32> %p, <vscale x 2 x i32> %q, <vscale x 2 x i32> %s)
  ret <vscale x 6 x i32> %r
}

declare double @llvm.minimumnum.f64(double, double)
declare double @llvm.maximumnum.f64(double, double)
declare <vscale x 6 x i32> @llvm.vector.interleave3.nxv6i32(<vscale x 2 x i32>, <vscale x 2 x i32>, <vscale x 2 x i32>)
