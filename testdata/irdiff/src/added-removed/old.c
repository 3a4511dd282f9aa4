/* Pair "added-removed", OLD: compiled as addrm.c. */
int common_a(int x)
{
	return x * x + 1;
}

int f_old_only(int x)
{
	return x - 100;
}

int common_b(int x, int y)
{
	return common_a(x) + y;
}
