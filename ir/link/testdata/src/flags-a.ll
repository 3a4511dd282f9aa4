; Module flags merged by behaviour, named metadata with duplicates once.
!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}
!foo = !{!6, !6}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"max", i32 2}
!2 = !{i32 8, !"min", i32 5}
!3 = !{i32 4, !"over", i32 1}
!4 = !{i32 8, !"onlya", i32 3}
!5 = !{!"producer x"}
!6 = !{!"a"}
