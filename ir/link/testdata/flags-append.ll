; ModuleID = 'linked.bc'
source_filename = "llvm-link"

!llvm.module.flags = !{!0, !2, !4}

!0 = distinct !{i32 5, !"app", !1}
!1 = distinct !{!"a", !"b", !"c", !"d"}
!2 = distinct !{i32 6, !"appu", !3}
!3 = distinct !{!"x", !"y", !"z", !"w"}
!4 = distinct !{i32 5, !"same", !5}
!5 = distinct !{!"s", !"s"}
