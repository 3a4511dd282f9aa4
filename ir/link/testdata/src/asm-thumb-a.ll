; A Thumb module's inline assembly is appended after ".text", ".balign 2"
; and ".thumb" (an ARM module's after ".text", ".balign 4", ".arm").
target datalayout = "e-m:e-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64"
target triple = "thumbv7em-none-eabi"

module asm ".globl x"
module asm "x: bx lr"

define void @f() {
  ret void
}
