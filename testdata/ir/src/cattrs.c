/* C features that reach many IR constructs: attributes, sections, aliases,
 * ifuncs, weak symbols, TLS models, constructors (llvm.global_ctors),
 * atomics with scopes, setjmp (returns_twice), variadic functions, asm goto
 * (callbr), bit-fields, complex, long double, __int128, _Float16, __bf16,
 * _BitInt, blocks of every linkage. */
#include <stdarg.h>
#include <setjmp.h>

struct bits { unsigned a : 3, b : 5; signed c : 7; unsigned long long d : 40; };

__thread int tls_gd;
static __thread int tls_ld __attribute__((tls_model("local-dynamic")));
__thread int tls_ie __attribute__((tls_model("initial-exec")));
__thread int tls_le __attribute__((tls_model("local-exec")));
int in_section __attribute__((section(".mysec"))) = 3;
int weak_var __attribute__((weak)) = 4;
extern int weak_ext __attribute__((weak));
__attribute__((visibility("hidden"))) int hidden_var = 5;
__attribute__((visibility("protected"))) int protected_var = 6;
const char message[] = "hello\tworld\n\"quoted\"\x7f\xff";
_Float16 f16 = 1.5;
__bf16 bf16 = 2.5;
long double ld = 3.25L;
__int128 i128 = (__int128)1 << 100;
_BitInt(37) bitint = 12345;
_Complex double cplx = 1.0 + 2.0i;
struct bits bitfield = {1, 2, -3, 4};

static int impl(int x) { return x + 1; }
int alias_fn(int) __attribute__((alias("impl_public")));
int impl_public(int x) { return impl(x); }
static void *resolve(void) { return (void *)impl_public; }
int ifunc_fn(int) __attribute__((ifunc("resolve")));

__attribute__((constructor(101))) static void ctor(void) { tls_gd = 1; }
__attribute__((destructor)) static void dtor(void) { tls_gd = 0; }
__attribute__((cold, noinline)) void cold_fn(void) {}
__attribute__((hot)) int hot_fn(int x) { return x * 2; }
__attribute__((always_inline)) static inline int inl(int x) { return x - 1; }
__attribute__((noreturn)) void die(void) { __builtin_trap(); }
__attribute__((pure)) int pure_fn(const int *p) { return *p; }
__attribute__((const)) int const_fn(int x) { return x * x; }
__attribute__((malloc, alloc_size(1))) void *my_alloc(unsigned long n);
__attribute__((nonnull(1), returns_nonnull)) int *nn(int *p) { return p; }
__attribute__((naked)) void naked_fn(void) { __asm__("ret"); }
__attribute__((weak)) void weak_fn(void) {}

int sum(int n, ...) {
	va_list ap;
	va_start(ap, n);
	int s = 0;
	for (int i = 0; i < n; i++)
		s += va_arg(ap, int);
	double d = va_arg(ap, double);
	va_end(ap);
	return s + (int)d;
}

jmp_buf env;
int try_jump(int x) {
	if (setjmp(env))
		return -1;
	if (x < 0)
		longjmp(env, 1);
	return x;
}

int atomics(_Atomic int *a, int *p) {
	int v = __atomic_load_n(p, __ATOMIC_ACQUIRE);
	__atomic_store_n(p, v + 1, __ATOMIC_RELEASE);
	__atomic_fetch_add(p, 2, __ATOMIC_SEQ_CST);
	int expected = 0;
	__atomic_compare_exchange_n(p, &expected, 5, 1, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	__atomic_signal_fence(__ATOMIC_ACQUIRE);
	*a += 3;
	return __scoped_atomic_fetch_max(p, 7, __ATOMIC_RELAXED, __MEMORY_SCOPE_WRKGRP) + __c11_atomic_exchange(a, 9, __ATOMIC_SEQ_CST);
}

int asm_goto(int x) {
	asm goto("testl %0, %0; jne %l1" : : "r"(x) : "cc" : yes);
	return 0;
yes:
	return 1;
}

int uses_all(int x) {
	_Complex double c = cplx * cplx;
	return inl(x) + hot_fn(x) + alias_fn(x) + ifunc_fn(x) + tls_ld + tls_ie + tls_le + (int)__real__ c +
	       bitfield.c + (int)(i128 >> 99) + (int)f16 + (int)bf16 + (int)ld + (int)bitint + weak_var +
	       (&weak_ext ? weak_ext : 0) + message[1];
}
