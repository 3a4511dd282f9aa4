; llvm.memset.inline (LLVM 15), called: of the types of an llvm.memset the
; module declares too (i64), and of others (i32).
define void @f(ptr %p, ptr %q) {
  call void @llvm.memset.inline.p0.i64(ptr %p, i8 0, i64 16, i1 false)
  call void @llvm.memset.p0.i64(ptr %q, i8 1, i64 8, i1 false)
  ret void
}
define void @g(ptr %p) {
  call void @llvm.memset.inline.p0.i32(ptr %p, i8 2, i32 4, i1 true)
  ret void
}
declare void @llvm.memset.inline.p0.i64(ptr, i8, i64, i1 immarg)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)
declare void @llvm.memset.inline.p0.i32(ptr, i8, i32, i1 immarg)
