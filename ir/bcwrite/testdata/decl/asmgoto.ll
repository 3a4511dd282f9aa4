; asm goto with two indirect destinations, written for LLVM 13 and 14 in
; the form before label constraints: the destinations' blockaddresses as
; the last arguments, "i" constraints (TestOlderCallBr).
target datalayout = "e-m:e-i64:64-n8:16:32:64-S128"

define i32 @asm_goto2(i32 %x, i32 %y) {
entry:
  %r = callbr i32 asm "jmp ${3:l}", "=r,r,r,!i,!i,~{dirflag}"(i32 %x, i32 %y)
          to label %normal [label %fail, label %other]
normal:
  ret i32 %r
fail:
  ret i32 -1
other:
  ret i32 -2
}
