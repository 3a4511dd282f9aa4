// Virtual calls through B, whose only implementation is in wpd-impl.cpp:
// the thin link resolves them to it (typeid: with singleImpl).
struct B { virtual int f(int) const; virtual int g() const; virtual ~B(); };
int use_f(const B &b) { return b.f(3) + b.f(4); }
int use_g(const B &b) { return b.g(); }
