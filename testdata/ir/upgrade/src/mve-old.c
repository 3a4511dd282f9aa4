/* MVE intrinsics of 64-bit lanes that clang 13 and older emitted with a
   <4 x i1> predicate, which LLVM 22 rewrites: vctp64 and the predicated
   loads, stores, multiplies and CDE operations (the predicate converted
   through an i32). */
#include <arm_mve.h>
#include <arm_cde.h>
mve_pred16_t ctp(uint32_t n) { return vctp64q(n); }
mve_pred16_t ctpm(uint32_t n, mve_pred16_t p) { return vctp64q_m(n, p); }
int64x2_t ld(const int64_t *p, uint64x2_t o, mve_pred16_t m) { return vldrdq_gather_offset_z_s64(p, o, m); }
uint64x2_t mull(uint64x2_t i, uint32x4_t a, uint32x4_t b, mve_pred16_t p) { return vmullbq_int_m_u32(i, a, b, p); }
void st(int64_t *p, uint64x2_t o, int64x2_t v, mve_pred16_t m) { vstrdq_scatter_offset_p_s64(p, o, v, m); }
int64x2_t qdmull(int64x2_t i, int32x4_t a, int32x4_t b, mve_pred16_t p) { return vqdmullbq_m_s32(i, a, b, p); }
int64x2_t gbase(uint64x2_t b, mve_pred16_t p) { return vldrdq_gather_base_z_s64(b, 8, p); }
int64x2_t gbasewb(uint64x2_t *b, mve_pred16_t p) { return vldrdq_gather_base_wb_z_s64(b, 8, p); }
void sbase(uint64x2_t b, int64x2_t v, mve_pred16_t p) { vstrdq_scatter_base_p_s64(b, 8, v, p); }
void sbasewb(uint64x2_t *b, int64x2_t v, mve_pred16_t p) { vstrdq_scatter_base_wb_p_s64(b, 8, v, p); }
uint64x2_t vcx1(uint64x2_t a, mve_pred16_t p) { return __arm_vcx1q_m(0, a, 11, p); }
uint64x2_t vcx2a(uint64x2_t a, uint8x16_t b, mve_pred16_t p) { return __arm_vcx2qa_m(0, a, b, 11, p); }
