; llvm.vector.splice of LLVM 19: LLVM 22 calls llvm.vector.splice.left for
; offsets from 0 up, llvm.vector.splice.right of the negated offset for
; negative ones; the calls are rebuilt unnamed, each declaration made at
; its first call.
declare <4 x i32> @llvm.vector.splice.v4i32(<4 x i32>, <4 x i32>, i32)
declare <vscale x 4 x i32> @llvm.vector.splice.nxv4i32(<vscale x 4 x i32>, <vscale x 4 x i32>, i32)
define <4 x i32> @f(<4 x i32> %a, <4 x i32> %b, <vscale x 4 x i32> %c) {
  %x = tail call <4 x i32> @llvm.vector.splice.v4i32(<4 x i32> %a, <4 x i32> %b, i32 1) #0
  %y = call <4 x i32> @llvm.vector.splice.v4i32(<4 x i32> %x, <4 x i32> %b, i32 -2)
  %z = call <4 x i32> @llvm.vector.splice.v4i32(<4 x i32> %y, <4 x i32> %b, i32 0)
  %w = call <vscale x 4 x i32> @llvm.vector.splice.nxv4i32(<vscale x 4 x i32> %c, <vscale x 4 x i32> %c, i32 -1)
  ret <4 x i32> %z
}
attributes #0 = { nounwind }
