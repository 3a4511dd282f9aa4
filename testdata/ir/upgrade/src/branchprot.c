// clang -mbranch-protection=standard for AArch64: LLVM 14 and 16 put the
// module flags alone, LLVM 19 also the function attributes.
int ext(int);
int f(int x) { return ext(x) + 1; }
int g(int (*p)(int), int y) { return p(y) * 2; }
