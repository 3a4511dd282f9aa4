; A declaration's attachment names @f, which declmd-b defines: llvm-link
; replaces the declaration of @f in it as everywhere (the attachment of a
; declaration is made unique only at the end of the link).
target triple = "x86_64-pc-linux-gnu"

declare !md !0 void @d()
declare void @f()

define void @a() {
  call void @d()
  call void @f()
  ret void
}

!0 = !{ptr @f}
