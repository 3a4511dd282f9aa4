/* Single-object fixtures (ELF, Mach-O, COFF, marker, fat LTO, universal). */
static int sq(int x) { return x * x; }
int add(int a, int b) { return a + b; }
int calc(int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s = add(s, sq(i));
	return s;
}
