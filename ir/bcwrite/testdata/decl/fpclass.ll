; llvm.is.fpclass (LLVM 15), which a reader before LLVM 15 is given as the
; tests of the value's bits it stands for: isnormal() as clang 22 -O2
; makes it, libclc's tests, a vector, and the formats of 16 and 128 bits.
define i1 @isnormal(double %x) {
  %r = call i1 @llvm.is.fpclass.f64(double %x, i32 264)
  ret i1 %r
}

define i1 @posinf_or_nan(float %x) {
  %r = call i1 @llvm.is.fpclass.f32(float %x, i32 515)
  ret i1 %r
}

define i1 @snan_or_negsub(half %x) {
  %r = call i1 @llvm.is.fpclass.f16(half %x, i32 17)
  ret i1 %r
}

define <4 x i1> @qnan_or_zero(<4 x float> %x) {
  %r = call <4 x i1> @llvm.is.fpclass.v4f32(<4 x float> %x, i32 98)
  ret <4 x i1> %r
}

define i1 @finite(fp128 %x, bfloat %y, bfloat %z) {
  %fin = call i1 @llvm.is.fpclass.f128(fp128 %x, i32 504)
  %none = call i1 @llvm.is.fpclass.bf16(bfloat %y, i32 0)
  %all = call i1 @llvm.is.fpclass.bf16(bfloat %z, i32 1023)
  %either = or i1 %fin, %none
  %r = and i1 %either, %all
  ret i1 %r
}

declare i1 @llvm.is.fpclass.f64(double, i32 immarg)
declare i1 @llvm.is.fpclass.f32(float, i32 immarg)
declare i1 @llvm.is.fpclass.f16(half, i32 immarg)
declare <4 x i1> @llvm.is.fpclass.v4f32(<4 x float>, i32 immarg)
declare i1 @llvm.is.fpclass.f128(fp128, i32 immarg)
declare i1 @llvm.is.fpclass.bf16(bfloat, i32 immarg)
