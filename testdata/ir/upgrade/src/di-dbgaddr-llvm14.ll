; llvm.dbg.addr (LLVM 6 to 16): llvm-dis-22 makes each call a #dbg_value
; whose expression gets DW_OP_deref, before a DW_OP_stack_value or a
; DW_OP_LLVM_fragment when it has one.
define void @f(i32* %p, i64* %q) !dbg !4 {
  call void @llvm.dbg.addr(metadata i32* %p, metadata !8, metadata !DIExpression()), !dbg !9
  call void @llvm.dbg.addr(metadata i32* %p, metadata !8, metadata !DIExpression(DW_OP_plus_uconst, 4, DW_OP_stack_value)), !dbg !9
  call void @llvm.dbg.addr(metadata i64* %q, metadata !10, metadata !DIExpression(DW_OP_constu, 8, DW_OP_minus, DW_OP_LLVM_fragment, 0, 32)), !dbg !9
  call void @llvm.dbg.value(metadata i32* %p, metadata !8, metadata !DIExpression()), !dbg !9
  ret void, !dbg !9
}
declare void @llvm.dbg.addr(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: ".")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILocalVariable(name: "x", scope: !4, file: !1, line: 1, type: !7)
!9 = !DILocation(line: 1, column: 1, scope: !4)
!10 = !DILocalVariable(name: "y", scope: !4, file: !1, line: 1, type: !11)
!11 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
