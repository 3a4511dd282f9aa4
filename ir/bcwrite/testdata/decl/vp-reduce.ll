; llvm.vp.merge and llvm.vp.reduce.* (LLVM 14), as LLVM 22's loop
; vectorizer makes them for reductions with an explicit vector length
; (RISC-V's V): given to LLVM 13 as the select and llvm.vector.reduce.*
; they stand for (bcwrite's olderVPCalls). (Names that share no bucket of
; LLVM's symbol table, so that the file is a fixed point of opt-22.)
define <vscale x 4 x i32> @merge(<vscale x 4 x i32> %x, <vscale x 4 x i32> %y, i32 %evl) {
  %r = call <vscale x 4 x i32> @llvm.vp.merge.nxv4i32(<vscale x 4 x i1> splat (i1 true), <vscale x 4 x i32> %x, <vscale x 4 x i32> %y, i32 %evl)
  ret <vscale x 4 x i32> %r
}

define float @fsum(float %s, <vscale x 4 x float> %v, i32 %evl) {
  %r = call float @llvm.vp.reduce.fadd.nxv4f32(float %s, <vscale x 4 x float> %v, <vscale x 4 x i1> splat (i1 true), i32 %evl)
  %q = call reassoc float @llvm.vp.reduce.fadd.nxv4f32(float %r, <vscale x 4 x float> %v, <vscale x 4 x i1> splat (i1 true), i32 %evl)
  ret float %q
}

define i8 @smax(i8 %s, <4 x i8> %v, <4 x i1> %m, i32 %evl) {
  %r = call i8 @llvm.vp.reduce.smax.v4i8(i8 %s, <4 x i8> %v, <4 x i1> %m, i32 %evl)
  ret i8 %r
}

declare <vscale x 4 x i32> @llvm.vp.merge.nxv4i32(<vscale x 4 x i1>, <vscale x 4 x i32>, <vscale x 4 x i32>, i32)
declare float @llvm.vp.reduce.fadd.nxv4f32(float, <vscale x 4 x float>, <vscale x 4 x i1>, i32)
declare i8 @llvm.vp.reduce.smax.v4i8(i8, <4 x i8>, <4 x i1>, i32)
