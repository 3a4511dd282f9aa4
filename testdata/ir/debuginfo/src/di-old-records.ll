; The input of mkold (see ../mkold): its DISubrange and DIEnumerator
; records are rewritten into the layouts of older writers. Every count
; below is distinct so that no two subranges are one node; the lower
; bounds and enumerator values are replaced.
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "mkold", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !5, retainedTypes: !2)
!1 = !DIFile(filename: "old.c", directory: ".")
!2 = !{!10, !11}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !{!20}
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DICompositeType(tag: DW_TAG_array_type, baseType: !6, size: 32, elements: !12)
!11 = !DICompositeType(tag: DW_TAG_array_type, baseType: !6, size: 32, elements: !13)
!12 = !{!30, !31, !32, !33}
!13 = !{!34, !35, !36, !37}
!20 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "E", file: !1, line: 1, baseType: !6, size: 32, elements: !21)
!21 = !{!40, !41, !42, !43, !44, !45}
!30 = !DISubrange(count: 101)
!31 = !DISubrange(count: 102)
!32 = !DISubrange(count: 103)
!33 = !DISubrange(count: 104)
!34 = !DISubrange(count: 105)
!35 = !DISubrange(count: 106)
!36 = !DISubrange(count: 107)
!37 = !DISubrange(count: 108)
!40 = !DIEnumerator(name: "A", value: 1)
!41 = !DIEnumerator(name: "B", value: 2)
!42 = !DIEnumerator(name: "C", value: 3)
!43 = !DIEnumerator(name: "D", value: 4)
!44 = !DIEnumerator(name: "F", value: 5)
!45 = !DIEnumerator(name: "G", value: 6)
