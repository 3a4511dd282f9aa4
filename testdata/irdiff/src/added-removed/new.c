/* Pair "added-removed", NEW: f_old_only dropped, f_new_only added. */
int common_a(int x)
{
	return x * x + 1;
}

int common_b(int x, int y)
{
	return common_a(x) + y;
}

int f_new_only(int x, int y)
{
	return x ^ y;
}
