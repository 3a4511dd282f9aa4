/* Small freestanding C file used for plain.bc / debug.bc / thinlto.bc / darwin*.bc. */
typedef unsigned long size_t;

int counter = 3;
static const char greeting[] = "hello, bitcode\n";

static size_t my_strlen(const char *s) {
  size_t n = 0;
  while (s[n])
    n++;
  return n;
}

int add(int a, int b) { return a + b; }

int scale(int x) {
  counter += x;
  return add(counter, x) * 3;
}

size_t greet_len(void) { return my_strlen(greeting) + (size_t)counter; }
