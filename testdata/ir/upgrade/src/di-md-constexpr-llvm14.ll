; Removed constant expressions (mul, icmp; LLVM 22 has neither) in metadata:
; LLVM 22 reads each value holding one as poison, the icmp of a global with
; null folds to false.
@g = global i32 0
!foo = !{!0}
!0 = !{i64 add (i64 mul (i64 ptrtoint (i32* @g to i64), i64 2), i64 1), <2 x i64> <i64 mul (i64 ptrtoint (i32* @g to i64), i64 5), i64 1>, i1 icmp eq (i32* @g, i32* null), i64 ptrtoint (i32* getelementptr (i32, i32* @g, i64 mul (i64 ptrtoint (i32* @g to i64), i64 7)) to i64)}
define void @f() {
  call void @llvm.dbg.value(metadata i64 mul (i64 ptrtoint (i32* @g to i64), i64 3), metadata !1, metadata !DIExpression()), !dbg !2
  ret void
}
declare void @llvm.dbg.value(metadata, metadata, metadata)
!llvm.module.flags = !{!5}
!llvm.dbg.cu = !{!6}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = distinct !DICompileUnit(language: DW_LANG_C99, file: !7, emissionKind: FullDebug)
!7 = !DIFile(filename: "a.c", directory: ".")
!8 = distinct !DISubprogram(name: "f", scope: !7, file: !7, unit: !6, spFlags: DISPFlagDefinition)
!1 = !DILocalVariable(name: "x", scope: !8, file: !7)
!2 = !DILocation(line: 1, scope: !8)
