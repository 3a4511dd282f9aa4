/* prog, libshared.so, PE images, archive members. */
int util_add(int a, int b) { return a + b; }
int util_sub(int a, int b) { return a - b; }
