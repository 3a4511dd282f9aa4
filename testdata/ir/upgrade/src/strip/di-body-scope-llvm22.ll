; llvm-as flags: -disable-verify
; A location whose scope is a tuple, which only the body reaches: LLVM's
; verifier fails it ("location requires a valid scope") and llvm-dis-22
; strips the module's debug info; bcextract, printing the module by then,
; must say so.
define void @f() !dbg !5 {
  ret void, !dbg !10
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
!10 = !DILocation(line: 2, column: 1, scope: !6)
