; The inline-asm ARC marker: llvm-dis-22 writes ";" for its "#"
; (UpgradeInlineAsmString); other asm stays as it is.
define void @f() {
  call void asm sideeffect "mov\09fp, fp\09\09# marker for objc_retainAutoreleaseReturnValue", ""()
  call void asm sideeffect "mov\09fp, fp\09\09# marker for objc_retainAutoreleaseReturnValue", ""()
  call void asm sideeffect "nop # marker for objc_retainAutoreleaseReturnValue", ""()
  ret void
}
