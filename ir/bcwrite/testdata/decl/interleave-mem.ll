; Interleaves of scalable vectors a reader lacks, given through a stack
; slot (bcwrite's memInterleave): llvm.vector.interleave3 of float (LLVM
; 21), called twice, the second time in a loop (one slot, at the entry);
; llvm.vector.deinterleave3 of i1 (widened to i8: a vector of i1 is
; stored packed); and llvm.vector.interleave2 of i64 (LLVM 19: for 13 to
; 16 only). Those of pointers are refused: see called-new-intrinsic.ll.
; (Names that share no bucket of LLVM's symbol table, so that the file is
; a fixed point of opt-22.)
define <vscale x 6 x float> @il3(<vscale x 2 x float> %a, <vscale x 2 x float> %b, <vscale x 2 x float> %c, i64 %n) {
  %1 = call <vscale x 6 x float> @llvm.vector.interleave3.nxv6f32(<vscale x 2 x float> %a, <vscale x 2 x float> %b, <vscale x 2 x float> %c)
  br label %2

2:
  %3 = phi i64 [ 0, %0 ], [ %6, %2 ]
  %4 = phi <vscale x 6 x float> [ %1, %0 ], [ %5, %2 ]
  %again = call <vscale x 6 x float> @llvm.vector.interleave3.nxv6f32(<vscale x 2 x float> %c, <vscale x 2 x float> %b, <vscale x 2 x float> %a)
  %5 = fadd <vscale x 6 x float> %4, %again
  %6 = add i64 %3, 1
  %7 = icmp eq i64 %6, %n
  br i1 %7, label %8, label %2

8:
  ret <vscale x 6 x float> %5
}

define <vscale x 4 x i1> @de3(<vscale x 12 x i1> %m) {
  %r = call { <vscale x 4 x i1>, <vscale x 4 x i1>, <vscale x 4 x i1> } @llvm.vector.deinterleave3.nxv12i1(<vscale x 12 x i1> %m)
  %x = extractvalue { <vscale x 4 x i1>, <vscale x 4 x i1>, <vscale x 4 x i1> } %r, 2
  ret <vscale x 4 x i1> %x
}

define <vscale x 4 x i64> @il2(<vscale x 2 x i64> %p, <vscale x 2 x i64> %q) {
  %r = call <vscale x 4 x i64> @llvm.vector.interleave2.nxv4i64(<vscale x 2 x i64> %p, <vscale x 2 x i64> %q)
  ret <vscale x 4 x i64> %r
}

declare <vscale x 6 x float> @llvm.vector.interleave3.nxv6f32(<vscale x 2 x float>, <vscale x 2 x float>, <vscale x 2 x float>)
declare { <vscale x 4 x i1>, <vscale x 4 x i1>, <vscale x 4 x i1> } @llvm.vector.deinterleave3.nxv12i1(<vscale x 12 x i1>)
declare <vscale x 4 x i64> @llvm.vector.interleave2.nxv4i64(<vscale x 2 x i64>, <vscale x 2 x i64>)
