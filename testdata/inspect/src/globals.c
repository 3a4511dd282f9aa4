/* Global values of every kind, linkage and visibility, for bcextract inspect. */
int counter = 1;                                   /* external variable */
static int hidden_state;                           /* internal, may fold away */
extern int imported;                               /* declaration */
__thread int per_thread = 3;                       /* TLS */
int tentative __attribute__((common));             /* common */
const int answer = 42;                             /* constant (s on Darwin) */
__attribute__((weak)) int weak_var = 7;            /* weak variable */
extern __attribute__((weak)) int maybe_there;      /* extern_weak */
__attribute__((visibility("hidden"))) int hid_var = 2;
__attribute__((visibility("protected"))) int prot_var = 5;
__attribute__((used)) static int kept_alive;        /* llvm.used */
__attribute__((section(".mysec"))) int in_section = 9;

__attribute__((weak)) int weak_fn(void) { return 0; }
__attribute__((visibility("hidden"))) int hidden_fn(void) { return imported + hid_var; }
__attribute__((visibility("protected"))) int protected_fn(void) { return prot_var; }
int add(int a, int b) { return a + b + counter + hidden_state++; }
int add_alias(int, int) __attribute__((alias("add")));
extern int counter_alias __attribute__((alias("counter")));
static int impl(void) { return 1; }
static void *resolve(void) { return (void *)impl; }
int dispatch(void) __attribute__((ifunc("resolve")));
int use_weak(void) { return maybe_there + weak_var + answer + in_section + tentative + per_thread; }
extern int external_fn(int);
int call_external(int x) { return external_fn(x) + weak_fn(); }
const char *greeting(void) { return "hello"; }      /* private string */
