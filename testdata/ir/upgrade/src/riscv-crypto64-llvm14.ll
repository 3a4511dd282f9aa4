; RISC-V's scalar cryptography intrinsics of LLVM 14 on RV64: i64 operands
; truncated, i32 results sign-extended, i8 immediates as i32 constants
; (planRISCV).
target triple = "riscv64-unknown-linux-gnu"

declare i64 @llvm.riscv.sm4ks.i64(i64, i64, i8)
declare i64 @llvm.riscv.sm4ed.i64(i64, i64, i8)
declare i64 @llvm.riscv.sha256sig0.i64(i64)
declare i64 @llvm.riscv.sha256sum1.i64(i64)
declare i64 @llvm.riscv.sm3p0.i64(i64)
declare i64 @llvm.riscv.sm3p1.i64(i64)

define i64 @f(i64 %a, i64 %b) {
  %r = call i64 @llvm.riscv.sm4ks.i64(i64 %a, i64 %b, i8 3)
  %s = call i64 @llvm.riscv.sm4ed.i64(i64 %r, i64 7, i8 255)
  %t = call i64 @llvm.riscv.sha256sig0.i64(i64 %s)
  %u = call i64 @llvm.riscv.sha256sum1.i64(i64 -5)
  %v = call i64 @llvm.riscv.sm3p0.i64(i64 %t)
  %w = call i64 @llvm.riscv.sm3p1.i64(i64 undef)
  %x = add i64 %u, %v
  %y = add i64 %x, %w
  ret i64 %y
}
