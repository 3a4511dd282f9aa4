// The SVE conversions of float to bfloat of clang-19's arm_sve.h
// (llvm.aarch64.sve.fcvt.bf16f32, fcvtnt.bf16f32), whose predicate LLVM 22
// gives their .v2 through svbool.
#include <arm_sve.h>
svbfloat16_t c(svbool_t pg, svfloat32_t x) { return svcvt_bf16_f32_x(pg, x); }
svbfloat16_t m(svbfloat16_t in, svbool_t pg, svfloat32_t x) { return svcvt_bf16_f32_m(in, pg, x); }
svbfloat16_t nt(svbfloat16_t in, svbool_t pg, svfloat32_t x) { return svcvtnt_bf16_f32_m(in, pg, x); }
