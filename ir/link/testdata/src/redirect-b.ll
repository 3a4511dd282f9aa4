; The second module of the redirect case: @f defined, the same metadata.
target triple = "x86_64-pc-linux-gnu"

@h = global i32 2, !md !1

define void @f() {
  ret void
}

define void @b() {
  call void @f(), !md !0
  call void @f(), !md !2
  ret void
}

!named = !{!0, !2}
!0 = !{ptr @f}
!1 = !{!0, i32 7}
!2 = !{!1}
