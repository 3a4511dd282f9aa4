/* Built with -fsymbol-partition=part1: every global definition gets an
   .llvm_sympart section (SHT_LLVM_SYMPART) naming the partition. */
int part_data = 42;
int part_fn(int x) { return x + part_data; }
