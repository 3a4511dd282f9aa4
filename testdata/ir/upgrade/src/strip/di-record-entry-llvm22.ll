; llvm-as flags: -disable-verify
; An entry value outside MIR, of no swiftasync argument.
define void @f(i32 %x) !dbg !5 {
    #dbg_value(i32 %x, !11, !DIExpression(DW_OP_LLVM_entry_value, 1), !9)
  ret void, !dbg !9
}
!11 = !DILocalVariable(name: "v", scope: !5, file: !1, line: 2, type: !10)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 5, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!9 = !DILocation(line: 2, column: 1, scope: !5)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
