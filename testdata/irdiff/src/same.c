/* Pair "same": built twice from different directories; only debug info differs. */
extern int ext_log(int level, int value);

int counter = 7;
static const int table[4] = {1, 3, 5, 7};

static int clamp(int v, int lo, int hi)
{
	if (v < lo)
		return lo;
	if (v > hi)
		return hi;
	return v;
}

int sum_to(int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += table[i & 3] * i;
	return clamp(s, 0, 1000);
}

int classify(int k)
{
	switch (k) {
	case 0: return ext_log(1, counter);
	case 1: return ext_log(2, k + counter);
	case 5: counter++; return 42;
	default: return -1;
	}
}
