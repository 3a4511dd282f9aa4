/* Source of the Mach-O fixtures: code, zero-fill data (__bss, __common),
 * thread-local data (__thread_vars, __thread_bss). See gen.sh. */
int counter;
static int table[64];
__thread int tls_value;

int add(int a, int b) { return a + b + table[a & 63] + tls_value; }
int use(int x) { counter += x; table[x & 63] = x; return add(x, counter); }
