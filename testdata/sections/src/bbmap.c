/* Freestanding: a few functions with loops, branches and calls, for the
   basic-block address map fixtures. */
static int table[16] = {3, -1, 4, -1, 5, -9, 2, 6, -5, 3, 5, -8, 9, 7, -9, 3};

__attribute__((noinline)) static int sq(int x) { return x * x; }

__attribute__((noinline)) int sum(const int *a, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++) {
		if (a[i] > 0)
			s += sq(a[i]);
		else
			s -= a[i];
	}
	return s;
}

__attribute__((noinline)) int classify(int x)
{
	switch (x & 7) {
	case 0: return 10;
	case 1: return sq(x);
	case 2: return x + 3;
	case 5: return -x;
	default: break;
	}
	return x > 100 ? 1 : 0;
}

__attribute__((noinline)) int search(const int *a, int n, int key)
{
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (a[mid] == key)
			return mid;
		if (a[mid] < key)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

int main(void)
{
	int acc = sum(table, 16);
	for (int i = 0; i < 16; i++)
		acc += classify(table[i] + i);
	return acc + search(table, 16, 7);
}
