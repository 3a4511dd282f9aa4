; The first module declares @f and refers to it from metadata, in a body
; (an attachment), a global's attachment and named metadata; the second
; defines @f and holds the same metadata: once @f's declaration is
; replaced by the definition, llvm-link's context makes the nodes one.
target triple = "x86_64-pc-linux-gnu"

declare void @f()

@g = global i32 1, !md !1

define void @a() {
  call void @f(), !md !0
  call void @f(), !md !2
  ret void
}

!named = !{!0, !2}
!0 = !{ptr @f}
!1 = !{!0, i32 7}
!2 = !{!1}
