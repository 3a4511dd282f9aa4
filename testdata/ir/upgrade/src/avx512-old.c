/* AVX-512 intrinsics that clang 7 to 10's headers emitted as intrinsics
   LLVM 22 rewrites (upgradeX86IntrinsicCall): rotates, saturating
   arithmetic, conflict, conversions, compress and expand, VBMI2 shifts,
   BITALG bit shuffles, multishift; masked, unmasked (a mask of all ones)
   and of a constant mask. */
#include <immintrin.h>

__m512i rolv(__m512i a, __m512i b) { return _mm512_rolv_epi32(a, b); }
__m256i rorv(__m256i a, __m256i b) { return _mm256_rorv_epi64(a, b); }
__m512i adds(__m512i w, __mmask64 k, __m512i a, __m512i b) { return _mm512_mask_adds_epi8(w, k, a, b); }
__m512i subs_epu16(__mmask32 k, __m512i a, __m512i b) { return _mm512_maskz_subs_epu16(k, a, b); }
__m512i adds_all(__m512i a, __m512i b) { return _mm512_adds_epu8(a, b); }
__m512i conflict(__m512i w, __mmask16 k, __m512i a) { return _mm512_mask_conflict_epi32(w, k, a); }
__m128i conflict_all(__m128i a) { return _mm_conflict_epi64(a); }
__m256 cvtqq(__m256 w, __mmask8 k, __m512i a) { return _mm512_mask_cvtepi64_ps(w, k, a); }
__m128 cvtuqq(__m256i a) { return _mm256_cvtepu64_ps(a); }
__m256 cvtqq_round(__m512i a) { return _mm512_cvt_roundepi64_ps(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
__m128 cvtph(__m128 w, __mmask8 k, __m128i a) { return _mm_mask_cvtph_ps(w, k, a); }
__m256 cvtph256(__mmask8 k, __m128i a) { return _mm256_maskz_cvtph_ps(k, a); }
__m512d compress(__m512d w, __mmask8 k, __m512d a) { return _mm512_mask_compress_pd(w, k, a); }
__m128i expand(__mmask8 k, __m128i a) { return _mm_maskz_expand_epi32(k, a); }
__m512i shldv(__m512i a, __mmask8 k, __m512i b, __m512i c) { return _mm512_mask_shldv_epi64(a, k, b, c); }
__m256i shrdv(__mmask16 k, __m256i a, __m256i b, __m256i c) { return _mm256_maskz_shrdv_epi16(k, a, b, c); }
__m512i shldv_all(__m512i a, __m512i b, __m512i c) { return _mm512_shldv_epi32(a, b, c); }
__mmask16 bitshuffle(__mmask16 k, __m128i a, __m128i b) { return _mm_mask_bitshuffle_epi64_mask(k, a, b); }
__mmask64 bitshuffle_all(__m512i a, __m512i b) { return _mm512_bitshuffle_epi64_mask(a, b); }
__m512i multishift(__m512i w, __mmask64 k, __m512i a, __m512i b) { return _mm512_mask_multishift_epi64_epi8(w, k, a, b); }
__m512i masked_const(__m512i w, __m512i a, __m512i b) { return _mm512_mask_adds_epi8(w, 0x5555, a, b); }
