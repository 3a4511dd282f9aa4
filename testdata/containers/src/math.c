/* prog, libshared.so, PE images, archive members. */
int math_sq(int x) { return x * x; }
int math_cube(int x) { return x * x * x; }
