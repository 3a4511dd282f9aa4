/* SVE intrinsics of clang 13 to 15 that LLVM 22 renames, their calls kept:
   rev of a data vector or a predicate (llvm.vector.reverse; rev.b16 is an
   intrinsic of its own), and whilerw/whilewr, whose typed-pointer
   manglings of one opaque declaration (p0f64, p0i64) become one. */
#include <arm_sve.h>
svint8_t rev(svint8_t a) { return svrev_s8(a); }
svfloat64_t revf(svfloat64_t a) { return svrev_f64(a); }
svbool_t revb(svbool_t a) { return svrev_b8(a); }
svbool_t rwf(const double *a, const double *b) { return svwhilerw_f64(a, b); }
svbool_t rwi(const long *a, const long *b) { return svwhilerw_s64(a, b); }
svbool_t wru(const unsigned long *a, const unsigned long *b) { return svwhilewr_u64(a, b); }
svbool_t wri(const long *a, const long *b) { return svwhilewr_s64(a, b); }
