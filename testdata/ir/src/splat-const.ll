; Vector splats as LLVM 22 writes them with -use-constant-int-for-*-splat
; and -use-constant-fp-for-*-splat (regen.sh): an INTEGER or FLOAT record
; of a vector type, which LLVM 22's reader, without those flags, makes
; the constants it makes of a splat: the data of a fixed-length vector,
; and of a scalable one zeroinitializer or a shufflevector of the value
; inserted into poison (written back so).
define <4 x i32> @fixed(<4 x i32> %x) {
  %r = add <4 x i32> %x, splat (i32 7)
  ret <4 x i32> %r
}

define <300 x i16> @long(<300 x i16> %x) {
  %r = add <300 x i16> %x, splat (i16 -2)
  ret <300 x i16> %r
}

define <vscale x 4 x i32> @scalable(<vscale x 4 x i32> %x) {
  %r = add <vscale x 4 x i32> %x, splat (i32 7)
  %s = mul <vscale x 4 x i32> %r, splat (i32 0)
  ret <vscale x 4 x i32> %s
}

define <vscale x 2 x double> @scalable.fp(<vscale x 2 x double> %x) {
  %r = fadd <vscale x 2 x double> %x, splat (double 2.5)
  %s = fmul <vscale x 2 x double> %r, splat (double 0.0)
  ret <vscale x 2 x double> %s
}
