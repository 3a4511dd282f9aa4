#include <vector>
#include <map>
#include <string>
#include <algorithm>
#include <functional>
#include <memory>
#include <iostream>
#include <stdexcept>
#include <unordered_map>
#include <sstream>

template <typename T, int N> struct Box { T v[N]; T sum() const { T s{}; for (auto &x : v) s += x; return s; } };
namespace ns { namespace inner {
struct Widget { virtual ~Widget(); virtual int f(int) const; std::string name; };
Widget::~Widget() {}
int Widget::f(int x) const { return x + (int)name.size(); }
template <class F> auto apply(F f, int x) -> decltype(f(x)) { return f(x); }
}}
int classify(int x) { if (x < 0) throw std::runtime_error("neg"); return x % 7; }
int main(int argc, char **argv) {
  std::vector<int> v(argv[0][0]);
  std::map<std::string, std::vector<double>> m;
  std::unordered_map<long, std::unique_ptr<ns::inner::Widget>> um;
  for (int i = 0; i < argc; i++) { v.push_back(i); m[argv[i]].push_back(i * 1.5); um[i] = std::make_unique<ns::inner::Widget>(); }
  std::sort(v.begin(), v.end(), [](int a, int b) { return a > b; });
  std::function<int(int)> fn = [&](int x) { return ns::inner::apply([x](int y) { return x * y; }, x) + (int)m.size(); };
  Box<float, 3> b{{1, 2, 3}};
  std::ostringstream os; os << b.sum() << fn(argc);
  try { classify(argc - 5); } catch (const std::exception &e) { std::cerr << e.what(); }
  std::cout << os.str() << v.size() << um.size() << std::endl;
  return 0;
}
