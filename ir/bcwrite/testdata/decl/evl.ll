; llvm.experimental.get.vector.length (LLVM 19), as LLVM 22's loop
; vectorizer makes it for RISC-V's vector extension: of a scalable vector
; (an i64 count, an i32 result) and of a fixed one (i32 both); LLVM 11's
; llvm.vscale is not declared.
define i32 @scalable(i64 %n) {
  %r = call i32 @llvm.experimental.get.vector.length.i64(i64 %n, i32 4, i1 true)
  ret i32 %r
}

define i32 @fixed(i32 %n) {
  %r = call i32 @llvm.experimental.get.vector.length.i32(i32 %n, i32 8, i1 false)
  ret i32 %r
}

declare i32 @llvm.experimental.get.vector.length.i64(i64, i32 immarg, i1 immarg)
declare i32 @llvm.experimental.get.vector.length.i32(i32, i32 immarg, i1 immarg)
