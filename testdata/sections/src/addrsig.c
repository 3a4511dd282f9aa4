/* Address-taken functions and data (-faddrsig is the default on ELF and COFF):
   the table lists the symbols whose address is used. */
extern int ext_fn(int);
extern int ext_data;

static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }
int square(int x) { return x * x; }
int unused_addr(int x) { return x + 1; }

int (*const ops[])(int) = {twice, thrice, square, ext_fn};
int *const data_ptr = &ext_data;
static int local_counter;
int *counter_ptr(void) { return &local_counter; }

int apply(int i, int x) { return ops[i & 3](x) + unused_addr(x); }
