; NVVM barriers and atomics as LLVM 19 writes them (opaque pointers):
; llvm-dis-22 rewrites them as it does LLVM 14's.
target triple = "nvptx64-nvidia-cuda"

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync(i32)
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr, i32)
declare float @llvm.nvvm.atomic.load.add.f32.p3(ptr addrspace(3), float)

define i32 @f(ptr %q, ptr addrspace(3) %s, i32 %a) {
  call void @llvm.nvvm.barrier0()
  %w = call i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr %q, i32 %a)
  call void @llvm.nvvm.barrier.sync(i32 0)
  %f = call float @llvm.nvvm.atomic.load.add.f32.p3(ptr addrspace(3) %s, float 2.0)
  %p = call i32 @llvm.nvvm.barrier0.popc(i32 %w)
  call void @llvm.nvvm.barrier0()
  ret i32 %p
}

define void @declared_only() {
  ret void
}
