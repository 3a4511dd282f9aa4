; llvm.vector.interleave4 and deinterleave4 (LLVM 21), as LLVM 22's loop
; vectorizer makes them for interleaved accesses of scalable vectors (SVE,
; RISC-V's V), and interleave8; llvm.vector.interleave2 and deinterleave2
; (LLVM 19) are not declared. (Names that share no bucket of LLVM's symbol
; table, so that the file is a fixed point of opt-22.)
define <vscale x 16 x i32> @il4(<vscale x 4 x i32> %p, <vscale x 4 x i32> %q, <vscale x 4 x i32> %s, <vscale x 4 x i32> %t) {
  %r = call <vscale x 16 x i32> @llvm.vector.interleave4.nxv16i32(<vscale x 4 x i32> %p, <vscale x 4 x i32> %q, <vscale x 4 x i32> %s, <vscale x 4 x i32> %t)
  ret <vscale x 16 x i32> %r
}

define <vscale x 4 x i32> @de4(<vscale x 16 x i32> %v) {
  %r = call { <vscale x 4 x i32>, <vscale x 4 x i32>, <vscale x 4 x i32>, <vscale x 4 x i32> } @llvm.vector.deinterleave4.nxv16i32(<vscale x 16 x i32> %v)
  %x = extractvalue { <vscale x 4 x i32>, <vscale x 4 x i32>, <vscale x 4 x i32>, <vscale x 4 x i32> } %r, 3
  ret <vscale x 4 x i32> %x
}

define <vscale x 16 x i8> @il8(<vscale x 2 x i8> %i, <vscale x 2 x i8> %j, <vscale x 2 x i8> %k, <vscale x 2 x i8> %l, <vscale x 2 x i8> %m, <vscale x 2 x i8> %n, <vscale x 2 x i8> %o, <vscale x 2 x i8> %p) {
  %r = call <vscale x 16 x i8> @llvm.vector.interleave8.nxv16i8(<vscale x 2 x i8> %i, <vscale x 2 x i8> %j, <vscale x 2 x i8> %k, <vscale x 2 x i8> %l, <vscale x 2 x i8> %m, <vscale x 2 x i8> %n, <vscale x 2 x i8> %o, <vscale x 2 x i8> %p)
  ret <vscale x 16 x i8> %r
}

declare <vscale x 16 x i32> @llvm.vector.interleave4.nxv16i32(<vscale x 4 x i32>, <vscale x 4 x i32>, <vscale x 4 x i32>, <vscale x 4 x i32>)
declare { <vscale x 4 x i32>, <vscale x 4 x i32>, <vscale x 4 x i32>, <vscale x 4 x i32> } @llvm.vector.deinterleave4.nxv16i32(<vscale x 16 x i32>)
declare <vscale x 16 x i8> @llvm.vector.interleave8.nxv16i8(<vscale x 2 x i8>, <vscale x 2 x i8>, <vscale x 2 x i8>, <vscale x 2 x i8>, <vscale x 2 x i8>, <vscale x 2 x i8>, <vscale x 2 x i8>, <vscale x 2 x i8>)
