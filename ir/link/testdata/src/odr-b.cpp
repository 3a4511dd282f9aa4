// The definition of S; T defined again, the same.
struct S {
  int x;
  long y;
};
struct T {
  int t;
};
S sb;
T tb;

struct D {
  virtual int k();
  int f() { return 1; }
};
int D::k() { return f(); }
