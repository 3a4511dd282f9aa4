; RISC-V's scalar cryptography intrinsics of LLVM 14 on RV32: i8 immediates
; as i32 constants; the .i32 forms of sha256sig1 and sm3p0 are left as
; they are, functions of those names (riscvLeft).
target triple = "riscv32-unknown-linux-gnu"

declare i32 @llvm.riscv.aes32dsi(i32, i32, i8)
declare i32 @llvm.riscv.aes32dsmi(i32, i32, i8)
declare i32 @llvm.riscv.aes32esi(i32, i32, i8)
declare i32 @llvm.riscv.aes32esmi(i32, i32, i8)
declare i32 @llvm.riscv.sm4ed.i32(i32, i32, i8)
declare i32 @llvm.riscv.sha256sig1.i32(i32)
declare i32 @llvm.riscv.sm3p0.i32(i32)

define i32 @f(i32 %a, i32 %b) {
  %r = call i32 @llvm.riscv.aes32dsi(i32 %a, i32 %b, i8 1)
  %s = call i32 @llvm.riscv.aes32dsmi(i32 %r, i32 %b, i8 2)
  %t = call i32 @llvm.riscv.aes32esi(i32 %s, i32 %b, i8 3)
  %u = call i32 @llvm.riscv.aes32esmi(i32 %t, i32 %b, i8 0)
  %v = call i32 @llvm.riscv.sm4ed.i32(i32 %u, i32 %b, i8 2)
  %w = call i32 @llvm.riscv.sha256sig1.i32(i32 %v)
  %x = call i32 @llvm.riscv.sm3p0.i32(i32 %w)
  ret i32 %x
}
