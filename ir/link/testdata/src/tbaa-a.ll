; llvm-as flags: -disable-verify
; @h's !tbaa tag fails LLVM's TBAA verifier: llvm-link-22 drops the !tbaa of
; the bodies of this module it links from @h on (@f, which calls @h, is
; linked first and keeps its tag; @g comes after @h).
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, !tbaa !4
  %w = call i32 @h(ptr %p)
  ret i32 %v
}
define i32 @g(ptr %p) {
  %v = load i32, ptr %p, !tbaa !4
  ret i32 %v
}
define i32 @h(ptr %p) {
  %v = load i32, ptr %p, !tbaa !3
  ret i32 %v
}

!0 = !{!"root"}
!1 = !{!"int", !0, i64 0}
!2 = !{!"s", !1, i64 0}
!3 = !{!2, !1, i64 4}
!4 = !{!1, !1, i64 0}
