; RISC-V masked atomics of LLVM 14: llvm.riscv.masked.atomicrmw.add.i64
; became the overloaded llvm.riscv.masked.atomicrmw.add (its i64 and
; pointer types mangled); the calls are kept.
target triple = "riscv64-unknown-linux-gnu"
declare i64 @llvm.riscv.masked.atomicrmw.add.i64.p0i8(i8*, i64, i64, i64 immarg)
define i64 @f(i8* %p, i64 %v) {
  %r = tail call i64 @llvm.riscv.masked.atomicrmw.add.i64.p0i8(i8* %p, i64 %v, i64 %v, i64 5) #0
  ret i64 %r
}
attributes #0 = { nounwind }
