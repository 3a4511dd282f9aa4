; Metadata as LLVM 3.5 and older wrote it (mklegacy rewrites what llvm-as-13
; makes of this): each string its own METADATA_STRING_OLD, each uniqued
; tuple a METADATA_OLD_NODE of (type, value) pairs, values inline.
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0

define i32 @f(i32* %p) {
  %v = load i32, i32* %p, align 4, !tbaa !5, !my.kind !8
  ret i32 %v
}

!llvm.module.flags = !{!0, !1}
!llvm.ident = !{!2}
!named = !{!3, !4, !9}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{!"clang version 3.4"}
!3 = !{null, !"text with \22quotes\22", i64 -1, float 1.5, i32* @g}
!4 = !{!3, !{}, !{!4}}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !10, i64 0}
!8 = distinct !{!8, !"self"}
!9 = !{i8* bitcast (i32 (i32*)* @f to i8*), [2 x i8] c"ab"}
!10 = !{!"Simple C/C++ TBAA"}
