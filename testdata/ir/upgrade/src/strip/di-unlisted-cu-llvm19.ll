; llvm-as flags: -disable-verify -disable-auto-upgrade-debug-info
; A DICompileUnit missing from !llvm.dbg.cu fails LLVM's verifier:
; llvm-dis-22 strips all debug info ("ignoring invalid debug info").
define i32 @f(i32 %x) !dbg !3 {
  ret i32 %x, !dbg !6
}

!llvm.dbg.cu = !{}
!llvm.module.flags = !{!2, !7}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: ".")
!2 = !{i32 7, !"Dwarf Version", i32 4}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !5)
!5 = !{null}
!6 = !DILocation(line: 1, column: 1, scope: !3)
!7 = !{i32 2, !"Debug Info Version", i32 3}
