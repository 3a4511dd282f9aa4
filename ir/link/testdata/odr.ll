; ModuleID = 'linked.bc'
source_filename = "llvm-link"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.T = type { i32 }
%struct.S = type { i32, i64 }

$_ZN1D1fEv = comdat any

@sp = dso_local global ptr null, align 8, !dbg !0
@ta = dso_local global %struct.T zeroinitializer, align 4, !dbg !5
@sb = dso_local global %struct.S zeroinitializer, align 8, !dbg !18
@tb = dso_local global %struct.T zeroinitializer, align 4, !dbg !22
@_ZTV1D = dso_local unnamed_addr constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr @_ZTI1D, ptr @_ZN1D1kEv] }, align 8, !dbg !24
@_ZTI1D = dso_local constant { ptr, ptr } { ptr getelementptr inbounds (ptr, ptr @_ZTVN10__cxxabiv117__class_type_infoE, i64 2), ptr @_ZTS1D }, align 8
@_ZTVN10__cxxabiv117__class_type_infoE = external global [0 x ptr]
@_ZTS1D = dso_local constant [3 x i8] c"1D\00", align 1

; Function Attrs: mustprogress noinline optnone uwtable
define dso_local noundef i32 @_Z4useDP1D(ptr noundef %0) #0 !dbg !47 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
    #dbg_declare(ptr %2, !53, !DIExpression(), !54)
  %3 = load ptr, ptr %2, align 8, !dbg !55
  %4 = call noundef i32 @_ZN1D1fEv(ptr noundef nonnull align 8 dereferenceable(8) %3), !dbg !56
  ret i32 %4, !dbg !57
}

; Function Attrs: mustprogress noinline nounwind optnone uwtable
define linkonce_odr dso_local noundef i32 @_ZN1D1fEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #1 comdat align 2 !dbg !58 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
    #dbg_declare(ptr %2, !63, !DIExpression(), !64)
  %3 = load ptr, ptr %2, align 8
  ret i32 1, !dbg !65
}

; Function Attrs: mustprogress noinline optnone uwtable
define dso_local noundef i32 @_ZN1D1kEv(ptr noundef nonnull align 8 dereferenceable(8) %0) unnamed_addr #0 align 2 !dbg !66 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
    #dbg_declare(ptr %2, !67, !DIExpression(), !69)
  %3 = load ptr, ptr %2, align 8
  %4 = call noundef i32 @_ZN1D1fEv(ptr noundef nonnull align 8 dereferenceable(8) %3), !dbg !70
  ret i32 %4, !dbg !71
}

