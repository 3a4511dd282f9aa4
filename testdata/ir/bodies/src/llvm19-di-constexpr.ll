; A debug record whose value is an old constant expression (llvm-as-19):
; llvm-dis-22 makes its instruction at the end of the block read so far,
; after the instruction the record goes before.
@x = global i32 0
define void @f() !dbg !5 {
  %a = alloca i32
    #dbg_value(i64 mul (i64 ptrtoint (ptr @x to i64), i64 3), !9, !DIExpression(), !10)
  store i32 1, ptr %a
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: ".")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, unit: !0, retainedNodes: !8)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !{}
!9 = !DILocalVariable(name: "v", scope: !5, file: !1, line: 2, type: !11)
!10 = !DILocation(line: 2, column: 1, scope: !5)
!11 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
