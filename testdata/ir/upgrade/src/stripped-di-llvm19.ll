; llvm-as flags: -disable-auto-upgrade-debug-info
; Debug info without a "Debug Info Version" flag: llvm-dis-22 strips it
; (StripDebugInfo): !llvm.dbg.* and !llvm.gcov, the !dbg of functions and
; globals, debug locations, dbg intrinsic calls, !heapallocsite and
; !DIAssignID; what is not debug info (!prof, !tbaa, other named
; metadata) stays.
@g = global i32 0, !dbg !10

define i32 @f(i32 %x) !dbg !3 !prof !14 {
  call void @llvm.dbg.value(metadata i32 %x, metadata !12, metadata !DIExpression()), !dbg !6
  %p = call ptr @alloc(i64 4), !dbg !6, !heapallocsite !11
  store i32 %x, ptr %p, align 4, !tbaa !15, !DIAssignID !13
  ret i32 %x, !dbg !6
}

declare ptr @alloc(i64)
declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!llvm.gcov = !{!17}
!kept = !{!18}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !9)
!1 = !DIFile(filename: "a.c", directory: ".")
!2 = !{i32 7, !"Dwarf Version", i32 4}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !5)
!5 = !{null}
!6 = !DILocation(line: 1, column: 1, scope: !3)
!7 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !11, isLocal: false, isDefinition: true)
!8 = !DIGlobalVariableExpression(var: !7, expr: !DIExpression())
!9 = !{!8}
!10 = !DIGlobalVariableExpression(var: !7, expr: !DIExpression())
!11 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!12 = !DILocalVariable(name: "x", arg: 1, scope: !3, file: !1, line: 1, type: !11)
!13 = distinct !DIAssignID()
!14 = !{!"function_entry_count", i64 7}
!15 = !{!16, !16, i64 0}
!16 = !{!"int", !18, i64 0}
!17 = !{!"a.gcno", !"a.gcda", !0}
!18 = !{!"Simple C/C++ TBAA"}
