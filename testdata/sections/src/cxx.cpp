// C++ for sections -C and bbmap -C: BB address maps, a call-graph
// profile (from src/cxx-samples.txt, a sample profile) and an address-significance
// table, all naming mangled functions.
namespace geo {
struct Point { int x, y; };
template <typename T> __attribute__((noinline)) int dot(const T &a, const T &b) { return a.x * b.x + a.y * b.y; }
__attribute__((noinline)) int classify(int v) {
  switch (v & 7) {
  case 0: return 3;
  case 1: return 5;
  case 2: return 11;
  case 3: return 13;
  case 4: return 17;
  default: return v;
  }
}
} // namespace geo
namespace {
__attribute__((noinline)) int twice(int x) { return x > 100 ? x : 2 * x; }
} // namespace
int (*table[])(int) = {geo::classify, twice};
int run(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    geo::Point p{i, n - i};
    s += geo::dot(p, p) + geo::classify(i) + twice(s);
  }
  return s + table[n & 1](n);
}
