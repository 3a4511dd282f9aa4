; Named calls of llvm.aarch64.sve.fcvt.bf16f32 and fcvtnt.bf16f32, one a
; tail call with fast-math flags and attributes, one of a constant
; predicate: LLVM 22's .v2 calls are plain, named after the old ones while
; those still hold the names (%r becomes %r1, %s %s2, ...).
target triple = "aarch64-unknown-linux-gnu"

define <vscale x 8 x bfloat> @c(<vscale x 8 x bfloat> %a, <vscale x 8 x i1> %pg, <vscale x 4 x float> %x) {
  %r = tail call fast <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32(<vscale x 8 x bfloat> %a, <vscale x 8 x i1> %pg, <vscale x 4 x float> %x) #0
  %s = call <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvtnt.bf16f32(<vscale x 8 x bfloat> %r, <vscale x 8 x i1> %pg, <vscale x 4 x float> %x)
  %t = call <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32(<vscale x 8 x bfloat> %s, <vscale x 8 x i1> zeroinitializer, <vscale x 4 x float> %x)
  ret <vscale x 8 x bfloat> %t
}

define <8 x bfloat> @n(float %x, <4 x float> %v, <8 x bfloat> %a) {
  %r = call bfloat @llvm.aarch64.neon.bfcvt(float %x)
  %q = call <8 x bfloat> @llvm.aarch64.neon.bfcvtn2(<8 x bfloat> %a, <4 x float> %v)
  %w = insertelement <8 x bfloat> %q, bfloat %r, i32 0
  ret <8 x bfloat> %w
}

declare <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvt.bf16f32(<vscale x 8 x bfloat>, <vscale x 8 x i1>, <vscale x 4 x float>)
declare <vscale x 8 x bfloat> @llvm.aarch64.sve.fcvtnt.bf16f32(<vscale x 8 x bfloat>, <vscale x 8 x i1>, <vscale x 4 x float>)
declare bfloat @llvm.aarch64.neon.bfcvt(float)
declare <8 x bfloat> @llvm.aarch64.neon.bfcvtn2(<8 x bfloat>, <4 x float>)

attributes #0 = { nounwind }
