; The same as LLVM 15 wrote it: already the name LLVM 22 gives it.
target triple = "riscv64-unknown-linux-gnu"
declare i64 @llvm.riscv.masked.atomicrmw.add.i64.p0(ptr, i64, i64, i64 immarg)
define i64 @f(ptr %p, i64 %v) {
  %r = tail call i64 @llvm.riscv.masked.atomicrmw.add.i64.p0(ptr %p, i64 %v, i64 %v, i64 5) #0
  ret i64 %r
}
attributes #0 = { nounwind }
