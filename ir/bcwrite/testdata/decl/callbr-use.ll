; A callbr result used in one of its indirect destinations: LLVM 16's
; verifier refuses it ("Instruction does not dominate all uses!"), LLVM
; 17 on take it (inspect's min llvm: ir/minllvm's CallBrIndirectUse).
define i32 @f(i32 %x) {
entry:
  %r = callbr i32 asm "", "=r,r,!i"(i32 %x)
          to label %next [label %other]

next:
  ret i32 %r

other:
  ret i32 %r
}
