; Module flags of the Append and AppendUnique kinds, merged with those of
; flags-append-b.ll and flags-append-c.ll: llvm-link-22 makes the flag and its
; value distinct and adds to them (Append even the same value again).
!llvm.module.flags = !{!0, !1, !2}
!0 = !{i32 5, !"app", !3}
!1 = !{i32 6, !"appu", !4}
!2 = !{i32 5, !"same", !5}
!3 = !{!"a", !"b"}
!4 = !{!"x", !"y"}
!5 = !{!"s"}
