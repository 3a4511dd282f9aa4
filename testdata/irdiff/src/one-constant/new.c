/* Pair "one-constant", NEW: compiled as constant.c. */
int offset(int x)
{
	return x + 10;
}

int scale(int x)
{
	return x * 5;
}

int twice(int x)
{
	return offset(x) * 2;
}
