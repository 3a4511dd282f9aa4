; llvm-as flags: -disable-verify
; Two bodies with valid !tbaa tags around one that the TBAA verifier rejects:
; llvm-dis-22 drops every !tbaa of the module; llvm-link-22 only those of
; the bodies it reads from the invalid one on (@g, @h: @f is linked first).
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, !tbaa !4
  ret i32 %v
}
define i32 @g(ptr %p) {
  %v = load i32, ptr %p, !tbaa !3
  store i32 1, ptr %p, !tbaa !4
  ret i32 %v
}
define i32 @h(ptr %p) {
  %v = load i32, ptr %p, !tbaa !4
  %w = call i32 @f(ptr %p)
  ret i32 %v
}

!0 = !{!"root"}
!1 = !{!"int", !0, i64 0}
!2 = !{!"s", !1, i64 0}
!3 = !{!2, !1, i64 4}
!4 = !{!1, !1, i64 0}
