; AMDGPU intrinsics of LLVM 14 that llvm-dis-22 rewrites: the atomics
; become atomicrmw at agent scope, with !amdgpu.no.fine.grained.memory
; outside LDS, !noalias.addrspace on flat pointers and
; !amdgpu.ignore.denormal.mode on float fadds of global and flat memory;
; llvm.amdgcn.ldexp becomes llvm.ldexp (calls kept). The module flag
; amdgpu_code_object_version is renamed amdhsa_code_object_version.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.atomic.inc.i32.p0i32(i32*, i32, i32, i32, i1)
declare i64 @llvm.amdgcn.atomic.dec.i64.p1i64(i64 addrspace(1)*, i64, i32, i32, i1)
declare i32 @llvm.amdgcn.atomic.inc.i32.p3i32(i32 addrspace(3)*, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.atomic.inc.i32.p5i32(i32 addrspace(5)*, i32, i32, i32, i1)
declare float @llvm.amdgcn.global.atomic.fadd.f32.p1f32.f32(float addrspace(1)*, float)
declare double @llvm.amdgcn.global.atomic.fadd.f64.p1f64.f64(double addrspace(1)*, double)
declare <2 x half> @llvm.amdgcn.global.atomic.fadd.v2f16.p1v2f16.v2f16(<2 x half> addrspace(1)*, <2 x half>)
declare float @llvm.amdgcn.flat.atomic.fadd.f32.p0f32.f32(float*, float)
declare double @llvm.amdgcn.flat.atomic.fmin.f64.p0f64.f64(double*, double)
declare double @llvm.amdgcn.global.atomic.fmax.f64.p1f64.f64(double addrspace(1)*, double)
declare float @llvm.amdgcn.ds.fadd.f32(float addrspace(3)*, float, i32, i32, i1)
declare float @llvm.amdgcn.ldexp.f32(float, i32)
declare double @llvm.amdgcn.ldexp.f64(double, i32)
declare half @llvm.amdgcn.ldexp.f16(half, i32)

define void @inc(i32* %p, i64 addrspace(1)* %q, i32 addrspace(3)* %l, i32 addrspace(5)* %s, i32 %v) {
  %a = tail call i32 @llvm.amdgcn.atomic.inc.i32.p0i32(i32* %p, i32 %v, i32 0, i32 0, i1 false) #0, !foo !0
  %b = call i32 @llvm.amdgcn.atomic.inc.i32.p0i32(i32* %p, i32 %v, i32 1, i32 1, i1 true)
  %c = call i32 @llvm.amdgcn.atomic.inc.i32.p0i32(i32* %p, i32 %v, i32 3, i32 2, i1 false)
  %d = call i64 @llvm.amdgcn.atomic.dec.i64.p1i64(i64 addrspace(1)* %q, i64 7, i32 4, i32 3, i1 false)
  %e = call i64 @llvm.amdgcn.atomic.dec.i64.p1i64(i64 addrspace(1)* %q, i64 7, i32 8, i32 4, i1 false)
  %g = call i32 @llvm.amdgcn.atomic.inc.i32.p3i32(i32 addrspace(3)* %l, i32 %v, i32 2, i32 9, i1 false)
  %h = call i32 @llvm.amdgcn.atomic.inc.i32.p5i32(i32 addrspace(5)* %s, i32 %v, i32 6, i32 5, i1 false)
  ret void
}

define void @fadd(float addrspace(1)* %g, double addrspace(1)* %gd, <2 x half> addrspace(1)* %gh, float* %p, double* %pd, float addrspace(3)* %l) {
  %a = call float @llvm.amdgcn.global.atomic.fadd.f32.p1f32.f32(float addrspace(1)* %g, float 1.0)
  %b = call double @llvm.amdgcn.global.atomic.fadd.f64.p1f64.f64(double addrspace(1)* %gd, double 1.0)
  %c = call <2 x half> @llvm.amdgcn.global.atomic.fadd.v2f16.p1v2f16.v2f16(<2 x half> addrspace(1)* %gh, <2 x half> zeroinitializer)
  %d = call float @llvm.amdgcn.flat.atomic.fadd.f32.p0f32.f32(float* %p, float 1.0)
  %e = call double @llvm.amdgcn.flat.atomic.fmin.f64.p0f64.f64(double* %pd, double 1.0)
  %h = call double @llvm.amdgcn.global.atomic.fmax.f64.p1f64.f64(double addrspace(1)* %gd, double 1.0)
  %i = call float @llvm.amdgcn.ds.fadd.f32(float addrspace(3)* %l, float 1.0, i32 0, i32 0, i1 false)
  %j = call float @llvm.amdgcn.ds.fadd.f32(float addrspace(3)* %l, float 1.0, i32 2, i32 0, i1 true)
  ret void
}

define float @ldexp(float %x, i32 %n, double %d, half %h) {
  %a = tail call nnan float @llvm.amdgcn.ldexp.f32(float %x, i32 %n) #0, !foo !0
  %b = call double @llvm.amdgcn.ldexp.f64(double %d, i32 %n)
  %c = call half @llvm.amdgcn.ldexp.f16(half %h, i32 %n)
  ret float %a
}

attributes #0 = { nounwind }

!llvm.module.flags = !{!1}

!0 = !{i32 1}
!1 = !{i32 1, !"amdgpu_code_object_version", i32 400}
