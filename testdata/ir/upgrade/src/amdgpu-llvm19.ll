; AMDGPU atomics as LLVM 19 wrote them (opaque pointers): the old
; global.atomic.fmax and atomic.cond.sub.u32 become atomicrmw;
; global.atomic.fmax.num, an intrinsic of LLVM 22, is only remangled.
target triple = "amdgcn-amd-amdhsa"

declare float @llvm.amdgcn.global.atomic.fmax.num.f32.p1(ptr addrspace(1), float)
declare float @llvm.amdgcn.global.atomic.fmax.f32.p1.f32(ptr addrspace(1), float)
declare float @llvm.amdgcn.global.atomic.fadd.f32.p1.f32(ptr addrspace(1), float)
declare i32 @llvm.amdgcn.atomic.cond.sub.u32.p0(ptr, i32)
declare i32 @llvm.amdgcn.atomic.inc.i32.p3(ptr addrspace(3), i32, i32, i32, i1)

define float @f(ptr addrspace(1) %p, float %v, ptr %q, ptr addrspace(3) %l, i32 %i) {
  %a = call float @llvm.amdgcn.global.atomic.fmax.num.f32.p1(ptr addrspace(1) %p, float %v)
  %b = call float @llvm.amdgcn.global.atomic.fmax.f32.p1.f32(ptr addrspace(1) %p, float %a)
  %c = tail call float @llvm.amdgcn.global.atomic.fadd.f32.p1.f32(ptr addrspace(1) %p, float %b) #0
  %d = call i32 @llvm.amdgcn.atomic.cond.sub.u32.p0(ptr %q, i32 %i)
  %e = call i32 @llvm.amdgcn.atomic.inc.i32.p3(ptr addrspace(3) %l, i32 %d, i32 7, i32 1, i1 false)
  ret float %c
}

attributes #0 = { nounwind }
