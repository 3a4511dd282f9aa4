/* SVE tuple sets that clang 13 to 16 emitted as llvm.aarch64.sve.tuple.set,
   which LLVM 22 rewrites into llvm.vector.insert. Apart from the other
   tuple intrinsics of src/sve-old.c: opt-16 and opt-19 hang at random on
   a module of both (an LLVM bug; llvm-dis-22 and opt-22 read it). */
#include <arm_sve.h>
svint32x2_t set(svint32x2_t t, svint32_t v) { return svset2_s32(t, 0, v); }
svint32x2_t set2(svint32x2_t t, svint32_t v) { return svset2_s32(t, 1, v); }
svint32x3_t set3(svint32x3_t t, svint32_t v) { return svset3_s32(t, 2, v); }
