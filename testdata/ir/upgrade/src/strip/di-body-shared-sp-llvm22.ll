; llvm-as flags: -disable-verify
; @f and @g share one DISubprogram: LLVM's verifier fails it
; ("DISubprogram attached to more than one function") and llvm-dis-22
; strips the debug info; bcextract must say so.
define void @f() !dbg !5 {
  ret void, !dbg !10
}
define void @g() !dbg !5 {
  ret void, !dbg !11
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !7, unit: !0)
!6 = !{null}
!7 = !DISubroutineType(types: !6)
!8 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 3, type: !7, unit: !0)
!9 = distinct !DILexicalBlock(scope: !5, file: !1, line: 2)
!10 = !DILocation(line: 2, column: 1, scope: !5)
!11 = !DILocation(line: 4, column: 1, scope: !5)
