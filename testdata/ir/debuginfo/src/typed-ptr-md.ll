; Typed-pointer metadata (LLVM 14 syntax, assembled by llvm-as-14): once
; every pointer type is ptr, nodes whose operands were different pointer
; constants are equal, and LLVM 22 makes them one node; so are the nodes
; that then have equal operands, module-level and in a function's own
; metadata, but never distinct ones; @k's !bar is @f's !foo.
@g = global i32 0
@h = global i8 0
@arr = global [2 x i32*] zeroinitializer

define void @f(i8* %p) {
  ret void, !foo !40, !bar !41, !baz !42
}

define void @k() {
  ret void, !foo !43, !bar !46
}

!named = !{!0, !1, !2, !3, !4, !5, !6, !7, !8, !9, !10, !11, !12, !13, !14, !15, !16, !17, !18, !19}
!0 = !{i8* undef}
!1 = !{i32* undef}
!2 = !{i8* null}
!3 = !{i32* null}
!4 = !{i8* bitcast (i32* @g to i8*)}
!5 = !{i32* @g}
!6 = !{!0, !"x"}
!7 = !{!1, !"x"}
!8 = distinct !{i8* null}
!9 = !{i64 1, !10}
!10 = !{i16* null}
!11 = !{[2 x i8*] zeroinitializer}
!12 = !{[2 x i16*] zeroinitializer}
!13 = !{i64 ptrtoint (i8* @h to i64)}
!14 = !{i64 ptrtoint (i8* bitcast (i32* @g to i8*) to i64)}
!15 = !{i64 ptrtoint (i32* @g to i64)}
!16 = !{!6, !9}
!17 = !{!7, !9}
!18 = !{i8 addrspace(1)* null}
!19 = !{i32 addrspace(1)* null, !18}
!40 = !{i8* undef, !"loc", !44}
!41 = !{i32* undef, !"loc", !45}
!42 = !{i64* null, !"f only"}
!43 = !{i64 7, !"k"}
!44 = !{i16* null}
!45 = !{i64* null}
!46 = !{i64* undef, !"loc", !47}
!47 = !{i8** null}
