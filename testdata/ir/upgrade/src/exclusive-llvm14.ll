; AArch64 exclusive loads and stores of LLVM 14 (typed pointers): LLVM 22
; remangles them and gives their pointer an elementtype attribute of the
; old pointee type; the calls are otherwise kept.
target triple = "aarch64-unknown-linux-gnu"
declare i64 @llvm.aarch64.ldaxr.p0i32(i32*)
declare i32 @llvm.aarch64.stlxr.p0i32(i64, i32*)
declare i64 @llvm.aarch64.ldxr.p0i8(i8*)
define i32 @f(i32* %p, i8* %q) {
  %v = tail call i64 @llvm.aarch64.ldaxr.p0i32(i32* %p) #0
  %w = call i64 @llvm.aarch64.ldxr.p0i8(i8* %q)
  %s = tail call i32 @llvm.aarch64.stlxr.p0i32(i64 %v, i32* %p) #0, !foo !0
  ret i32 %s
}
attributes #0 = { nounwind }
!0 = !{i32 1}
