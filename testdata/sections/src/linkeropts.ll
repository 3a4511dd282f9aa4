; !llvm.linker.options becomes .linker-options (SHT_LLVM_LINKER_OPTIONS) on ELF:
; key/value pairs of NUL-terminated strings. Built with llc-22 -filetype=obj.
target triple = "x86_64-unknown-linux-gnu"

!llvm.linker.options = !{!0, !1, !2}
!0 = !{!"-lfoo", !"-lbar"}
!1 = !{!"key with space", !"val\09tab"}
!2 = !{!"empty-value", !""}

define i32 @linkeropts_dummy(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}
