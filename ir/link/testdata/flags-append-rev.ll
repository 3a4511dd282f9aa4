; ModuleID = 'linked.bc'
source_filename = "llvm-link"

!llvm.module.flags = !{!0, !2, !4}

!0 = distinct !{i32 5, !"app", !1}
!1 = distinct !{!"d", !"c", !"a", !"b"}
!2 = distinct !{i32 6, !"appu", !3}
!3 = distinct !{!"y", !"z", !"x", !"w"}
!4 = distinct !{i32 5, !"same", !5}
!5 = distinct !{!"s", !"s"}
