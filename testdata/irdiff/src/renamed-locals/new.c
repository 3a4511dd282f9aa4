/* Pair "renamed-locals", NEW: same code as old.c, every local and parameter renamed. */
struct point { int x, y; };

int count_matches(const int *arr, int n, int needle)
{
	int hits = 0;
	for (int j = 0; j < n; j++) {
		int elem = arr[j];
		if (elem == needle)
			hits++;
	}
	return hits;
}

int manhattan(struct point p, struct point q)
{
	int ddx = p.x - q.x;
	int ddy = p.y - q.y;
	if (ddx < 0)
		ddx = -ddx;
	if (ddy < 0)
		ddy = -ddy;
	return ddx + ddy;
}
