#include <memory>
#include <functional>
#include <utility>
struct Base { virtual ~Base() {} virtual int f() { return 1; } };
struct Derived : Base { int f() override { return 2; } };
int main(int argc, char **) {
  std::unique_ptr<Base> p(new Derived);
  std::function<int(int)> fn = [&](int x) { return x + p->f(); };
  int a = argc, b = 2; std::swap(a, b);
  return fn(a) + b;
}
