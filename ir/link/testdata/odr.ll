; ModuleID = 'linked.bc'
source_filename = "llvm-link"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.T = type { i32 }
%struct.S = type { i32, i64 }

@sp = dso_local global ptr null, align 8, !dbg !0
@ta = dso_local global %struct.T zeroinitializer, align 4, !dbg !5
@sb = dso_local global %struct.S zeroinitializer, align 8, !dbg !18
@tb = dso_local global %struct.T zeroinitializer, align 4, !dbg !22

!llvm.dbg.cu = !{!2, !20}
!llvm.module.flags = !{!24, !25, !26, !27, !28, !29, !30}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "sp", scope: !2, file: !3, line: 6, type: !11, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !3, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "src/odr-a.cpp", directory: ".", checksumkind: CSK_MD5, checksum: "140f2235fc3338d6d00ef68d0249d8cd")
!4 = !{!0, !5}
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression())
!6 = distinct !DIGlobalVariable(name: "ta", scope: !2, file: !3, line: 7, type: !7, isLocal: false, isDefinition: true)
!7 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "T", file: !3, line: 3, size: 32, flags: DIFlagTypePassByValue, elements: !8, identifier: "_ZTS1T")
!8 = !{!9}
!9 = !DIDerivedType(tag: DW_TAG_member, name: "t", scope: !7, file: !3, line: 4, baseType: !10, size: 32)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64)
!12 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !13, line: 2, size: 128, flags: DIFlagTypePassByValue, elements: !14, identifier: "_ZTS1S")
!13 = !DIFile(filename: "src/odr-b.cpp", directory: ".", checksumkind: CSK_MD5, checksum: "5761769209623efca33b156b4ed3732f")
!14 = !{!15, !16}
!15 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !12, file: !13, line: 3, baseType: !10, size: 32)
!16 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !12, file: !13, line: 4, baseType: !17, size: 64, offset: 64)
!17 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!18 = !DIGlobalVariableExpression(var: !19, expr: !DIExpression())
!19 = distinct !DIGlobalVariable(name: "sb", scope: !20, file: !13, line: 9, type: !12, isLocal: false, isDefinition: true)
!20 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !13, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !21, splitDebugInlining: false, nameTableKind: None)
!21 = !{!18, !22}
!22 = !DIGlobalVariableExpression(var: !23, expr: !DIExpression())
!23 = distinct !DIGlobalVariable(name: "tb", scope: !20, file: !13, line: 10, type: !7, isLocal: false, isDefinition: true)
!24 = !{i32 7, !"Dwarf Version", i32 5}
!25 = !{i32 2, !"Debug Info Version", i32 3}
!26 = !{i32 1, !"wchar_size", i32 4}
!27 = !{i32 8, !"PIC Level", i32 2}
!28 = !{i32 7, !"PIE Level", i32 2}
!29 = !{i32 7, !"uwtable", i32 2}
!30 = !{i32 7, !"frame-pointer", i32 2}
