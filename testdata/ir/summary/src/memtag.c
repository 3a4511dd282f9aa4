/* Stack safety: the accessed offset ranges of each pointer parameter, and
   the calls it is passed to (the params: of a ThinLTO summary). */
void *memset(void *, int, unsigned long);

extern void sink(char *p, int n);
extern void opaque(void *p);

int read4(const int *p) { return p[0] + p[3]; }

void write_range(char *p, int n) {
	for (int i = 0; i < 16; i++)
		p[i + 4] = (char)n;
}

void unused(char *p) { (void)p; }

void forward(char *p, char *q) {
	write_range(p + 8, 1);
	sink(q, 2);
	unused(q);
}

void escapes(char *p) { opaque(p); }

int negative(char *p) { return p[-4] + p[-1]; }

int local(int x) {
	char buf[64];
	memset(buf, 0, sizeof buf);
	write_range(buf, x);
	forward(buf, buf + 32);
	unused(buf);
	return read4((int *)buf) + negative(buf + 8);
}
