/* Loops over records of three elements (pixels, points): at -O3 for
 * RISC-V's vector extension, LLVM 22's loop vectorizer reads and writes
 * them with llvm.vector.deinterleave3 and interleave3 of scalable
 * vectors (LLVM 21's). */
void gray(unsigned char *restrict out, const unsigned char *restrict in, int n) {
	for (int i = 0; i < n; i++)
		out[i] = (in[3 * i] * 77 + in[3 * i + 1] * 150 + in[3 * i + 2] * 29) >> 8;
}

void split(float *restrict a, float *restrict b, float *restrict c, const float *restrict in, int n) {
	for (int i = 0; i < n; i++) {
		a[i] = in[3 * i];
		b[i] = in[3 * i + 1] * 2;
		c[i] = in[3 * i + 2] + 1;
	}
}

void join(float *restrict out, const float *a, const float *b, const float *c, int n) {
	for (int i = 0; i < n; i++) {
		out[3 * i] = a[i];
		out[3 * i + 1] = b[i];
		out[3 * i + 2] = c[i];
	}
}
