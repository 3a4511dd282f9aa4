/* Indirect calls under -fsanitize=cfi-icall: the thin link writes
   FS_CFI_FUNCTION_DEFS and a TYPE_ID (allOnes) into the combined index. */
typedef int (*fp)(int);
static int twice(int x) { return 2 * x; }
int thrice(int x) { return 3 * x; }
extern int ext(int);
int call(fp f, int x) { return f(x); }
fp pick(int k) { return k ? twice : k > 1 ? ext : thrice; }
