; X86 intrinsics whose types changed: the VNNI dot products (LLVM 21: i8 and
; i16 vectors) and the AVX512 BF16 conversions (LLVM 17: bfloat vectors).
; The calls are rebuilt with bitcasts around them.
target triple = "x86_64-unknown-linux-gnu"
declare <4 x i32> @llvm.x86.avx512.vpdpbusd.128(<4 x i32>, <4 x i32>, <4 x i32>)
declare <16 x i32> @llvm.x86.avx512.vpdpwssds.512(<16 x i32>, <16 x i32>, <16 x i32>)
declare <32 x i16> @llvm.x86.avx512bf16.cvtne2ps2bf16.512(<16 x float>, <16 x float>)
declare <16 x i16> @llvm.x86.avx512bf16.cvtneps2bf16.512(<16 x float>)
declare <8 x i16> @llvm.x86.avx512bf16.mask.cvtneps2bf16.128(<4 x float>, <8 x i16>, <4 x i1>)
declare <16 x float> @llvm.x86.avx512bf16.dpbf16ps.512(<16 x float>, <16 x i32>, <16 x i32>)
define <4 x i32> @f(<4 x i32> %a, <4 x i32> %b, <4 x i32> %c, <16 x i32> %d, <16 x float> %x, <16 x float> %y, <4 x float> %z, <8 x i16> %w, <4 x i1> %m) {
  %r = tail call <4 x i32> @llvm.x86.avx512.vpdpbusd.128(<4 x i32> %a, <4 x i32> %b, <4 x i32> %c) #1
  %s = call <16 x i32> @llvm.x86.avx512.vpdpwssds.512(<16 x i32> %d, <16 x i32> %d, <16 x i32> %d)
  %t = call <32 x i16> @llvm.x86.avx512bf16.cvtne2ps2bf16.512(<16 x float> %x, <16 x float> %y)
  %u = call <16 x i16> @llvm.x86.avx512bf16.cvtneps2bf16.512(<16 x float> %x)
  %v = call <8 x i16> @llvm.x86.avx512bf16.mask.cvtneps2bf16.128(<4 x float> %z, <8 x i16> %w, <4 x i1> %m)
  %q = call <16 x float> @llvm.x86.avx512bf16.dpbf16ps.512(<16 x float> %x, <16 x i32> %d, <16 x i32> %s)
  ret <4 x i32> %r
}
attributes #1 = { nounwind }
