; Generic intrinsics of LLVM 14 that LLVM 22 renames, calls kept
; (experimental.vector.* and flt.rounds), and llvm.thread.pointer, made
; overloaded in LLVM 20: its calls are rebuilt.
target triple = "aarch64-unknown-linux-gnu"

declare <4 x i32> @llvm.experimental.vector.reverse.v4i32(<4 x i32>)
declare <vscale x 4 x i32> @llvm.experimental.vector.insert.nxv4i32.v4i32(<vscale x 4 x i32>, <4 x i32>, i64)
declare <4 x i32> @llvm.experimental.vector.extract.v4i32.nxv4i32(<vscale x 4 x i32>, i64)
declare i32 @llvm.flt.rounds()
declare i8* @llvm.thread.pointer()

define <4 x i32> @f(<4 x i32> %v, <vscale x 4 x i32> %s) {
  %r = tail call <4 x i32> @llvm.experimental.vector.reverse.v4i32(<4 x i32> %v) #0, !foo !0
  %i = call <vscale x 4 x i32> @llvm.experimental.vector.insert.nxv4i32.v4i32(<vscale x 4 x i32> %s, <4 x i32> %r, i64 0)
  %e = call <4 x i32> @llvm.experimental.vector.extract.v4i32.nxv4i32(<vscale x 4 x i32> %i, i64 4)
  %m = call i32 @llvm.flt.rounds()
  %t = tail call i8* @llvm.thread.pointer() #0, !foo !0
  ret <4 x i32> %e
}

attributes #0 = { nounwind }

!0 = !{i32 1}
