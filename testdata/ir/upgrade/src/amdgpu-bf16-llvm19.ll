; LLVM 19's AMDGPU global and flat atomic fadd of <2 x i16> (bfloat
; pairs): LLVM 22 makes them atomicrmw fadd of <2 x bfloat>, bitcast to and
; from; and the LDS one (ds.fadd).
target triple = "amdgcn-amd-amdhsa"
define void @f(ptr %p, ptr addrspace(1) %g, <2 x i16> %v, ptr addrspace(3) %l) {
  %a = call <2 x i16> @llvm.amdgcn.flat.atomic.fadd.v2bf16.p0(ptr %p, <2 x i16> %v)
  %b = call <2 x i16> @llvm.amdgcn.global.atomic.fadd.v2bf16.p1(ptr addrspace(1) %g, <2 x i16> %v)
  %c = call <2 x i16> @llvm.amdgcn.ds.fadd.v2bf16(ptr addrspace(3) %l, <2 x i16> %v)
  ret void
}
declare <2 x i16> @llvm.amdgcn.flat.atomic.fadd.v2bf16.p0(ptr, <2 x i16>)
declare <2 x i16> @llvm.amdgcn.global.atomic.fadd.v2bf16.p1(ptr addrspace(1), <2 x i16>)
declare <2 x i16> @llvm.amdgcn.ds.fadd.v2bf16(ptr addrspace(3), <2 x i16>)
