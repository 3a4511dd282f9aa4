; ModuleID = 'linked.bc'
source_filename = "llvm-link"

define i32 @k(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !0
  ret i32 %v
}

define i32 @m(ptr %p) {
  %v = add i32 1, 2
  ret i32 %v
}

define i32 @n(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !0
  %w = call i32 @h(ptr %p)
  ret i32 %v
}

define i32 @h(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

define i32 @g(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"root"}
