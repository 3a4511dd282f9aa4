; Debug records whose expressions hold operations older verifiers do not
; take: DW_OP_ne (LLVM 19 on), DW_OP_abs (22 on, with a fragment), and one
; every reader takes.
source_filename = "dbg-expr-ops.c"

define i32 @f(i32 %x) !dbg !5 {
    #dbg_value(i32 %x, !9, !DIExpression(DW_OP_lit0, DW_OP_ne, DW_OP_stack_value), !12)
    #dbg_value(i32 %x, !10, !DIExpression(DW_OP_abs, DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 16), !12)
    #dbg_value(i32 %x, !11, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !12)
  ret i32 %x, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "dbg-expr-ops.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{!8, !8}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DILocalVariable(name: "nonzero", scope: !5, file: !1, line: 2, type: !8)
!10 = !DILocalVariable(name: "magnitude", scope: !5, file: !1, line: 3, type: !8)
!11 = !DILocalVariable(name: "next", scope: !5, file: !1, line: 4, type: !8)
!12 = !DILocation(line: 1, scope: !5)
