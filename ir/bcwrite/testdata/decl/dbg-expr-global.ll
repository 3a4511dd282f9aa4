; A global variable's location expression with DW_OP_ne, which readers
; before LLVM 19 do not take: for them the variable is optimized out (the
; expression emptied, detached from @g).
source_filename = "dbg-expr-global.c"

@g = global i8 0, !dbg !9

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug, globals: !4)
!1 = !DIFile(filename: "dbg-expr-global.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{!9}
!8 = !DIBasicType(name: "_Bool", size: 8, encoding: DW_ATE_boolean)
!9 = !DIGlobalVariableExpression(var: !10, expr: !DIExpression(DW_OP_deref_size, 1, DW_OP_lit0, DW_OP_ne, DW_OP_stack_value))
!10 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !8, isLocal: false, isDefinition: true)
