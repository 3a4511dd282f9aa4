; A function's `using namespace n;`: an imported entity of the function's
; scope, listed in its retainedNodes from LLVM 17 on.
source_filename = "dbg-local-import.cpp"

define void @f() !dbg !5 {
  ret void, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "dbg-local-import.cpp", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, unit: !0, spFlags: DISPFlagDefinition, retainedNodes: !8)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !{!9, !11}
!9 = !DILocalVariable(name: "x", scope: !5, file: !1, line: 2, type: !10)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !5, entity: !13, file: !1, line: 3)
!12 = !DILocation(line: 4, scope: !5)
!13 = !DINamespace(name: "n", scope: null)
