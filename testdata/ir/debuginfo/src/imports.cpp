namespace N { int y; int z(int a) { return a; } enum E { A, B }; }
namespace M { int w; }
using namespace M;
int f(int x) {
  using namespace N;
  using N::z;
  enum Local { L1, L2 };
  Local l = L2;
  { using N::y; x += y; }
  return z(x) + l;
}
int g() {
  using N::y;
  struct S { int a; };
  enum class LE : short { P };
  S s{y};
  return s.a + (int)LE::P;
}
