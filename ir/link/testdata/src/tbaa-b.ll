; llvm-as flags: -disable-verify
; A !tbaa tag on an add, which may not have one: llvm-link-22 drops the
; !tbaa of @m and @n, not @k's.
define i32 @k(ptr %p) {
  %v = load i32, ptr %p, !tbaa !4
  ret i32 %v
}
define i32 @m(ptr %p) {
  %v = add i32 1, 2, !tbaa !4
  ret i32 %v
}
define i32 @n(ptr %p) {
  %v = load i32, ptr %p, !tbaa !4
  ret i32 %v
}
!0 = !{!"root"}
!1 = !{!"int", !0, i64 0}
!4 = !{!1, !1, i64 0}
