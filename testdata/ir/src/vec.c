/* Vector code: loops the auto-vectorizer turns into wide SIMD (AVX-512 on
 * x86-64-v4, NEON on AArch64, RVV on RISC-V), reductions, gathers, masked
 * tails, and explicit vector extensions. */
typedef float v8f __attribute__((vector_size(32)));
typedef int v4i __attribute__((vector_size(16)));

void saxpy(int n, float a, const float *restrict x, float *restrict y) {
	for (int i = 0; i < n; i++)
		y[i] = a * x[i] + y[i];
}

float dot(int n, const float *x, const float *y) {
	float s = 0;
	for (int i = 0; i < n; i++)
		s += x[i] * y[i];
	return s;
}

long sum_gather(int n, const int *idx, const long *data) {
	long s = 0;
	for (int i = 0; i < n; i++)
		s += data[idx[i]];
	return s;
}

void clamp(int n, int *v, int lo, int hi) {
	for (int i = 0; i < n; i++)
		v[i] = v[i] < lo ? lo : (v[i] > hi ? hi : v[i]);
}

unsigned char max_u8(int n, const unsigned char *p) {
	unsigned char m = 0;
	for (int i = 0; i < n; i++)
		if (p[i] > m)
			m = p[i];
	return m;
}

void convert(int n, const double *in, float *out, short *q) {
	for (int i = 0; i < n; i++) {
		out[i] = (float)in[i];
		q[i] = (short)(in[i] * 100.0);
	}
}

v8f vmix(v8f a, v8f b, v4i m) {
	v8f r = a * b + (v8f){1, 2, 3, 4, 5, 6, 7, 8};
	return __builtin_shufflevector(r, a, 0, 9, 2, 11, 4, 13, 6, 15) + (float)m[1];
}
