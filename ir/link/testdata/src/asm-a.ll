; Module-level inline assembly in both modules: llvm-link-22 appends the
; second's to the first's, and writes no IR symbol table (it registers no
; assembler parser).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

module asm ".globl asm_a"
module asm "asm_a:"
module asm "  ret"

declare void @asm_b()

define void @fa() {
  call void @asm_b()
  ret void
}
