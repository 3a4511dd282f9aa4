; llvm-as flags: -disable-verify
; What LLVM 22's lifetime upgrade leaves behind, written by LLVM 22 itself
; (opt-22 of LLVM 14 bitcode writes it so): a declaration
; llvm.lifetime.start.i64(i64), here with a call. llvm-dis-22 leaves both as
; they are; nothing to report.
declare void @llvm.lifetime.start.i64(i64)

define void @f() {
  call void @llvm.lifetime.start.i64(i64 4)
  ret void
}
