/* Two modules for a thin link by an older producer (clang-13 and
   llvm-lto2-13): summary version 9 in a combined index. */
extern int b(int);
int a(int x) { return b(x) + 1; }
int main(void) { return a(3); }
