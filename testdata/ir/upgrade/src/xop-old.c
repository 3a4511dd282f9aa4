/* XOP intrinsics clang 7 to 12 emitted as intrinsics LLVM 22 rewrites:
   variable rotates (llvm.fshl), compares by a predicate (icmp and sext;
   false and true: a constant in place of the call). */
#include <x86intrin.h>

__m128i rot(__m128i a, __m128i b) { return _mm_rot_epi32(a, b); }
__m128i comlt(__m128i a, __m128i b) { return _mm_comlt_epu8(a, b); }
__m128i comge(__m128i a, __m128i b) { return _mm_comge_epi64(a, b); }
__m128i comfalse(__m128i a, __m128i b) { return _mm_comfalse_epi16(a, b); }
__m128i comtrue(__m128i a, __m128i b) { return _mm_comtrue_epu32(a, b); }
