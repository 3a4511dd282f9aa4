; ModuleID = 'debugcxx.cpp'
source_filename = "debugcxx.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite, inaccessiblemem: readwrite) uwtable
define dso_local noundef double @_Z3runiPfS_(i32 noundef %0, ptr noundef captures(none) %1, ptr noundef readonly captures(none) %2) local_unnamed_addr #0 personality ptr @__gxx_personality_v0 !dbg !61 {
    #dbg_value(ptr poison, !84, !DIExpression(), !86)
    #dbg_value(i32 %0, !67, !DIExpression(), !86)
    #dbg_value(ptr %1, !68, !DIExpression(), !86)
    #dbg_value(ptr %2, !69, !DIExpression(), !86)
    #dbg_value(i32 1, !70, !DIExpression(DW_OP_LLVM_fragment, 0, 32), !86)
    #dbg_value(i32 2, !70, !DIExpression(DW_OP_LLVM_fragment, 32, 32), !86)
    #dbg_value(i8 0, !83, !DIExpression(DW_OP_LLVM_fragment, 64, 8), !86)
    #dbg_value(ptr poison, !83, !DIExpression(DW_OP_LLVM_fragment, 0, 64), !86)
    #dbg_value(double 3.000000e+00, !83, !DIExpression(DW_OP_LLVM_fragment, 128, 64), !86)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !87), !dbg !90
  tail call void @llvm.experimental.noalias.scope.decl(metadata !91), !dbg !90
    #dbg_value(ptr %1, !93, !DIExpression(), !106)
    #dbg_value(ptr %2, !102, !DIExpression(), !106)
    #dbg_value(i32 %0, !103, !DIExpression(), !106)
    #dbg_value(i32 0, !104, !DIExpression(), !108)
  %4 = icmp sgt i32 %0, 0, !dbg !109
  br i1 %4, label %5, label %34, !dbg !111

5:                                                ; preds = %3
  %6 = zext nneg i32 %0 to i64, !dbg !112
  %7 = icmp ult i32 %0, 8, !dbg !113
  br i1 %7, label %24, label %8, !dbg !113

8:                                                ; preds = %5
  %9 = and i64 %6, 2147483640
  br label %10, !dbg !113

10:                                               ; preds = %10, %8
  %11 = phi i64 [ 0, %8 ], [ %20, %10 ], !dbg !114
  %12 = getelementptr inbounds nuw float, ptr %2, i64 %11, !dbg !115
  %13 = getelementptr inbounds nuw i8, ptr %12, i64 16, !dbg !115
  %14 = load <4 x float>, ptr %12, align 4, !dbg !115, !tbaa !116, !alias.scope !91, !noalias !87
  %15 = load <4 x float>, ptr %13, align 4, !dbg !115, !tbaa !116, !alias.scope !91, !noalias !87
  %16 = fmul <4 x float> %14, splat (float 2.000000e+00), !dbg !118
  %17 = fmul <4 x float> %15, splat (float 2.000000e+00), !dbg !118
  %18 = getelementptr inbounds nuw float, ptr %1, i64 %11, !dbg !119
  %19 = getelementptr inbounds nuw i8, ptr %18, i64 16, !dbg !120
  store <4 x float> %16, ptr %18, align 4, !dbg !120, !tbaa !116, !alias.scope !87, !noalias !91
  store <4 x float> %17, ptr %19, align 4, !dbg !120, !tbaa !116, !alias.scope !87, !noalias !91
  %20 = add nuw i64 %11, 8, !dbg !114
  %21 = icmp eq i64 %20, %9, !dbg !121
  br i1 %21, label %22, label %10, !dbg !121, !llvm.loop !122

22:                                               ; preds = %10
  %23 = icmp eq i64 %9, %6, !dbg !121
  br i1 %23, label %34, label %24, !dbg !121

24:                                               ; preds = %5, %22
  %25 = phi i64 [ 0, %5 ], [ %9, %22 ]
  br label %26, !dbg !121

