; MVE's vrintn of LLVM 15: LLVM 22 makes llvm.roundeven of the fixed
; vector one and keeps the scalable one as it is (it matches
; "mve.vrintn.v"; scripts/probe_upgrades.py --variants found it).
declare <vscale x 4 x float> @llvm.arm.mve.vrintn.nxv4f32(<vscale x 4 x float>)
declare <4 x float> @llvm.arm.mve.vrintn.v4f32(<4 x float>)

define <vscale x 4 x float> @scalable(<vscale x 4 x float> %a) {
  %r = tail call <vscale x 4 x float> @llvm.arm.mve.vrintn.nxv4f32(<vscale x 4 x float> %a)
  ret <vscale x 4 x float> %r
}

define <4 x float> @fixed(<4 x float> %a) {
  %r = tail call <4 x float> @llvm.arm.mve.vrintn.v4f32(<4 x float> %a)
  ret <4 x float> %r
}
