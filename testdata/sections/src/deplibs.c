/* #pragma comment(lib, ...) becomes !llvm.dependent-libraries and, on ELF,
   the .deplibs section (SHT_LLVM_DEPENDENT_LIBRARIES). */
#pragma comment(lib, "m")
#pragma comment(lib, "libz.so")
#pragma comment(lib, "with space")

int deplibs_dummy(int x) { return x + 1; }
