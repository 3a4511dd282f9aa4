; ModuleID = 'linked.bc'
source_filename = "llvm-link"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

module asm ".globl asm_a"
module asm "asm_a:"
module asm "  ret"
module asm ".globl asm_b"
module asm "asm_b:"
module asm "  jmp asm_a"

define void @fa() {
  call void @asm_b()
  ret void
}

declare void @asm_b()

define void @fb() {
  ret void
}
