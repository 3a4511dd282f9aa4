/* "callgraph": m1.c, main and a static helper (m2.c has its own helper). */
int printf(const char *fmt, ...);
int puts(const char *s);
int shared_fn(int x);
int shared_alias(int x);

static int helper(int x)
{
	return x + 1;
}

static int twice(int x)
{
	return 2 * x;
}

int main(void)
{
	int (*fp)(int) = helper;
	int r = shared_fn(helper(1));
	r += fp(r);
	fp = twice;
	r += fp(3);
	r += shared_alias(r);
	printf("%d\n", r);
	puts("done");
	return 0;
}
