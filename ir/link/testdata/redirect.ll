; ModuleID = 'linked.bc'
source_filename = "llvm-link"
target triple = "x86_64-pc-linux-gnu"

@g = global i32 1, !md !0
@h = global i32 2, !md !2

define void @a() {
  call void @f(), !md !1
  call void @f(), !md !4
  ret void
}

define void @f() {
  ret void
}

define void @b() {
  call void @f(), !md !3
  call void @f(), !md !5
  ret void
}

!named = !{!1, !4, !3, !5}

!0 = !{!1, i32 7}
!1 = distinct !{ptr @f}
!2 = !{!3, i32 7}
!3 = !{ptr @f}
!4 = !{!0}
!5 = !{!2}
