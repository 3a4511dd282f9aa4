; Inline asm as LLVM 13 writes it: CST_CODE_INLINEASM_OLD3, without the
; function type, which is the pointee of the typed pointer SETTYPE gives
; (LLVM 14 writes CST_CODE_INLINEASM with it).
target triple = "x86_64-unknown-linux-gnu"

define i32 @asm(i32 %x) {
  %a = call i32 asm sideeffect "mov $1, $0", "=r,r,~{dirflag},~{fpsr},~{flags}"(i32 %x)
  %b = call i32 asm alignstack inteldialect "lea $0, [$1]", "=r,r"(i32 %a)
  call void asm sideeffect unwind "nop", ""()
  ret i32 %b
}