26:                                               ; preds = %24, %26
  %27 = phi i64 [ %32, %26 ], [ %25, %24 ]
    #dbg_value(i64 %27, !104, !DIExpression(), !108)
  %28 = getelementptr inbounds nuw float, ptr %2, i64 %27, !dbg !115
  %29 = load float, ptr %28, align 4, !dbg !115, !tbaa !116, !alias.scope !91, !noalias !87
  %30 = fmul float %29, 2.000000e+00, !dbg !118
  %31 = getelementptr inbounds nuw float, ptr %1, i64 %27, !dbg !119
  store float %30, ptr %31, align 4, !dbg !120, !tbaa !116, !alias.scope !87, !noalias !91
  %32 = add nuw nsw i64 %27, 1, !dbg !114
    #dbg_value(i64 %32, !104, !DIExpression(), !108)
  %33 = icmp eq i64 %32, %6, !dbg !112
  br i1 %33, label %34, label %26, !dbg !121, !llvm.loop !126

34:                                               ; preds = %26, %22, %3
    #dbg_value(ptr undef, !84, !DIExpression(), !86)
  %35 = load float, ptr %1, align 4, !dbg !127, !tbaa !116
  %36 = fpext float %35 to double, !dbg !127
  %37 = fadd double %36, 1.400000e+01, !dbg !128
  ret double %37, !dbg !129
}

