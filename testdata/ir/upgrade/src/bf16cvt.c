// The AArch64 NEON conversions of float to bfloat of clang-19's
// arm_neon.h (llvm.aarch64.neon.bfcvt, bfcvtn, bfcvtn2), which LLVM 22
// rewrites into fptrunc and shufflevector.
#include <arm_neon.h>
bfloat16_t s(float32_t x) { return vcvth_bf16_f32(x); }
bfloat16x4_t n(float32x4_t x) { return vcvt_bf16_f32(x); }
bfloat16x8_t lo(float32x4_t x) { return vcvtq_low_bf16_f32(x); }
bfloat16x8_t hi(bfloat16x8_t a, float32x4_t x) { return vcvtq_high_bf16_f32(a, x); }
