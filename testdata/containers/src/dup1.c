/* lib-gnu.a: first member named dup.o. */
int dup_first(int x) { return x + 1; }
