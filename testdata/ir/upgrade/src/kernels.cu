// CUDA kernels with launch bounds, without CUDA headers: "kernel",
// "maxntidx" and "minctasm" entries in !nvvm.annotations.
#define __global__ __attribute__((global))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
struct S { int a[4]; };
extern "C" __global__ void __launch_bounds__(128, 2) k1(int *p) { p[0] = 1; }
extern "C" __global__ void k2(int *p) { p[0] = 2; }
extern "C" __global__ void __launch_bounds__(256) k3(S s, int *p) { p[0] = s.a[1]; }
