/* Pair "archives": a.c */
int b_mix(int x, int y);
int c_scale(int x);

int a_entry(int n)
{
	int acc = 0;
	for (int i = 0; i < n; i++)
		acc = b_mix(acc, c_scale(i));
	return acc;
}

int a_twice(int x)
{
	return a_entry(x) + a_entry(x + 1);
}
