; Global variables' debug info as LLVM 3.9 and older wrote it (mklegacy
; rewrites what llvm-as-13 makes of this; !old.globals asks for it and
; holds the globals as metadata): each DIGlobalVariable (version 0) names
; its global variable, the unit lists the variables, the globals have no
; !dbg. LLVM 22 gives each global a distinct DIGlobalVariableExpression of
; its variable as !dbg, and wraps the unit's bare variables in other new
; ones.
target triple = "x86_64-unknown-linux-gnu"

@counter = global i32 0, align 4, !dbg !5
@table = internal global [4 x i16] zeroinitializer, align 2, !dbg !8

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!14, !15}
!old.globals = !{!16}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang version 3.9.1", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4)
!1 = !DIFile(filename: "g.c", directory: "/src")
!4 = !{!5, !8, !12}
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression())
!6 = distinct !DIGlobalVariable(name: "counter", scope: !0, file: !1, line: 1, type: !7, isLocal: false, isDefinition: true)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DIGlobalVariableExpression(var: !9, expr: !DIExpression())
!9 = distinct !DIGlobalVariable(name: "table", scope: !0, file: !1, line: 2, type: !10, isLocal: true, isDefinition: true)
!10 = !DICompositeType(tag: DW_TAG_array_type, baseType: !11, size: 64, elements: !13)
!11 = !DIBasicType(name: "short", size: 16, encoding: DW_ATE_signed)
!12 = !DIGlobalVariableExpression(var: !17, expr: !DIExpression())
!13 = !{!18}
!14 = !{i32 2, !"Dwarf Version", i32 4}
!15 = !{i32 2, !"Debug Info Version", i32 3}
!16 = !{i32* @counter, [4 x i16]* @table}
!17 = distinct !DIGlobalVariable(name: "gone", scope: !0, file: !1, line: 3, type: !7, isLocal: true, isDefinition: true)
!18 = !DISubrange(count: 4)
