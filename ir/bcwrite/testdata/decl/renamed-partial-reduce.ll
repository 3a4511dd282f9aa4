; llvm.vector.partial.reduce.add, llvm.experimental.vector.partial.reduce.add
; in LLVM 19 (convert --llvm 19 writes that name; 15 and 16 have none).
target triple = "x86_64-unknown-linux-gnu"

define <4 x i32> @partial(<4 x i32> %acc, <16 x i32> %in) {
  %p = call <4 x i32> @llvm.vector.partial.reduce.add.v4i32.v16i32(<4 x i32> %acc, <16 x i32> %in)
  ret <4 x i32> %p
}

declare <4 x i32> @llvm.vector.partial.reduce.add.v4i32.v16i32(<4 x i32>, <16 x i32>)
