// C++: inline functions in comdats, a vtable, a template, a static local.
struct Shape {
  virtual ~Shape() {}
  virtual int area() const = 0;
};
struct Square : Shape {
  int s;
  explicit Square(int s) : s(s) {}
  int area() const override { return s * s; }
};
template <typename T> T twice(T x) { return x + x; }
inline int counter() { static int n; return ++n; }
int make(int s) {
  Square sq(s);
  const Shape &sh = sq;
  return twice(sh.area()) + twice<long>(s) + counter();
}
