; See flags-append-a.ll.
!llvm.module.flags = !{!0, !1, !2}
!0 = !{i32 5, !"app", !3}
!1 = !{i32 6, !"appu", !4}
!2 = !{i32 5, !"same", !5}
!3 = !{!"c"}
!4 = !{!"y", !"z", !"x", !"w"}
!5 = !{!"s"}
