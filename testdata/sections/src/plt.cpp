// The part of the C++ program of cxx-plt that calls into a shared library
// through the PLT: a libstdc++ function and two of the C++ runtime.
namespace std { [[noreturn]] void __throw_length_error(const char *); }
extern "C" void *__cxa_allocate_exception(unsigned long);
extern "C" [[noreturn]] void __cxa_throw(void *, void *, void (*)(void *));
int check(int n) {
  if (n < 0) std::__throw_length_error("n");
  if (n > 1000) __cxa_throw(__cxa_allocate_exception(8), 0, 0);
  return n * 2;
}
