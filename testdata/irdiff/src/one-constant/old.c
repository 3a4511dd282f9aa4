/* Pair "one-constant", OLD: compiled as constant.c. */
int offset(int x)
{
	return x + 10;
}

int scale(int x)
{
	return x * 3;
}

int twice(int x)
{
	return offset(x) * 2;
}
