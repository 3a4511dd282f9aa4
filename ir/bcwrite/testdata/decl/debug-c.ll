; ModuleID = 'debug.c'
source_filename = "debug.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g = dso_local local_unnamed_addr global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16, !dbg !0
@__const.main.s = private unnamed_addr constant { i32, [4 x i8], double, [8 x i8] } { i32 1, [4 x i8] zeroinitializer, double 2.000000e+00, [8 x i8] c"abc\00\00\00\00\00" }, align 8

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i32 @add(i32 noundef %0, i32 noundef %1) local_unnamed_addr #0 !dbg !31 {
    #dbg_value(i32 %0, !35, !DIExpression(), !38)
    #dbg_value(i32 %1, !36, !DIExpression(), !38)
  %3 = add nsw i32 %1, %0, !dbg !39
    #dbg_value(i32 %3, !37, !DIExpression(), !38)
  %4 = mul nsw i32 %3, 3, !dbg !40
  ret i32 %4, !dbg !41
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local double @f(ptr noundef readonly captures(none) %0, i32 noundef %1) local_unnamed_addr #1 !dbg !42 {
    #dbg_value(ptr %0, !57, !DIExpression(), !62)
    #dbg_value(i32 %1, !58, !DIExpression(), !62)
    #dbg_value(double 0.000000e+00, !59, !DIExpression(), !62)
    #dbg_value(i32 0, !60, !DIExpression(), !63)
  %3 = getelementptr inbounds nuw i8, ptr %0, i64 16, !dbg !64
    #dbg_value(i32 0, !60, !DIExpression(), !63)
    #dbg_value(double 0.000000e+00, !59, !DIExpression(), !62)
  %4 = getelementptr inbounds nuw i8, ptr %0, i64 8
  %5 = load double, ptr %4, align 8, !tbaa !67
  %6 = icmp eq i32 %1, 5
  br label %7, !dbg !70

7:                                                ; preds = %7, %2
  %8 = phi i64 [ 0, %2 ], [ %14, %7 ]
  %9 = phi double [ 0.000000e+00, %2 ], [ %13, %7 ]
    #dbg_value(i64 %8, !60, !DIExpression(), !63)
    #dbg_value(double %9, !59, !DIExpression(), !62)
  %10 = getelementptr inbounds nuw i8, ptr %3, i64 %8, !dbg !71
  %11 = load i8, ptr %10, align 1, !dbg !71, !tbaa !72
  %12 = sitofp i8 %11 to double, !dbg !71
  %13 = tail call double @llvm.fmuladd.f64(double %12, double %5, double %9), !dbg !73
    #dbg_value(double %13, !59, !DIExpression(), !62)
    #dbg_value(i64 %8, !60, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !63)
  %14 = add nuw nsw i64 %8, 1
    #dbg_value(i64 %14, !60, !DIExpression(), !63)
    #dbg_value(i64 %14, !60, !DIExpression(), !63)
    #dbg_value(double %13, !59, !DIExpression(), !62)
  %15 = icmp eq i64 %14, 8
  %16 = select i1 %6, i1 true, i1 %15, !dbg !74
  br i1 %16, label %17, label %7, !dbg !74, !llvm.loop !76

17:                                               ; preds = %7
    #dbg_value(double %13, !59, !DIExpression(), !62)
  %18 = load i32, ptr %0, align 8, !dbg !81, !tbaa !82
  %19 = sitofp i32 %18 to double, !dbg !83
  %20 = fadd double %13, %19, !dbg !84
  ret double %20, !dbg !85
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #2

; Function Attrs: nofree norecurse nosync nounwind memory(none) uwtable
define dso_local i32 @main(i32 noundef %0, ptr noundef readnone captures(none) %1) local_unnamed_addr #3 !dbg !86 {
    #dbg_assign(i1 poison, !94, !DIExpression(), !95, ptr @__const.main.s, !DIExpression(), !96)
    #dbg_value(i32 %0, !92, !DIExpression(), !96)
    #dbg_value(ptr %1, !93, !DIExpression(), !96)
    #dbg_assign(i1 poison, !94, !DIExpression(), !97, ptr @__const.main.s, !DIExpression(), !96)
    #dbg_value(ptr @__const.main.s, !57, !DIExpression(), !98)
    #dbg_value(i32 6, !58, !DIExpression(), !98)
    #dbg_value(double 0.000000e+00, !59, !DIExpression(), !98)
    #dbg_value(i32 0, !60, !DIExpression(), !100)
  br label %3, !dbg !101

