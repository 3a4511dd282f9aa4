; NVPTX intrinsics of LLVM 17 that clang 16's CUDA headers spelled as
; inline assembly, which a reader that lacks them is given as that.
target triple = "nvptx64-nvidia-cuda"

define i64 @lanes_and_time() {
  %mask = call i32 @llvm.nvvm.activemask()
  %time = call i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
  %wide = zext i32 %mask to i64
  %r = add i64 %wide, %time
  ret i64 %r
}

declare i32 @llvm.nvvm.activemask()
declare i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
