/* See link-a.c. */
static int helper(int x) { return x * 7; }
int b(int x) { return helper(x) - 2; }
