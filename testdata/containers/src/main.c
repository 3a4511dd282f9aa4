/* prog / pe-x86_64.exe: entry point. */
int util_add(int a, int b);
int math_sq(int x);
int main(void) { return util_add(math_sq(3), 4); }
