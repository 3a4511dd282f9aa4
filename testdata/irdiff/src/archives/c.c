/* Pair "archives": c.c */
int a_entry(int n);

int c_scale(int x)
{
	return x * 9;
}

int c_loop(int n)
{
	return a_entry(n) - n;
}
