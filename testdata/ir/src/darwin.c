/* Apple targets: blocks, TLS, weak imports, sections in segment,section
 * form, and (arm64e) pointer authentication of function pointers. */
void (^global_block)(int);
__thread int tls_counter;
extern void weak_import(void) __attribute__((weak_import));
int in_data __attribute__((section("__DATA,__custom"))) = 7;

typedef int (*fn_t)(int);
static int twice(int x) { return 2 * x; }
fn_t table[2] = {twice, 0};

int call_through(fn_t f, int x) { return f(x) + table[0](x); }

int run_block(int x) {
	int captured = x;
	int (^b)(int) = ^(int y) { return y + captured + tls_counter; };
	if (weak_import)
		weak_import();
	return b(x);
}
