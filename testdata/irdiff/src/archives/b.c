/* Pair "archives": b.c */
int c_scale(int x);

int b_mix(int x, int y)
{
	return (x << 1) ^ y;
}

int b_weight(int x)
{
	return c_scale(x) + 17;
}
