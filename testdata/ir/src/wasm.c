/* WebAssembly: imports/exports by attribute, reference to the memory,
 * tail calls, bulk memory, SIMD128 via vector extensions. */
typedef int v4i __attribute__((vector_size(16)));

__attribute__((import_module("env"), import_name("host_log"))) void host_log(int);
__attribute__((export_name("compute"))) int compute(int n) {
	int s = 0;
	for (int i = 0; i < n; i++)
		s += i * i;
	host_log(s);
	return s;
}

v4i vadd(v4i a, v4i b) { return a + b * 3; }

void copy(char *d, const char *s, unsigned long n) { __builtin_memcpy(d, s, n); }

int fact(int n, int acc) {
	if (n <= 1)
		return acc;
	__attribute__((musttail)) return fact(n - 1, acc * n);
}
