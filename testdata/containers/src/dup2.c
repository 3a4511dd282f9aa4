/* lib-gnu.a: second member named dup.o (different contents). */
int dup_second(int x) { return x * 3; }
int dup_second_b(int x) { return x - 7; }
