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
