// A type only declared here (a pointer to it), defined in odr-b.cpp.
struct S;
struct T {
  int t;
};
S *sp;
T ta;
