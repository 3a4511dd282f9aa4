// __builtin_object_size and the _FORTIFY_SOURCE checks built on it, as
// the ThinLTO pre-link pipeline of clang-14 leaves them (PostgreSQL's JIT
// bitcode): tail calls of llvm.objectsize.i64.p0i8, whose calls
// llvm-dis-22 rebuilds as llvm.objectsize.i64.p0 without the tail marker,
// the parameter attributes (nonnull) and the call's attribute group.
typedef __SIZE_TYPE__ size_t;

void *copy(void *d, const void *s, size_t n) {
	return __builtin___memcpy_chk(d, s, n, __builtin_object_size(d, 0));
}

size_t sizes(char *p, int i) {
	char *q = p + 4;
	return __builtin_object_size(p, 1) + __builtin_dynamic_object_size(q, 0) +
	       __builtin_object_size(q, 2);
}
