/* Masked AVX-512, FMA, FMA4, XOP and mask-register intrinsics that clang 4
   to 6's headers emitted as intrinsics LLVM 22 rewrites
   (upgradeX86IntrinsicCall, upgradeAVX512MaskToSelect): the operation
   then a select by the mask; masked, unmasked (a mask of all ones) and
   zero-masked. */
#include <immintrin.h>
#include <x86intrin.h>

__m512i add(__m512i w, __mmask16 k, __m512i a, __m512i b) { return _mm512_mask_add_epi32(w, k, a, b); }
__m256i mullo(__mmask16 k, __m256i a, __m256i b) { return _mm256_maskz_mullo_epi16(k, a, b); }
__m512 addps(__m512 w, __mmask16 k, __m512 a, __m512 b) { return _mm512_mask_add_ps(w, k, a, b); }
__m512d divpd_round(__m512d w, __mmask8 k, __m512d a, __m512d b) { return _mm512_mask_div_round_pd(w, k, a, b, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
__m128 subps(__mmask8 k, __m128 a, __m128 b) { return _mm_maskz_sub_ps(k, a, b); }
__m256i maxs(__m256i w, __mmask8 k, __m256i a, __m256i b) { return _mm256_mask_max_epi32(w, k, a, b); }
__m512i minu(__m512i a, __m512i b) { return _mm512_min_epu64(a, b); }
__m128d maxpd(__m128d w, __mmask8 k, __m128d a, __m128d b) { return _mm_mask_max_pd(w, k, a, b); }
__m512 minps(__mmask16 k, __m512 a, __m512 b) { return _mm512_maskz_min_ps(k, a, b); }
__m512d andnot(__m512d w, __mmask8 k, __m512d a, __m512d b) { return _mm512_mask_andnot_pd(w, k, a, b); }
__m256 xorps(__mmask8 k, __m256 a, __m256 b) { return _mm256_maskz_xor_ps(k, a, b); }
__m512i abs64(__m512i w, __mmask8 k, __m512i a) { return _mm512_mask_abs_epi64(w, k, a); }
__m512 sqrt_round(__m512 a) { return _mm512_sqrt_round_ps(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }
__m256d sqrtpd(__m256d w, __mmask8 k, __m256d a) { return _mm256_mask_sqrt_pd(w, k, a); }
__m512i sll(__m512i w, __mmask16 k, __m512i a, __m128i c) { return _mm512_mask_sll_epi32(w, k, a, c); }
__m128i srai(__mmask8 k, __m128i a) { return _mm_maskz_srai_epi64(k, a, 3); }
__m256i sllv(__m256i w, __mmask16 k, __m256i a, __m256i c) { return _mm256_mask_sllv_epi16(w, k, a, c); }
__m512i cvtepi8(__m512i w, __mmask16 k, __m128i a) { return _mm512_mask_cvtepi8_epi32(w, k, a); }
__m128i cvtepu16(__mmask8 k, __m128i a) { return _mm_maskz_cvtepu16_epi64(k, a); }
__m256i truncate(__m256i w, __mmask16 k, __m512i a) { return _mm512_mask_cvtepi32_epi16(w, k, a); }
__m128d cvtdq2pd(__m128d w, __mmask8 k, __m128i a) { return _mm_mask_cvtepi32_pd(w, k, a); }
__m256d cvtps2pd(__mmask8 k, __m128 a) { return _mm256_maskz_cvtps_pd(k, a); }
__m512 cvtudq2ps(__m512i a) { return _mm512_cvt_roundepu32_ps(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
__mmask8 test(__mmask8 k, __m128i a, __m128i b) { return _mm_mask_test_epi64_mask(k, a, b); }
__mmask16 testn(__m512i a, __m512i b) { return _mm512_testn_epi32_mask(a, b); }
__mmask8 movepi(__m256i a) { return _mm256_movepi32_mask(a); }
__m512i movm(__mmask64 k) { return _mm512_movm_epi8(k); }
__mmask16 kand(__mmask16 a, __mmask16 b) { return _mm512_kandn(a, b); }
int kortest(__mmask16 a, __mmask16 b) { return _mm512_kortestz(a, b); }
__mmask32 kunpack(__mmask32 a, __mmask32 b) { return _mm512_kunpackw(a, b); }
__m256 bcast(__m256 w, __mmask8 k, __m128 a) { return _mm256_mask_broadcast_f32x4(w, k, a); }
__m512i set1(__m512i w, __mmask64 k, char c) { return _mm512_mask_set1_epi8(w, k, c); }
__m256i bcastmw(__mmask16 k) { return _mm256_broadcastmw_epi32(k); }
__m512i streamload(void *p) { return _mm512_stream_load_si512(p); }
__m128d cvtu32(__m128d a, unsigned b) { return _mm_cvtu32_sd(a, b); }
__m128i cmov(__m128i a, __m128i b, __m128i c) { return _mm_cmov_si128(a, b, c); }
__m512i expandload(__m512i w, __mmask16 k, void *p) { return _mm512_mask_expandloadu_epi32(w, k, p); }
void compressstore(void *p, __mmask8 k, __m256d a) { _mm256_mask_compressstoreu_pd(p, k, a); }
__m512i mul32(__m512i w, __mmask8 k, __m512i a, __m512i b) { return _mm512_mask_mul_epi32(w, k, a, b); }
__m512 perm2(__m512 a, __mmask16 k, __m512i i, __m512 b) { return _mm512_mask_permutex2var_ps(a, k, i, b); }
__m256i perm2i(__m256i a, __m256i i, __mmask8 k, __m256i b) { return _mm256_mask2_permutex2var_epi32(a, i, k, b); }
__m128i perm2z(__mmask8 k, __m128i a, __m128i i, __m128i b) { return _mm_maskz_permutex2var_epi16(k, a, i, b); }
__m512i madd52(__m512i a, __mmask8 k, __m512i b, __m512i c) { return _mm512_mask_madd52lo_epu64(a, k, b, c); }
__m128 fmadd(__m128 a, __m128 b, __m128 c) { return _mm_fmadd_ps(a, b, c); }
__m128d fnmsub_sd(__m128d a, __m128d b, __m128d c) { return _mm_fnmsub_sd(a, b, c); }
__m256 fmsubadd(__m256 a, __m256 b, __m256 c) { return _mm256_fmsubadd_ps(a, b, c); }
__m128 macc_ss(__m128 a, __m128 b, __m128 c) { return _mm_macc_ss(a, b, c); }
__m512 fmadd_round(__m512 a, __mmask16 k, __m512 b, __m512 c) { return _mm512_mask_fmadd_round_ps(a, k, b, c, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
__m256d fnmadd(__m256d a, __mmask8 k, __m256d b, __m256d c) { return _mm256_mask_fnmadd_pd(a, k, b, c); }
__m128 fmsub3_ss(__m128 a, __m128 b, __m128 c, __mmask8 k) { return _mm_mask3_fmsub_ss(a, b, c, k); }
__m128d fmaddz_sd(__mmask8 k, __m128d a, __m128d b, __m128d c) { return _mm_maskz_fmadd_sd(k, a, b, c); }
__m256 fmaddsub(__m256 a, __mmask8 k, __m256 b, __m256 c) { return _mm256_mask_fmaddsub_ps(a, k, b, c); }
__m512d fmsubadd3(__m512d a, __m512d b, __m512d c, __mmask8 k) { return _mm512_mask3_fmsubadd_pd(a, b, c, k); }
__m512i mulhrs(__m512i w, __mmask32 k, __m512i a, __m512i b) { return _mm512_mask_mulhrs_epi16(w, k, a, b); }
__m256i packs(__mmask32 k, __m256i a, __m256i b) { return _mm256_maskz_packs_epi16(k, a, b); }
__m512 permvar(__m512 w, __mmask16 k, __m512i i, __m512 a) { return _mm512_mask_permutexvar_ps(w, k, i, a); }
__m128i avg(__m128i w, __mmask16 k, __m128i a, __m128i b) { return _mm_mask_avg_epu8(w, k, a, b); }
__m256i cvttps(__m256i w, __mmask8 k, __m256 a) { return _mm256_mask_cvttps_epi32(w, k, a); }
__m512i shuffle(__m512i w, __mmask64 k, __m512i a, __m512i b) { return _mm512_mask_shuffle_epi8(w, k, a, b); }
__m512i masked_const(__m512i w, __m512i a, __m512i b) { return _mm512_mask_add_epi32(w, 0x5555, a, b); }
