target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

module asm ".globl asm_b"
module asm "asm_b:"
module asm "  jmp asm_a"

define void @fb() {
  ret void
}
