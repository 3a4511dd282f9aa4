/* Device code for the offload binary embedded in elf-ext.o (.llvm.offloading). */
int dev_scale(int x) { return x * 4; }
