; llvm-as flags: -disable-verify
; A !tbaa tag the TBAA verifier rejects (offset 4 at a scalar access):
; llvm-dis-22 drops every !tbaa of the module.
define i32 @f(i32* %p) {
  %v = load i32, i32* %p, !tbaa !3
  store i32 1, i32* %p, !tbaa !4
  ret i32 %v
}

!0 = !{!"root"}
!1 = !{!"int", !0, i64 0}
!2 = !{!"s", !1, i64 0}
!3 = !{!2, !1, i64 4}
!4 = !{!1, !1, i64 0}
