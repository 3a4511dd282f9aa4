; Floating-point constants of every type and their spellings: decimal when
; it round-trips, hexadecimal otherwise; zeros, infinities, NaNs with
; payloads, denormals, extremes.
source_filename = "fp.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@d.zero = global double 0.0
@d.negzero = global double -0.0
@d.one = global double 1.0
@d.neg = global double -2.5
@d.tenth = global double 0.1
@d.third = global double 0x3FD5555555555555
@d.big = global double 1.0e300
@d.small = global double 1.0e-300
@d.max = global double 0x7FEFFFFFFFFFFFFF
@d.min.normal = global double 0x0010000000000000
@d.denormal = global double 0x0000000000000001
@d.inf = global double 0x7FF0000000000000
@d.neginf = global double 0xFFF0000000000000
@d.nan = global double 0x7FF8000000000000
@d.negnan = global double 0xFFF8000000000000
@d.snan = global double 0x7FF0000000000001
@d.nan.payload = global double 0x7FF80000DEADBEEF
@d.exact6 = global double 123456.0
@d.exact7 = global double 1234567.0
@d.round = global double 1.25e-1
@d.pi = global double 3.14159265358979
@d.e17 = global double 1.0e17
@d.e15 = global double 1.0e15
@d.1e6 = global double 1.000000e+06
@d.manydigits = global double 1.234567e+00
@d.sevendigits = global double 1.2345678e+00

@f.zero = global float 0.0
@f.negzero = global float -0.0
@f.one = global float 1.0
@f.tenth = global float 0x3FB99999A0000000
@f.half = global float 0.5
@f.max = global float 0x47EFFFFFE0000000
@f.denormal = global float 0x36A0000000000000
@f.inf = global float 0x7FF0000000000000
@f.neginf = global float 0xFFF0000000000000
@f.nan = global float 0x7FF8000000000000
@f.snan = global float 0x7FF0000020000000
@f.nan.payload = global float 0x7FFC000060000000
@f.big = global float 0x46293E5940000000
@f.exact = global float 16777216.0

@h.one = global half 1.0
@h.zero = global half 0.0
@h.negzero = global half -0.0
@h.inf = global half 0xH7C00
@h.nan = global half 0xH7E00
@h.denormal = global half 0xH0001
@h.max = global half 0xH7BFF
@b.one = global bfloat 1.0
@b.nan = global bfloat 0xR7FC0
@b.inf = global bfloat 0xRFF80
@b.max = global bfloat 0xR7F7F
@x.one = global x86_fp80 0xK3FFF8000000000000000
@x.zero = global x86_fp80 0xK00000000000000000000
@x.negzero = global x86_fp80 0xK80000000000000000000
@x.inf = global x86_fp80 0xK7FFF8000000000000000
@x.nan = global x86_fp80 0xK7FFFC000000000000000
@x.pi = global x86_fp80 0xK4000C90FDAA22168C235
@q.one = global fp128 0xL00000000000000003FFF000000000000
@q.zero = global fp128 0xL00000000000000000000000000000000
@q.negzero = global fp128 0xL00000000000000008000000000000000
@q.inf = global fp128 0xL00000000000000007FFF000000000000
@q.nan = global fp128 0xL00000000000000007FFF800000000000
@m.one = global ppc_fp128 0xM3FF00000000000000000000000000000
@m.zero = global ppc_fp128 0xM00000000000000000000000000000000
@m.twopart = global ppc_fp128 0xM3FF00000000000003C90000000000000

@vec.f = global <4 x float> <float 1.0, float 0x3FB99999A0000000, float 0x7FF0000000000000, float -0.0>
@vec.d = global <2 x double> <double 0x7FF8000000000000, double 1.0e-5>
@vec.h = global <2 x half> <half 1.0, half 0xH3555>
@splat.h = global <4 x half> splat (half 0xH3C00)
@splat.d = global <2 x double> splat (double 0.1)
@arr.x = global [2 x x86_fp80] [x86_fp80 0xK3FFF8000000000000000, x86_fp80 0xK00000000000000000000]
@arr.q = global [1 x fp128] [fp128 0xL00000000000000003FFF000000000000]
@arr.m = global [1 x ppc_fp128] [ppc_fp128 0xM3FF00000000000000000000000000000]

define double @in.code(double %x, float %y, half %h) {
  %a = fadd double %x, 0.1
  %b = fmul double %a, -0.0
  %c = fdiv double %b, 0x7FF0000000000000
  %d = fadd float %y, 0x3FB99999A0000000
  %e = fsub half %h, 0xH3C00
  %f = fcmp oeq float %d, 0x7FF8000000000000
  %g = select i1 %f, double %c, double 1.0e100
  ret double %g
}
