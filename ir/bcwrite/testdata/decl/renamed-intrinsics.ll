; Intrinsics LLVM renamed without changing them: older readers know them
; by their old names (convert --llvm N writes those).
target triple = "x86_64-unknown-linux-gnu"

define <vscale x 4 x i32> @step() {
  %s = call <vscale x 4 x i32> @llvm.stepvector.nxv4i32()
  ret <vscale x 4 x i32> %s
}

define <4 x i32> @rev(<4 x i32> %v) {
  %r = call <4 x i32> @llvm.vector.reverse.v4i32(<4 x i32> %v)
  ret <4 x i32> %r
}

define i32 @rounding() {
  %r = call i32 @llvm.get.rounding()
  ret i32 %r
}

declare <vscale x 4 x i32> @llvm.stepvector.nxv4i32()
declare <4 x i32> @llvm.vector.reverse.v4i32(<4 x i32>)
declare i32 @llvm.get.rounding()
