// A type only declared here (a pointer to it), defined in odr-b.cpp.
struct S;
struct T {
  int t;
};
S *sp;
T ta;

// A dynamic class whose key function odr-b.cpp defines: here it is only
// declared, with the declaration of the inline member called.
struct D {
  virtual int k();
  int f() { return 1; }
};
int useD(D *d) { return d->f(); }
