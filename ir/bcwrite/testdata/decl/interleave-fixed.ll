; llvm.vector.interleaveK and deinterleaveK of fixed-length vectors, which
; a reader that lacks them (interleave2 and deinterleave2 before LLVM 19,
; the others before 21) is given as shufflevector instructions (bcwrite's
; shuffleInterleave), reported: K of 2, 3 (a shorter vector widened with
; poison elements), 4 and 5 (two rounds of joins, one carried).
define <6 x i32> @g(<2 x i32> %p, <2 x i32> %q, <2 x i32> %s) {
  %r = call <6 x i32> @llvm.vector.interleave3.v6i32(<2 x i32> %p, <2 x i32> %q, <2 x i32> %s)
  ret <6 x i32> %r
}
define <4 x float> @i2(<2 x float> %p, <2 x float> %q) {
  %r = call <4 x float> @llvm.vector.interleave2.v4f32(<2 x float> %p, <2 x float> %q)
  ret <4 x float> %r
}
define <15 x i8> @i5(<3 x i8> %xa, <3 x i8> %xb, <3 x i8> %xc, <3 x i8> %xd, <3 x i8> %xe) {
  %r = call <15 x i8> @llvm.vector.interleave5.v15i8(<3 x i8> %xa, <3 x i8> %xb, <3 x i8> %xc, <3 x i8> %xd, <3 x i8> %xe)
  ret <15 x i8> %r
}
define <8 x i16> @i4(<2 x i16> %xa, <2 x i16> %xb, <2 x i16> %xc, <2 x i16> %xd) {
  %r = call <8 x i16> @llvm.vector.interleave4.v8i16(<2 x i16> %xa, <2 x i16> %xb, <2 x i16> %xc, <2 x i16> %xd)
  ret <8 x i16> %r
}
define <2 x i32> @d3(<6 x i32> %v) {
  %r = call {<2 x i32>, <2 x i32>, <2 x i32>} @llvm.vector.deinterleave3.v6i32(<6 x i32> %v)
  %x = extractvalue {<2 x i32>, <2 x i32>, <2 x i32>} %r, 2
  ret <2 x i32> %x
}
