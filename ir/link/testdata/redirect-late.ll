; ModuleID = 'linked.bc'
source_filename = "llvm-link"
target triple = "x86_64-pc-linux-gnu"

@g = global i32 1, !md !0

define void @a() {
  call void @f(), !md !1
  call void @f(), !md !2
  ret void
}

define void @f() {
  ret void
}

define void @c() {
  call void @f(), !md !1
  call void @f(), !md !2
  ret void
}

!named = !{!1, !2}

!0 = !{!1, i32 7}
!1 = !{ptr @f}
!2 = !{!0}
