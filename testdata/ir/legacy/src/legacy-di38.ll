; Debug info as LLVM 3.7 and 3.8 wrote it (mklegacy rewrites what
; llvm-as-13 makes of this): the compile unit lists its subprograms (the
; tuple !old.subprograms names) and each definition names its function
; (held as metadata by !old.functions) rather than its unit. LLVM 22 gives
; the listed subprograms the unit only when the list comes before the unit
; in the block (getMDOrNullWithoutPlaceholders); here it comes after (LLVM
; 13's order puts distinct nodes first), so the definitions have no unit,
; the verifier refuses them and llvm-dis-22 strips all debug info
; ("ignoring invalid debug info").
target triple = "x86_64-unknown-linux-gnu"

define i32 @add(i32 %a, i32 %b) !dbg !6 {
  %s = add i32 %a, %b, !dbg !12
  ret i32 %s, !dbg !12
}

define internal void @helper() !dbg !9 {
  ret void, !dbg !13
}

!old.subprograms = !{!5}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!old.functions = !{!14}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang version 3.8.0", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !2)
!1 = !DIFile(filename: "a.c", directory: "/src")
!2 = !{}
!3 = !{i32 2, !"Dwarf Version", i32 4}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{!6, !9}
!6 = distinct !DISubprogram(name: "add", scope: !1, file: !1, line: 1, type: !7, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !2)
!7 = !DISubroutineType(types: !8)
!8 = !{!10, !10, !10}
!9 = distinct !DISubprogram(name: "helper", scope: !1, file: !1, line: 5, type: !11, scopeLine: 5, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !0, retainedNodes: !2)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DISubroutineType(types: !{null})
!12 = !DILocation(line: 2, column: 3, scope: !6)
!13 = !DILocation(line: 6, column: 1, scope: !9)
!14 = !{i32 (i32, i32)* @add, void ()* @helper}
