/* Pair "renamed-locals", OLD: compiled as renamed.c at -O0 with value names. */
struct point { int x, y; };

int count_matches(const int *items, int len, int wanted)
{
	int count = 0;
	for (int idx = 0; idx < len; idx++) {
		int current = items[idx];
		if (current == wanted)
			count++;
	}
	return count;
}

int manhattan(struct point a, struct point b)
{
	int dx = a.x - b.x;
	int dy = a.y - b.y;
	if (dx < 0)
		dx = -dx;
	if (dy < 0)
		dy = -dy;
	return dx + dy;
}
