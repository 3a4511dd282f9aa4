; NVPTX's barriers of LLVM 21 (llvm.nvvm.barrier.cta.*), written for
; LLVM 13 to 19 under the names LLVM 21 upgrades to them.
target triple = "nvptx64-nvidia-cuda"

define void @f(i32 %x, i32 %n) {
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  call void @llvm.nvvm.barrier.cta.sync.aligned.count(i32 %x, i32 %n)
  call void @llvm.nvvm.barrier.cta.sync.all(i32 %x)
  call void @llvm.nvvm.barrier.cta.sync.count(i32 %x, i32 %n)
  ret void
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.barrier.cta.sync.aligned.count(i32, i32)
declare void @llvm.nvvm.barrier.cta.sync.all(i32)
declare void @llvm.nvvm.barrier.cta.sync.count(i32, i32)
