// The only implementation of B (see wpd-use.cpp).
struct B { virtual int f(int) const; virtual int g() const; virtual ~B(); };
int B::f(int x) const { return x * 2; }
int B::g() const { return 7; }
B::~B() {}
B *make() { return new B; }
