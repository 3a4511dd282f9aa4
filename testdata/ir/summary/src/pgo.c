/* Calls of different hotness under a profile (src/pgo.proftext): the
   hotness: of the call edges of a ThinLTO summary. */
__attribute__((noinline)) int hot_callee(int x) { return x * 3 + 1; }
__attribute__((noinline)) int cold_callee(int x) { return x - 7; }
__attribute__((noinline)) int never(int x) { return x / 5; }

int main(int argc, char **argv) {
	(void)argv;
	int s = 0;
	for (int i = 0; i < 100000; i++)
		s += hot_callee(i);
	if (argc > 5)
		s += never(s);
	s += cold_callee(s);
	return s & 1;
}
