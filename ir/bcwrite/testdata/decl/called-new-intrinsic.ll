; Intrinsics LLVM 19 lacks: llvm.vector.interleave3 (LLVM 21) of scalable
; vectors of pointers, declared and called, which is refused for LLVM 19
; (bcwrite's checkUnknownCalls; of fixed-length vectors it would be given
; as shufflevectors, see interleave-fixed.ll, and of scalable vectors of
; numbers through memory, see interleave-mem.ll);
; llvm.minimumnum (LLVM 20), called, which is given as compares and
; selects; and llvm.maximumnum, declared and not called.
define double @f(double %x, double %y) {
  %r = call double @llvm.minimumnum.f64(double %x, double %y)
  ret double %r
}

define <vscale x 6 x ptr> @g(<vscale x 2 x ptr> %p, <vscale x 2 x ptr> %q, <vscale x 2 x ptr> %s) {
  %r = call <vscale x 6 x ptr> @llvm.vector.interleave3.nxv6p0(<vscale x 2 x ptr> %p, <vscale x 2 x ptr> %q, <vscale x 2 x ptr> %s)
  ret <vscale x 6 x ptr> %r
}

declare double @llvm.minimumnum.f64(double, double)
declare double @llvm.maximumnum.f64(double, double)
declare <vscale x 6 x ptr> @llvm.vector.interleave3.nxv6p0(<vscale x 2 x ptr>, <vscale x 2 x ptr>, <vscale x 2 x ptr>)
