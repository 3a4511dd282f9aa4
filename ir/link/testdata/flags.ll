; ModuleID = 'linked.bc'
source_filename = "llvm-link"

!llvm.ident = !{!0}
!foo = !{!1, !2}
!llvm.module.flags = !{!3, !4, !5, !6, !7, !8}
!bar = !{!2}

!0 = !{!"producer x"}
!1 = !{!"a"}
!2 = !{!"b"}
!3 = !{i32 1, !"wchar_size", i32 4}
!4 = !{i32 7, !"max", i32 9}
!5 = !{i32 8, !"min", i32 1}
!6 = !{i32 4, !"over", i32 1}
!7 = !{i32 8, !"onlya", i32 0}
!8 = !{i32 7, !"onlyb", i32 3}
