/* Source of cgprofile-macho.o: calls whose counts come from cgprofile-sample.txt
 * (a text sample profile), so that -O1 writes __LLVM,__cg_profile. */
int hot(int);
int cold(int);
int caller(int n) {
	int s = 0;
	for (int i = 0; i < n; i++)
		s += hot(i);
	return s + cold(n);
}
