; llvm.ldexp (LLVM 17) of an AMDGPU module: written for LLVM 13 to 16 as
; llvm.amdgcn.ldexp of the float type, which LLVM 17 on upgrades back.
target triple = "amdgcn-amd-amdhsa"

define float @f(float %x, i32 %e) {
  %r = call float @llvm.ldexp.f32.i32(float %x, i32 %e)
  ret float %r
}

define double @d(double %x, i32 %e) {
  %r = tail call double @llvm.ldexp.f64.i32(double %x, i32 %e)
  ret double %r
}

define half @h(half %x, i32 %e) {
  %r = call half @llvm.ldexp.f16.i32(half %x, i32 %e)
  ret half %r
}

declare float @llvm.ldexp.f32.i32(float, i32)
declare double @llvm.ldexp.f64.i32(double, i32)
declare half @llvm.ldexp.f16.i32(half, i32)
