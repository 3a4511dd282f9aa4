target datalayout = "e-m:e-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64"
target triple = "thumbv7em-none-eabi"

module asm ".globl y"
module asm "y: bx lr"

define void @g() {
  ret void
}
