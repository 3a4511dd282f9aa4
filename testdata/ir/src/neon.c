/* AArch64 NEON intrinsics and auto-vectorized loops. */
#include <arm_neon.h>

float32x4_t fma4(float32x4_t a, float32x4_t b, float32x4_t c) { return vfmaq_f32(a, b, c); }

uint8x16_t absdiff(uint8x16_t a, uint8x16_t b) { return vabdq_u8(a, b); }

int32_t hsum(int32x4_t v) { return vaddvq_s32(v); }

void add_arrays(int n, const int16_t *a, const int16_t *b, int16_t *out) {
	int i = 0;
	for (; i + 8 <= n; i += 8)
		vst1q_s16(out + i, vqaddq_s16(vld1q_s16(a + i), vld1q_s16(b + i)));
	for (; i < n; i++)
		out[i] = a[i] + b[i];
}

float32x2_t pairwise(float32x4_t v) { return vpadd_f32(vget_low_f32(v), vget_high_f32(v)); }

uint16x8_t widen(uint8x8_t a, uint8x8_t b) { return vmull_u8(a, b); }

float32x4x2_t zip(float32x4_t a, float32x4_t b) { return vzipq_f32(a, b); }

void scale(int n, float *x, float k) {
	for (int i = 0; i < n; i++)
		x[i] *= k;
}
