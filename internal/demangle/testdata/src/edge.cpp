// Grammar corners of the Itanium mangling, compiled by clang++-22 -std=c++20.
#include <concepts>
#include <cstddef>
#include <string>
#include <tuple>
#include <utility>

template <class... T> auto sum(T... t) { return (t + ... + 0); }
template <class... T> auto lfold(T... t) { return (0 - ... - t); }
template <class... T> bool all(T... t) { return (... && t); }
template <class... T> std::size_t count(T...) { return sizeof...(T); }
template <double D> double scaled(double x) { return x * D; }
template <float F> float fscaled(float x) { return x * F; }
struct P { int a, b; };
template <P p> int pick() { return p.a + p.b; }
template <auto N> int nt() { return (int)N; }
template <const char *S> char first() { return S[0]; }
extern const char hello[] = "hi";
template <class T> concept Small = sizeof(T) <= 4;
template <Small T> T twice(T x) { return x + x; }
template <class T> requires std::integral<T> T thrice(T x) { return 3 * x; }
template <class T> auto deref(T p) -> decltype(*p) { return *p; }
template <class T> auto call(T f) -> decltype(f(1, 2)) { return f(1, 2); }
template <class T> auto sz(T t) -> decltype(sizeof(t) + alignof(T)) { return 0; }
template <class T> auto neg(T t) -> decltype(-t, !t, ~t) { return -t; }
template <class T> auto mem(T t) -> decltype(t.a) { return t.a; }
template <class T> auto arrow(T t) -> decltype(t->a) { return t->a; }
template <class T> auto cast(T t) -> decltype(static_cast<long>(t)) { return t; }
template <class T> auto cond(T t) -> decltype(t ? t : t) { return t; }
template <class T> auto idx(T t) -> decltype(t[0]) { return t[0]; }
template <class T> auto newer(T) -> decltype(new T(1)) { return nullptr; }
template <class T> auto brace(T) -> decltype(T{1, 2}) { return T{1, 2}; }
template <class T> auto noex(T t) noexcept(noexcept(t + 1)) { return t; }
template <class T> void gl(T t) { auto l = [](auto x, int y) { return x + y; }; l(t, 1); }
template <class T> void tl(T t) { auto l = []<class U>(U u, T) { return u; }; l(1, t); }
using fnp = void (*)(int) noexcept;
void takes(fnp, int (&)[3], int (*)[4], int P::*, void (P::*)() const &&) {}
typedef int v4 __attribute__((vector_size(16)));
void vec(v4) {}
void bits(_BitInt(37), unsigned _BitInt(9)) {}
void chars(char8_t, char16_t, char32_t, wchar_t, __int128, unsigned __int128, __float128, _Float16, decltype(nullptr)) {}
namespace { struct Anon { int f(); }; int Anon::f() { return 1; } }
struct [[gnu::abi_tag("tag1")]] Tagged { int g(); };
int Tagged::g() { return 2; }
inline namespace v1 { struct Inl { static int h(); }; int Inl::h() { return 3; } }
struct Conv { template <class T> operator T*() { return nullptr; } operator int() const volatile { return 0; } };
std::string ss(const std::string &s) { return s + "x"; }
int struct_binding() { static auto [x, y] = std::pair<int, int>(1, 2); return x + y; }
thread_local int tls = 4;
int use_tls() { return tls; }
struct B1 { virtual ~B1(); virtual int v(); }; struct B2 { virtual ~B2(); virtual int w(); };
struct D : B1, B2 { int v() override; int w() override; ~D() override; };
B1::~B1() {} B2::~B2() {} D::~D() {} int B1::v() { return 0; } int B2::w() { return 0; } int D::v() { return 1; } int D::w() { return 2; }
struct VB : virtual B1 { int v() override; }; int VB::v() { return 5; }
template <class T, std::size_t... I> auto pick_all(T t, std::index_sequence<I...>) { return std::make_tuple(std::get<I>(t)...); }
int use() {
  P p{1, 2}; int arr[3]; int arr4[4]; v4 vv{}; Conv c; int *ip = c; (void)ip;
  takes(nullptr, arr, &arr4, &P::a, nullptr); vec(vv); bits(1, 2);
  chars(u8'a', u'b', U'c', L'd', 0, 0, 0, 0, nullptr);
  gl(1); tl(2.0); noex(1); deref(&arr[0]); call([](int a, int b) { return a + b; });
  sz(1); neg(1); mem(p); arrow(&p); cast(1); cond(1); idx(arr); newer(1); brace(p);
  pick_all(std::make_tuple(1, 2.0, 'c'), std::make_index_sequence<3>{});
  return sum(1, 2, 3) + lfold(1, 2) + all(true, false) + (int)count(1, 'a') + (int)scaled<1.5>(2) + (int)fscaled<0.25f>(2) +
         pick<P{3, 4}>() + nt<'x'>() + nt<-5L>() + nt<true>() + first<hello>() + twice(2) + thrice(3) + Anon().f() + Tagged().g() + Inl::h() +
         (int)ss("a").size() + struct_binding() + use_tls() + D().v() + VB().v();
}
