; llvm.dbg.addr (LLVM 6 to 16): DIExpression::append, which gives the expression
; its DW_OP_deref, then folds its constant arithmetic (foldConstantMath):
; +0 goes, constants meet, DW_OP_plus_uconst and literals are
; respelled; what would overflow stays.
define void @f(i32 %a) !dbg !10 {
  %p = alloca i32
  call void @llvm.dbg.addr(metadata ptr %p, metadata !16, metadata !DIExpression(DW_OP_plus_uconst, 0)), !dbg !17
  call void @llvm.dbg.addr(metadata ptr %p, metadata !16, metadata !DIExpression(DW_OP_constu, 2, DW_OP_constu, 3, DW_OP_plus)), !dbg !17
  call void @llvm.dbg.addr(metadata ptr %p, metadata !16, metadata !DIExpression(DW_OP_plus_uconst, 4, DW_OP_plus_uconst, 6)), !dbg !17
  call void @llvm.dbg.addr(metadata ptr %p, metadata !16, metadata !DIExpression(DW_OP_constu, 18446744073709551615, DW_OP_constu, 1, DW_OP_plus)), !dbg !17
  call void @llvm.dbg.addr(metadata ptr %p, metadata !16, metadata !DIExpression(DW_OP_constu, 2, DW_OP_plus, DW_OP_LLVM_arg, 0, DW_OP_plus, DW_OP_constu, 3, DW_OP_plus)), !dbg !17
  call void @llvm.dbg.addr(metadata ptr %p, metadata !16, metadata !DIExpression(DW_OP_lit0, DW_OP_stack_value)), !dbg !17
  call void @llvm.dbg.addr(metadata ptr %p, metadata !16, metadata !DIExpression(DW_OP_constu, 8, DW_OP_constu, 2, DW_OP_shr, DW_OP_constu, 3, DW_OP_shl)), !dbg !17
  ret void
}
declare void @llvm.dbg.addr(metadata, metadata, metadata)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1)
!1 = !DIFile(filename: "a.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !12, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!12 = !DISubroutineType(types: !13)
!13 = !{null}
!16 = !DILocalVariable(name: "a", arg: 1, scope: !10, file: !1, line: 1, type: !14)
!14 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!17 = !DILocation(line: 1, column: 1, scope: !10)
