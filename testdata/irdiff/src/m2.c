/* "callgraph": m2.c, shared_fn, an alias of it, and another static helper. */
int shared_fn(int x);
int shared_alias(int x) __attribute__((alias("shared_fn")));

static int helper(int x)
{
	return x * 10;
}

int shared_fn(int x)
{
	return helper(x) - 1;
}

int via_alias(int x)
{
	return shared_alias(x) + helper(x);
}
