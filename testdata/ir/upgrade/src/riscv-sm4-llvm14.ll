; RISC-V's sm4ks of LLVM 14 took an i8 immediate (an i32 since LLVM 17),
; and LLVM 22 rebuilds the call (planRISCV).
target triple = "riscv32-unknown-linux-gnu"

declare i32 @llvm.riscv.sm4ks.i32(i32, i32, i8)

define i32 @f(i32 %a, i32 %b) {
  %r = call i32 @llvm.riscv.sm4ks.i32(i32 %a, i32 %b, i8 1)
  ret i32 %r
}
