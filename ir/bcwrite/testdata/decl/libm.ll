; Math intrinsics newer than LLVM 16 (llvm.tan, llvm.acos, llvm.exp10,
; llvm.ldexp: 19; llvm.atan2: 20), as clang 22 -ffast-math calls them,
; which a reader that lacks one is given as the C library's function.
define double @angles(double %x, double %y, float %z) {
  %a = call fast double @llvm.acos.f64(double %x)
  %t = call fast float @llvm.tan.f32(float %z)
  %text = fpext float %t to double
  %at = call fast double @llvm.atan2.f64(double %x, double %y)
  %sum = fadd fast double %a, %text
  %r = fadd fast double %sum, %at
  ret double %r
}

define float @scale(double %x, i32 %n, float %e) {
  %l = call double @llvm.ldexp.f64.i32(double %x, i32 %n)
  %p = call float @llvm.exp10.f32(float %e)
  %lt = fptrunc double %l to float
  %r = fmul float %lt, %p
  ret float %r
}

declare double @llvm.acos.f64(double)
declare float @llvm.tan.f32(float)
declare double @llvm.atan2.f64(double, double)
declare double @llvm.ldexp.f64.i32(double, i32)
declare float @llvm.exp10.f32(float)