declare i32 @__gxx_personality_v0(...)

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite, inaccessiblemem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!49, !50, !51, !52, !53, !54, !55}
!llvm.ident = !{!56}
!llvm.errno.tbaa = !{!57}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !2, globals: !9, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "debugcxx.cpp", directory: "/src", checksumkind: CSK_MD5, checksum: "d183ca35a2ed0ea611c9b6277bc400db")
!2 = !{!3}
!3 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "Kind", scope: !4, file: !1, line: 2, baseType: !5, size: 8, flags: DIFlagEnumClass, elements: !6, identifier: "_ZTSN3geo4KindE")
!4 = !DINamespace(name: "geo", scope: null)
!5 = !DIBasicType(name: "unsigned char", size: 8, encoding: DW_ATE_unsigned_char)
!6 = !{!7, !8}
!7 = !DIEnumerator(name: "Point", value: 0, isUnsigned: true)
!8 = !DIEnumerator(name: "Line", value: 1, isUnsigned: true)
!9 = !{!10, !46}
!10 = !DIGlobalVariableExpression(var: !11, expr: !DIExpression())
!11 = distinct !DIGlobalVariable(name: "_vtable$", linkageName: "_ZTVN3geo6SquareE", scope: !0, file: !1, type: !12, isLocal: false, isDefinition: true, declaration: !13, align: 64)
!12 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!13 = !DIDerivedType(tag: DW_TAG_variable, name: "_vtable$", scope: !14, file: !1, baseType: !12, flags: DIFlagArtificial | DIFlagStaticMember)
!14 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "Square", scope: !4, file: !1, line: 5, size: 192, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !15, vtableHolder: !17, identifier: "_ZTSN3geo6SquareE")
!15 = !{!16, !36, !37, !41}
!16 = !DIDerivedType(tag: DW_TAG_inheritance, scope: !14, baseType: !17, flags: DIFlagPublic, extraData: i32 0)
!17 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "Shape", scope: !4, file: !1, line: 4, size: 128, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !18, vtableHolder: !17, identifier: "_ZTSN3geo5ShapeE")
!18 = !{!19, !25, !26, !30}
!19 = !DIDerivedType(tag: DW_TAG_member, name: "_vptr$Shape", scope: !1, file: !1, baseType: !20, size: 64, flags: DIFlagArtificial)
!20 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !21, size: 64)
!21 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "__vtbl_ptr_type", baseType: !22, size: 64)
!22 = !DISubroutineType(types: !23)
!23 = !{!24}
!24 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!25 = !DIDerivedType(tag: DW_TAG_member, name: "k", scope: !17, file: !1, line: 4, baseType: !3, size: 8, offset: 64, flags: DIFlagPublic)
!26 = !DISubprogram(name: "~Shape", linkageName: "_ZN3geo5ShapeD4Ev", scope: !17, file: !1, line: 4, type: !27, scopeLine: 4, containingType: !17, virtualIndex: 0, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagVirtual | DISPFlagOptimized)
!27 = !DISubroutineType(types: !28)
!28 = !{null, !29}
!29 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !17, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!30 = !DISubprogram(name: "area", linkageName: "_ZNK3geo5Shape4areaEv", scope: !17, file: !1, line: 4, type: !31, scopeLine: 4, containingType: !17, virtualIndex: 2, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagPureVirtual | DISPFlagOptimized)
!31 = !DISubroutineType(types: !32)
!32 = !{!33, !34}
!33 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!34 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !35, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!35 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !17)
!36 = !DIDerivedType(tag: DW_TAG_member, name: "s", scope: !14, file: !1, line: 5, baseType: !33, size: 64, offset: 128)
!37 = !DISubprogram(name: "Square", linkageName: "_ZN3geo6SquareC4Ed", scope: !14, file: !1, line: 5, type: !38, scopeLine: 5, flags: DIFlagPublic | DIFlagExplicit | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!38 = !DISubroutineType(types: !39)
!39 = !{null, !40, !33}
!40 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!41 = !DISubprogram(name: "area", linkageName: "_ZNK3geo6Square4areaEv", scope: !14, file: !1, line: 5, type: !42, scopeLine: 5, containingType: !14, virtualIndex: 2, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagVirtual | DISPFlagOptimized)
!42 = !DISubroutineType(types: !43)
!43 = !{!33, !44}
!44 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !45, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!45 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !14)
!46 = !DIGlobalVariableExpression(var: !47, expr: !DIExpression())
!47 = distinct !DIGlobalVariable(name: "_vtable$", linkageName: "_ZTVN3geo5ShapeE", scope: !0, file: !1, type: !12, isLocal: false, isDefinition: true, declaration: !48, align: 64)
!48 = !DIDerivedType(tag: DW_TAG_variable, name: "_vtable$", scope: !17, file: !1, baseType: !12, flags: DIFlagArtificial | DIFlagStaticMember)
!49 = !{i32 7, !"Dwarf Version", i32 5}
!50 = !{i32 2, !"Debug Info Version", i32 3}
!51 = !{i32 1, !"wchar_size", i32 4}
!52 = !{i32 8, !"PIC Level", i32 2}
!53 = !{i32 7, !"PIE Level", i32 2}
!54 = !{i32 7, !"uwtable", i32 2}
!55 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!56 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!57 = !{!58, !58, i64 0}
!58 = !{!"int", !59, i64 0}
!59 = !{!"omnipotent char", !60, i64 0}
!60 = !{!"Simple C++ TBAA"}
!61 = distinct !DISubprogram(name: "run", linkageName: "_Z3runiPfS_", scope: !1, file: !1, line: 8, type: !62, scopeLine: 8, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !66, keyInstructions: true)
!62 = !DISubroutineType(types: !63)
!63 = !{!33, !24, !64, !64}
!64 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !65, size: 64)
!65 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!66 = !{!67, !68, !69, !70, !83, !84}
!67 = !DILocalVariable(name: "n", arg: 1, scope: !61, file: !1, line: 8, type: !24)
!68 = !DILocalVariable(name: "a", arg: 2, scope: !61, file: !1, line: 8, type: !64)
!69 = !DILocalVariable(name: "b", arg: 3, scope: !61, file: !1, line: 8, type: !64)
!70 = !DILocalVariable(name: "v", scope: !61, file: !1, line: 9, type: !71)
!71 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Vec<int>", scope: !4, file: !1, line: 3, size: 64, flags: DIFlagTypePassByValue, elements: !72, templateParams: !81, identifier: "_ZTSN3geo3VecIiEE")
!72 = !{!73, !74, !75}
!73 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !71, file: !1, line: 3, baseType: !24, size: 32)
!74 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !71, file: !1, line: 3, baseType: !24, size: 32, offset: 32)
!75 = !DISubprogram(name: "dot", linkageName: "_ZNK3geo3VecIiE3dotERKS1_", scope: !71, file: !1, line: 3, type: !76, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!76 = !DISubroutineType(types: !77)
!77 = !{!24, !78, !80}
!78 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !79, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!79 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !71)
!80 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !79, size: 64)
!81 = !{!82}
!82 = !DITemplateTypeParameter(name: "T", type: !24)
!83 = !DILocalVariable(name: "sq", scope: !61, file: !1, line: 10, type: !14)
!84 = !DILocalVariable(name: "s", scope: !61, file: !1, line: 12, type: !85)
!85 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !35, size: 64)
!86 = !DILocation(line: 0, scope: !61)
!87 = !{!88}
!88 = distinct !{!88, !89, !"_ZL5scalePfPKfi: argument 0"}
!89 = distinct !{!89, !"_ZL5scalePfPKfi"}
!90 = !DILocation(line: 11, column: 3, scope: !61)
!91 = !{!92}
!92 = distinct !{!92, !89, !"_ZL5scalePfPKfi: argument 1"}
!93 = !DILocalVariable(name: "a", arg: 1, scope: !94, file: !1, line: 7, type: !97)
!94 = distinct !DISubprogram(name: "scale", linkageName: "_ZL5scalePfPKfi", scope: !1, file: !1, line: 7, type: !95, scopeLine: 7, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !101, keyInstructions: true)
!95 = !DISubroutineType(types: !96)
!96 = !{null, !97, !98, !24}
!97 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !64)
!98 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !99)
!99 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !100, size: 64)
!100 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !65)
!101 = !{!93, !102, !103, !104}
!102 = !DILocalVariable(name: "b", arg: 2, scope: !94, file: !1, line: 7, type: !98)
!103 = !DILocalVariable(name: "n", arg: 3, scope: !94, file: !1, line: 7, type: !24)
!104 = !DILocalVariable(name: "i", scope: !105, file: !1, line: 7, type: !24)
!105 = distinct !DILexicalBlock(scope: !94, file: !1, line: 7, column: 83)
!106 = !DILocation(line: 0, scope: !94, inlinedAt: !107)
!107 = distinct !DILocation(line: 11, column: 3, scope: !61)
!108 = !DILocation(line: 0, scope: !105, inlinedAt: !107)
!109 = !DILocation(line: 7, column: 101, scope: !110, inlinedAt: !107, atomGroup: 8, atomRank: 1)
!110 = distinct !DILexicalBlock(scope: !105, file: !1, line: 7, column: 83)
!111 = !DILocation(line: 7, column: 83, scope: !105, inlinedAt: !107, atomGroup: 9, atomRank: 1)
!112 = !DILocation(line: 7, column: 101, scope: !110, inlinedAt: !107, atomGroup: 2, atomRank: 1)
!113 = !DILocation(line: 7, column: 83, scope: !105, inlinedAt: !107)
!114 = !DILocation(line: 7, column: 107, scope: !110, inlinedAt: !107, atomGroup: 5, atomRank: 2)
!115 = !DILocation(line: 7, column: 118, scope: !110, inlinedAt: !107)
!116 = !{!117, !117, i64 0}
!117 = !{!"float", !59, i64 0}
!118 = !DILocation(line: 7, column: 123, scope: !110, inlinedAt: !107, atomGroup: 4, atomRank: 2)
!119 = !DILocation(line: 7, column: 111, scope: !110, inlinedAt: !107)
!120 = !DILocation(line: 7, column: 116, scope: !110, inlinedAt: !107, atomGroup: 4, atomRank: 1)
!121 = !DILocation(line: 7, column: 83, scope: !105, inlinedAt: !107, atomGroup: 3, atomRank: 1)
!122 = distinct !{!122, !123, !124, !125}
!123 = !{!"llvm.loop.mustprogress"}
!124 = !{!"llvm.loop.isvectorized", i32 1}
!125 = !{!"llvm.loop.unroll.runtime.disable"}
!126 = distinct !{!126, !123, !125, !124}
!127 = !DILocation(line: 13, column: 32, scope: !61)
!128 = !DILocation(line: 13, column: 30, scope: !61, atomGroup: 4, atomRank: 2)
!129 = !DILocation(line: 14, column: 1, scope: !61, atomGroup: 4, atomRank: 1)
