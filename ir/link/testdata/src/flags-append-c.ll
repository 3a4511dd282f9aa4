; See flags-append-a.ll.
!llvm.module.flags = !{!0}
!0 = !{i32 5, !"app", !3}
!3 = !{!"d"}