3:                                                ; preds = %3, %2
  %4 = phi i64 [ 0, %2 ], [ %10, %3 ]
  %5 = phi double [ 0.000000e+00, %2 ], [ %9, %3 ]
    #dbg_value(i64 %4, !60, !DIExpression(), !100)
    #dbg_value(double %5, !59, !DIExpression(), !98)
  %6 = getelementptr inbounds nuw i8, ptr getelementptr inbounds nuw (i8, ptr @__const.main.s, i64 16), i64 %4, !dbg !102
  %7 = load i8, ptr %6, align 1, !dbg !102, !tbaa !72
  %8 = sitofp i8 %7 to double, !dbg !102
  %9 = tail call double @llvm.fmuladd.f64(double %8, double 2.000000e+00, double %5), !dbg !103
    #dbg_value(double %9, !59, !DIExpression(), !98)
    #dbg_value(i64 %4, !60, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !100)
  %10 = add nuw nsw i64 %4, 1
    #dbg_value(i64 %10, !60, !DIExpression(), !100)
  %11 = icmp eq i64 %10, 8
  br i1 %11, label %12, label %3, !dbg !104, !llvm.loop !105

12:                                               ; preds = %3
    #dbg_value(double %9, !59, !DIExpression(), !98)
  %13 = fadd double %9, 1.000000e+00, !dbg !108
  %14 = fptosi double %13 to i32, !dbg !109
    #dbg_value(i32 %0, !35, !DIExpression(), !110)
    #dbg_value(i32 2, !36, !DIExpression(), !110)
    #dbg_value(i32 %0, !37, !DIExpression(DW_OP_plus_uconst, 2, DW_OP_stack_value), !110)
  %15 = mul i32 %0, 3, !dbg !112
  %16 = add i32 %15, 6, !dbg !112
  %17 = add nsw i32 %16, %14, !dbg !113
  ret i32 %17, !dbg !114
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nofree norecurse nosync nounwind memory(none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!19, !20, !21, !22, !23, !24, !25}
!llvm.ident = !{!26}
!llvm.errno.tbaa = !{!27}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "g", scope: !2, file: !3, line: 4, type: !16, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !4, retainedTypes: !11, globals: !13, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "debug.c", directory: "/src", checksumkind: CSK_MD5, checksum: "e156243c2ad5eb2c0c6a4ba24bd4d46f")
!4 = !{!5}
!5 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "E", file: !3, line: 2, baseType: !6, size: 32, elements: !7)
!6 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!7 = !{!8, !9, !10}
!8 = !DIEnumerator(name: "A", value: 0)
!9 = !DIEnumerator(name: "B", value: 5)
!10 = !DIEnumerator(name: "C", value: 6)
!11 = !{!12}
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!13 = !{!0, !14}
!14 = !DIGlobalVariableExpression(var: !15, expr: !DIExpression(DW_OP_constu, 3, DW_OP_stack_value))
!15 = distinct !DIGlobalVariable(name: "counter", scope: !2, file: !3, line: 3, type: !12, isLocal: true, isDefinition: true)
!16 = !DICompositeType(tag: DW_TAG_array_type, baseType: !12, size: 128, elements: !17)
!17 = !{!18}
!18 = !DISubrange(count: 4)
!19 = !{i32 7, !"Dwarf Version", i32 5}
!20 = !{i32 2, !"Debug Info Version", i32 3}
!21 = !{i32 1, !"wchar_size", i32 4}
!22 = !{i32 8, !"PIC Level", i32 2}
!23 = !{i32 7, !"PIE Level", i32 2}
!24 = !{i32 7, !"uwtable", i32 2}
!25 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!26 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!27 = !{!28, !28, i64 0}
!28 = !{!"int", !29, i64 0}
!29 = !{!"omnipotent char", !30, i64 0}
!30 = !{!"Simple C/C++ TBAA"}
!31 = distinct !DISubprogram(name: "add", scope: !3, file: !3, line: 5, type: !32, scopeLine: 5, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !34, keyInstructions: true)
!32 = !DISubroutineType(types: !33)
!33 = !{!12, !12, !12}
!34 = !{!35, !36, !37}
!35 = !DILocalVariable(name: "x", arg: 1, scope: !31, file: !3, line: 5, type: !12)
!36 = !DILocalVariable(name: "y", arg: 2, scope: !31, file: !3, line: 5, type: !12)
!37 = !DILocalVariable(name: "z", scope: !31, file: !3, line: 5, type: !12)
!38 = !DILocation(line: 0, scope: !31)
!39 = !DILocation(line: 5, column: 35, scope: !31, atomGroup: 1, atomRank: 2)
!40 = !DILocation(line: 5, column: 49, scope: !31, atomGroup: 3, atomRank: 2)
!41 = !DILocation(line: 5, column: 40, scope: !31, atomGroup: 3, atomRank: 1)
!42 = distinct !DISubprogram(name: "f", scope: !3, file: !3, line: 6, type: !43, scopeLine: 6, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !56, keyInstructions: true)
!43 = !DISubroutineType(types: !44)
!44 = !{!45, !46, !5}
!45 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!46 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !47, size: 64)
!47 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !3, line: 1, size: 192, elements: !48)
!48 = !{!49, !50, !51}
!49 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !47, file: !3, line: 1, baseType: !12, size: 32)
!50 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !47, file: !3, line: 1, baseType: !45, size: 64, offset: 64)
!51 = !DIDerivedType(tag: DW_TAG_member, name: "name", scope: !47, file: !3, line: 1, baseType: !52, size: 64, offset: 128)
!52 = !DICompositeType(tag: DW_TAG_array_type, baseType: !53, size: 64, elements: !54)
!53 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!54 = !{!55}
!55 = !DISubrange(count: 8)
!56 = !{!57, !58, !59, !60}
!57 = !DILocalVariable(name: "s", arg: 1, scope: !42, file: !3, line: 6, type: !46)
!58 = !DILocalVariable(name: "e", arg: 2, scope: !42, file: !3, line: 6, type: !5)
!59 = !DILocalVariable(name: "acc", scope: !42, file: !3, line: 7, type: !45)
!60 = !DILocalVariable(name: "i", scope: !61, file: !3, line: 8, type: !12)
!61 = distinct !DILexicalBlock(scope: !42, file: !3, line: 8, column: 3)
!62 = !DILocation(line: 0, scope: !42)
!63 = !DILocation(line: 0, scope: !61)
!64 = !DILocation(line: 8, column: 43, scope: !65)
!65 = distinct !DILexicalBlock(scope: !66, file: !3, line: 8, column: 31)
!66 = distinct !DILexicalBlock(scope: !61, file: !3, line: 8, column: 3)
!67 = !{!68, !69, i64 8}
!68 = !{!"S", !28, i64 0, !69, i64 8, !29, i64 16}
!69 = !{!"double", !29, i64 0}
!70 = !DILocation(line: 8, column: 3, scope: !61, atomGroup: 13, atomRank: 1)
!71 = !DILocation(line: 8, column: 40, scope: !65)
!72 = !{!29, !29, i64 0}
!73 = !DILocation(line: 8, column: 37, scope: !65, atomGroup: 5, atomRank: 2)
!74 = !DILocation(line: 8, column: 65, scope: !75, atomGroup: 6, atomRank: 1)
!75 = distinct !DILexicalBlock(scope: !65, file: !3, line: 8, column: 63)
!76 = distinct !{!76, !77, !78, !79, !80}
!77 = !DILocation(line: 8, column: 3, scope: !61)
!78 = !DILocation(line: 8, column: 78, scope: !61)
!79 = !{!"llvm.loop.mustprogress"}
!80 = !{!"llvm.loop.unroll.disable"}
!81 = !DILocation(line: 9, column: 19, scope: !42)
!82 = !{!68, !28, i64 0}
!83 = !DILocation(line: 9, column: 16, scope: !42)
!84 = !DILocation(line: 9, column: 14, scope: !42, atomGroup: 11, atomRank: 2)
!85 = !DILocation(line: 9, column: 3, scope: !42, atomGroup: 11, atomRank: 1)
!86 = distinct !DISubprogram(name: "main", scope: !3, file: !3, line: 11, type: !87, scopeLine: 11, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !91, keyInstructions: true)
!87 = !DISubroutineType(types: !88)
!88 = !{!12, !12, !89}
!89 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !90, size: 64)
!90 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !53, size: 64)
!91 = !{!92, !93, !94}
!92 = !DILocalVariable(name: "argc", arg: 1, scope: !86, file: !3, line: 11, type: !12)
!93 = !DILocalVariable(name: "argv", arg: 2, scope: !86, file: !3, line: 11, type: !89)
!94 = !DILocalVariable(name: "s", scope: !86, file: !3, line: 11, type: !47)
!95 = distinct !DIAssignID()
!96 = !DILocation(line: 0, scope: !86)
!97 = distinct !DIAssignID()
!98 = !DILocation(line: 0, scope: !42, inlinedAt: !99)
!99 = distinct !DILocation(line: 11, column: 77, scope: !86)
!100 = !DILocation(line: 0, scope: !61, inlinedAt: !99)
!101 = !DILocation(line: 8, column: 3, scope: !61, inlinedAt: !99, atomGroup: 13, atomRank: 1)
!102 = !DILocation(line: 8, column: 40, scope: !65, inlinedAt: !99)
!103 = !DILocation(line: 8, column: 37, scope: !65, inlinedAt: !99, atomGroup: 5, atomRank: 2)
!104 = !DILocation(line: 8, column: 65, scope: !75, inlinedAt: !99, atomGroup: 6, atomRank: 1)
!105 = distinct !{!105, !106, !107, !79, !80}
!106 = !DILocation(line: 8, column: 3, scope: !61, inlinedAt: !99)
!107 = !DILocation(line: 8, column: 78, scope: !61, inlinedAt: !99)
!108 = !DILocation(line: 9, column: 14, scope: !42, inlinedAt: !99, atomGroup: 11, atomRank: 2)
!109 = !DILocation(line: 11, column: 72, scope: !86)
!110 = !DILocation(line: 0, scope: !31, inlinedAt: !111)
!111 = distinct !DILocation(line: 11, column: 88, scope: !86)
!112 = !DILocation(line: 5, column: 49, scope: !31, inlinedAt: !111, atomGroup: 3, atomRank: 2)
!113 = !DILocation(line: 11, column: 86, scope: !86, atomGroup: 3, atomRank: 2)
!114 = !DILocation(line: 11, column: 65, scope: !86, atomGroup: 3, atomRank: 1)
