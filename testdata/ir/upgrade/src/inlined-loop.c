/* A loop inlined into a loop of another function (zlib's crc32.c): clang 7
   and 8 leave the inlined loop's !llvm.loop location in the inlined
   function's subprogram, which LLVM 22's verifier refuses: llvm-dis-22
   strips the module's debug info. */
static unsigned multmodp(unsigned a, unsigned b) {
	unsigned m = 1u << 31, p = 0;
	for (;;) {
		if (a & m) {
			p ^= b;
			if ((a & (m - 1)) == 0)
				break;
		}
		m >>= 1;
		b = b & 1 ? (b >> 1) ^ 0xedb88320u : b >> 1;
	}
	return p;
}

unsigned x2nmodp(unsigned long n, unsigned k, const unsigned *table) {
	unsigned p = 1u << 31;
	while (n) {
		if (n & 1)
			p = multmodp(table[k & 31], p);
		n >>= 1;
		k++;
	}
	return p;
}
