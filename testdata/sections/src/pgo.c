/* Profiled program for bbmap-pgo.o and cgprofile.o. No headers: the same
   source is built hosted (instrumented, run to collect a profile) and
   freestanding (the fixtures). Deterministic: the run always gives the same
   counts. */
__attribute__((noinline)) int is_prime(unsigned n)
{
	if (n < 2)
		return 0;
	for (unsigned d = 2; d * d <= n; d++)
		if (n % d == 0)
			return 0;
	return 1;
}

__attribute__((noinline)) unsigned collatz(unsigned n)
{
	unsigned steps = 0;
	while (n != 1) {
		if (n & 1)
			n = 3 * n + 1;
		else
			n /= 2;
		steps++;
	}
	return steps;
}

__attribute__((noinline)) unsigned mix(unsigned a, unsigned b)
{
	if (a > b)
		return a ^ (b << 3);
	return b - a;
}

__attribute__((noinline)) unsigned never(unsigned x)
{
	return x * 7 + 1;
}

volatile unsigned sink;

int main(int argc, char **argv)
{
	(void)argv;
	unsigned acc = 0;
	for (unsigned i = 1; i < 3000; i++) {
		if (is_prime(i))
			acc += collatz(i);
		else if (i % 3 == 0)
			acc = mix(acc, i);
		else if (argc > 5)
			acc = never(acc);
	}
	sink = acc;
	return 0;
}
