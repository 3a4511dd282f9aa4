/* Freestanding: a shared library with a soname (-soname libfoo.so.1), for
   the LoadName line llvm-readobj prints from its dynamic section. */
int foo_counter;

__attribute__((noinline)) int foo_add(int a, int b)
{
	for (int i = 0; i < b; i++)
		a += i & 1 ? i : -i;
	foo_counter++;
	return a;
}

int foo_twice(int x) { return foo_add(x, x); }
