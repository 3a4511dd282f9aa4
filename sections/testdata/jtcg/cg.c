/* Direct calls and indirect calls through function pointers, for
   clang -fexperimental-call-graph-section. */
#define NI __attribute__((noinline))
typedef int (*fn)(int);
typedef long (*fn2)(long, long);

NI int leaf(int x) { return x * 3 + 1; }
NI static int helper(int x) { return leaf(x) + 2; }
NI int ext(int x) { return x - 1; }
NI long add2(long a, long b) { return a + b; }

fn table[2] = {leaf, ext};
fn2 table2 = add2;

NI int both(int x) { return helper(x) + ext(x) + table[x & 1](x); }
NI long two(long x) { return table[x & 1]((int)x) + table2(x, x); }
int start(void) { return both(1) + (int)two(2); }
