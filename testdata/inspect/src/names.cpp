// C++ names for inspect --symbols -C: namespaces, templates, lambdas,
// operators (operator<< and operator< with template arguments), special
// members, an anonymous namespace, static locals, std:: substitutions.
namespace std {
template <class C> struct char_traits {};
template <class C, class T = char_traits<C>> struct basic_ostream {
  int n;
  basic_ostream &put(C c) { n += c; return *this; }
};
template <class T> basic_ostream<char, T> &operator<<(basic_ostream<char, T> &o, const char *s) {
  while (*s) o.put(*s++);
  return o;
}
} // namespace std

namespace geo {
struct Point { int x, y; };
template <typename T> bool operator<(const T &a, const T &b) { return a.x < b.x; }
struct Shape {
  virtual ~Shape();
  virtual int area() const = 0;
};
Shape::~Shape() {}
template <typename T, int N> struct Poly : Shape {
  T pts[N];
  int area() const override;
};
template <typename T, int N> int Poly<T, N>::area() const {
  int a = 0;
  for (int i = 0; i < N; i++) a += pts[i].x * pts[(i + 1) % N].y;
  return a;
}
template struct Poly<Point, 3>;
} // namespace geo

namespace {
int hidden(int x) { return x * 3; }
} // namespace

template <class F> int apply(F f, int x) { return f(x); }

int counter() { static int n; return ++n; }

int run(std::basic_ostream<char> &os, geo::Point a, geo::Point b) {
  os << "run";
  int k = counter();
  return apply([k](int v) { return v + k; }, hidden(a < b)) + apply([](int v) { return -v; }, k);
}
