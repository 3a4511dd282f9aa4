/* MMX constants older LLVMs left as bitcasts to x86_mmx, which LLVM 22
   reads as <1 x i64> and folds (zeroinitializer for a zero). */
#include <mmintrin.h>

__m64 gt0(__m64 a) { return _mm_cmpgt_pi16(_mm_setzero_si64(), a); }
__m64 unpack(__m64 a) { return _mm_unpackhi_pi16(a, _mm_setzero_si64()); }
__m64 addc(__m64 a) { return _mm_add_pi32(a, _mm_set_pi32(1, 2)); }
__m64 addone(__m64 a) { return _mm_add_pi8(a, _mm_cvtsi64_m64(0x0101010101010101LL)); }
