; A third module for the redirect case: @f defined first, referred to
; from metadata only in a later body, so that llvm-link replaces the
; declaration before it maps that metadata (the nodes then stay one).
target triple = "x86_64-pc-linux-gnu"

define void @f() {
  ret void
}

define void @c() {
  call void @f(), !md !0
  call void @f(), !md !2
  ret void
}

!0 = !{ptr @f}
!1 = !{!0, i32 7}
!2 = !{!1}