attributes #0 = { mustprogress noinline optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!2, !20}
!llvm.module.flags = !{!40, !41, !42, !43, !44, !45, !46}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "sp", scope: !2, file: !3, line: 6, type: !11, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !3, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "src/odr-a.cpp", directory: ".", checksumkind: CSK_MD5, checksum: "9bc02cdce14f02db148354bb9d20590e")
!4 = !{!0, !5}
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression())
!6 = distinct !DIGlobalVariable(name: "ta", scope: !2, file: !3, line: 7, type: !7, isLocal: false, isDefinition: true)
!7 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "T", file: !3, line: 3, size: 32, flags: DIFlagTypePassByValue, elements: !8, identifier: "_ZTS1T")
!8 = !{!9}
!9 = !DIDerivedType(tag: DW_TAG_member, name: "t", scope: !7, file: !3, line: 4, baseType: !10, size: 32)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64)
!12 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !13, line: 2, size: 128, flags: DIFlagTypePassByValue, elements: !14, identifier: "_ZTS1S")
!13 = !DIFile(filename: "src/odr-b.cpp", directory: ".", checksumkind: CSK_MD5, checksum: "4672e9143752e2081dfadb5d3d04a23b")
!14 = !{!15, !16}
!15 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !12, file: !13, line: 3, baseType: !10, size: 32)
!16 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !12, file: !13, line: 4, baseType: !17, size: 64, offset: 64)
!17 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!18 = !DIGlobalVariableExpression(var: !19, expr: !DIExpression())
!19 = distinct !DIGlobalVariable(name: "sb", scope: !20, file: !13, line: 9, type: !12, isLocal: false, isDefinition: true)
!20 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !13, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !21, splitDebugInlining: false, nameTableKind: None)
!21 = !{!18, !22, !24}
!22 = !DIGlobalVariableExpression(var: !23, expr: !DIExpression())
!23 = distinct !DIGlobalVariable(name: "tb", scope: !20, file: !13, line: 10, type: !7, isLocal: false, isDefinition: true)
!24 = !DIGlobalVariableExpression(var: !25, expr: !DIExpression())
!25 = distinct !DIGlobalVariable(name: "_vtable$", linkageName: "_ZTV1D", scope: !20, file: !13, type: !26, isLocal: false, isDefinition: true, declaration: !27, align: 64)
!26 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!27 = !DIDerivedType(tag: DW_TAG_variable, name: "_vtable$", scope: !28, file: !13, baseType: !26, flags: DIFlagPrivate | DIFlagArtificial | DIFlagStaticMember)
!28 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "D", file: !13, line: 12, size: 64, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !29, vtableHolder: !28)
!29 = !{!30, !35, !39}
!30 = !DIDerivedType(tag: DW_TAG_member, name: "_vptr$D", scope: !13, file: !13, baseType: !31, size: 64, flags: DIFlagArtificial)
!31 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !32, size: 64)
!32 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "__vtbl_ptr_type", baseType: !33, size: 64)
!33 = !DISubroutineType(types: !34)
!34 = !{!10}
!35 = !DISubprogram(name: "k", linkageName: "_ZN1D1kEv", scope: !28, file: !13, line: 13, type: !36, scopeLine: 13, containingType: !28, virtualIndex: 0, flags: DIFlagPrototyped, spFlags: DISPFlagVirtual)
!36 = !DISubroutineType(types: !37)
!37 = !{!10, !38}
!38 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !28, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!39 = !DISubprogram(name: "f", linkageName: "_ZN1D1fEv", scope: !28, file: !13, line: 14, type: !36, scopeLine: 14, flags: DIFlagPrototyped, spFlags: 0)
!40 = !{i32 7, !"Dwarf Version", i32 5}
!41 = !{i32 2, !"Debug Info Version", i32 3}
!42 = !{i32 1, !"wchar_size", i32 4}
!43 = !{i32 8, !"PIC Level", i32 2}
!44 = !{i32 7, !"PIE Level", i32 2}
!45 = !{i32 7, !"uwtable", i32 2}
!46 = !{i32 7, !"frame-pointer", i32 2}
!47 = distinct !DISubprogram(name: "useD", linkageName: "_Z4useDP1D", scope: !3, file: !3, line: 15, type: !48, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !52)
!48 = !DISubroutineType(types: !49)
!49 = !{!10, !50}
!50 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !51, size: 64)
!51 = !DICompositeType(tag: DW_TAG_structure_type, name: "D", file: !3, line: 11, size: 64, flags: DIFlagFwdDecl | DIFlagNonTrivial)
!52 = !{}
!53 = !DILocalVariable(name: "d", arg: 1, scope: !47, file: !3, line: 15, type: !50)
!54 = !DILocation(line: 15, column: 13, scope: !47)
!55 = !DILocation(line: 15, column: 25, scope: !47)
!56 = !DILocation(line: 15, column: 28, scope: !47)
!57 = !DILocation(line: 15, column: 18, scope: !47)
!58 = distinct !DISubprogram(name: "f", linkageName: "_ZN1D1fEv", scope: !51, file: !3, line: 13, type: !59, scopeLine: 13, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, declaration: !62, retainedNodes: !52)
!59 = !DISubroutineType(types: !60)
!60 = !{!10, !61}
!61 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !51, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!62 = !DISubprogram(name: "f", linkageName: "_ZN1D1fEv", scope: !51, file: !3, line: 13, type: !59, scopeLine: 13, flags: DIFlagPrototyped, spFlags: 0)
!63 = !DILocalVariable(name: "this", arg: 1, scope: !58, type: !50, flags: DIFlagArtificial | DIFlagObjectPointer)
!64 = !DILocation(line: 0, scope: !58)
!65 = !DILocation(line: 13, column: 13, scope: !58)
!66 = distinct !DISubprogram(name: "k", linkageName: "_ZN1D1kEv", scope: !28, file: !13, line: 16, type: !36, scopeLine: 16, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !20, declaration: !35, retainedNodes: !52)
!67 = !DILocalVariable(name: "this", arg: 1, scope: !66, type: !68, flags: DIFlagArtificial | DIFlagObjectPointer)
!68 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !28, size: 64)
!69 = !DILocation(line: 0, scope: !66)
!70 = !DILocation(line: 16, column: 21, scope: !66)
!71 = !DILocation(line: 16, column: 14, scope: !66)
