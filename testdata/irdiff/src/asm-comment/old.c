/* Inline assembly and a call to a function with a warning attribute: clang
   attaches !srcloc (the byte offset of each asm line, of the call) to both. */
extern void deprecated_hook(void) __attribute__((warning("do not call")));

int read_flags(void) {
	int r;
	__asm__ volatile("pushf\n\tpop %q0" : "=r"(r));
	return r;
}

void fence(void) { __asm__ volatile("" ::: "memory"); }

int checked(int x) {
	if (x > 100)
		deprecated_hook();
	return read_flags() & x;
}
