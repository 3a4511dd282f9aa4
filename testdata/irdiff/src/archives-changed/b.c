/* Pair "archives": b.c, changed: 17 -> 19 in b_weight */
int c_scale(int x);

int b_mix(int x, int y)
{
	return (x << 1) ^ y;
}

int b_weight(int x)
{
	return c_scale(x) + 19;
}
