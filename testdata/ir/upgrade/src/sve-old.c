/* SVE intrinsics that clang 13 to 16 emitted as intrinsics LLVM 17 replaced
   and LLVM 22 rewrites: the bf16 lane forms (the lane an i32), tuple get
   and create (llvm.vector.extract and insert), structured loads (the
   .sret forms and inserts of their parts). */
#include <arm_sve.h>
svfloat32_t bfdot(svfloat32_t a, svbfloat16_t b, svbfloat16_t c) { return svbfdot_lane_f32(a, b, c, 1); }
svfloat32_t bfmlalb(svfloat32_t a, svbfloat16_t b, svbfloat16_t c) { return svbfmlalb_lane_f32(a, b, c, 2); }
svfloat32_t bfmlalt(svfloat32_t a, svbfloat16_t b, svbfloat16_t c) { return svbfmlalt_lane_f32(a, b, c, 3); }
svint32_t get(svint32x2_t t) { return svget2_s32(t, 1); }
svint32x3_t create(svint32_t a, svint32_t b, svint32_t c) { return svcreate3_s32(a, b, c); }
svint32x2_t ld2(svbool_t p, const int *x) { return svld2_s32(p, x); }
svint32x4_t ld4(svbool_t p, const int *x) { return svld4_s32(p, x); }
void st2(svbool_t p, int *x, svint32x2_t t) { svst2_s32(p, x, t); }
svfloat64x4_t create4(svfloat64_t a, svfloat64_t b, svfloat64_t c, svfloat64_t d) { return svcreate4_f64(a, b, c, d); }
svfloat64_t get4(svfloat64x4_t t) { return svget4_f64(t, 3); }
svint8x3_t ld3(svbool_t p, const signed char *x) { return svld3_s8(p, x); }
svfloat16x2_t ld2h(svbool_t p, const __fp16 *x) { return svld2_f16(p, x); }
svbfloat16x4_t ld4bf(svbool_t p, const bfloat16_t *x) { return svld4_bf16(p, x); }
