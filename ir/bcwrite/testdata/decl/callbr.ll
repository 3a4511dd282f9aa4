; asm goto: callbr with a default and indirect destinations, and a result.
define i32 @asm_goto(i32 %x) {
entry:
  %r = callbr i32 asm "jmp ${2:l}", "=r,r,!i"(i32 %x)
          to label %normal [label %fail]
normal:
  ret i32 %r
fail:
  ret i32 -1
}
