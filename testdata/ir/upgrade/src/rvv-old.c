/* RISC-V vector intrinsics of clang 13 (the V extension 0.10): before
   their pass-through and policy operands (LLVM 15 on), their declarations
   are of types LLVM 22's do not take. llvm-dis-22 prints them as they are
   (no rule of LLVM 22's AutoUpgrade takes a RISC-V vector intrinsic), and
   opt-22's verifier refuses the module ("Intrinsic has incorrect argument
   type!"): dis prints it, convert does not write it. vfmv_s_f is one the
   probe of scripts/probe_upgrades.py could not declare. */
#include <riscv_vector.h>
vint32m1_t add(vint32m1_t a, vint32m1_t b, size_t vl) { return vadd_vv_i32m1(a, b, vl); }
vint32m1_t addm(vbool32_t m, vint32m1_t o, vint32m1_t a, vint32m1_t b, size_t vl) { return vadd_vv_i32m1_m(m, o, a, b, vl); }
vuint16m2_t waddu(vuint8m1_t a, vuint8m1_t b, size_t vl) { return vwaddu_vv_u16m2(a, b, vl); }
vfloat32m1_t load(const float *p, size_t vl) { return vle32_v_f32m1(p, vl); }
vfloat32m1_t gather(const float *p, vuint32m1_t i, size_t vl) { return vluxei32_v_f32m1(p, i, vl); }
vfloat64m1_t setfirst(vfloat64m1_t d, double x, size_t vl) { return vfmv_s_f_f64m1(d, x, vl); }
