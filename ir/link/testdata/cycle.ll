; ModuleID = 'linked.bc'
source_filename = "llvm-link"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @_ZN4YAML9ExceptionD2Ev() {
    #dbg_value(ptr null, !6, !DIExpression(), !23)
  ret void
}

define ptr @_ZN4YAML10DirectivesC2Ev(ptr %0) {
  %2 = getelementptr i8, ptr %0, i64 24, !dbg !46
  ret ptr %2
}

!llvm.dbg.cu = !{!0, !3}
!llvm.module.flags = !{!5}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !2, imports: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "yaml-cpp/src/exceptions.cpp", directory: ".", checksumkind: CSK_MD5, checksum: "247b5be6216a96e049cdcf306901f5ad")
!2 = !{}
!3 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !4, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !2, retainedTypes: !2, globals: !2, imports: !2, splitDebugInlining: false, nameTableKind: None)
!4 = !DIFile(filename: "yaml-cpp/src/directives.cpp", directory: ".", checksumkind: CSK_MD5, checksum: "c551d688ae77a9b34cd15819117dc699")
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !DILocalVariable(name: "this", arg: 1, scope: !7, type: !22, flags: DIFlagArtificial | DIFlagObjectPointer)
!7 = distinct !DISubprogram(name: "_M_is_local", linkageName: "_ZNKSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE11_M_is_localEv", scope: !9, file: !8, line: 273, type: !19, scopeLine: 274, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !20, retainedNodes: !2, keyInstructions: true)
!8 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/basic_string.h", directory: "")
!9 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "basic_string<char, std::char_traits<char>, std::allocator<char> >", scope: !11, file: !10, line: 1082, size: 256, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !13, templateParams: !2, identifier: "_ZTSNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE")
!10 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/basic_string.tcc", directory: "")
!11 = !DINamespace(name: "__cxx11", scope: !12, exportSymbols: true)
!12 = !DINamespace(name: "std", scope: null)
!13 = !{!14}
!14 = !DISubprogram(name: "_M_limit", linkageName: "_ZNKSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE8_M_limitEmm", scope: !9, file: !8, line: 400, type: !15, scopeLine: 400, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!15 = !DISubroutineType(types: !16)
!16 = !{!17}
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!18 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !9)
!19 = distinct !DISubroutineType(types: !2)
!20 = !DISubprogram(name: "_M_is_local", linkageName: "_ZNKSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE11_M_is_localEv", scope: !9, file: !8, line: 273, type: !21, scopeLine: 273, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!21 = distinct !DISubroutineType(types: !2)
!22 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64)
!23 = !DILocation(line: 0, scope: !7, inlinedAt: !24)
!24 = distinct !DILocation(line: 285, column: 7, scope: !25, inlinedAt: !31)
!25 = distinct !DILexicalBlock(scope: !26, file: !8, line: 285, column: 6)
!26 = distinct !DISubprogram(name: "_M_dispose", linkageName: "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE10_M_disposeEv", scope: !9, file: !8, line: 283, type: !27, scopeLine: 284, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !29, retainedNodes: !2, keyInstructions: true)
!27 = distinct !DISubroutineType(types: !28)
!28 = !{null}
!29 = !DISubprogram(name: "_M_dispose", linkageName: "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE10_M_disposeEv", scope: !9, file: !8, line: 283, type: !30, scopeLine: 283, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!30 = distinct !DISubroutineType(types: !28)
!31 = distinct !DILocation(line: 795, column: 9, scope: !32, inlinedAt: !35)
!32 = distinct !DILexicalBlock(scope: !33, file: !8, line: 795, column: 7)
!33 = distinct !DISubprogram(name: "~basic_string", linkageName: "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEED2Ev", scope: !9, file: !8, line: 794, type: !27, scopeLine: 795, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !34, retainedNodes: !2, keyInstructions: true)
!34 = !DISubprogram(name: "~basic_string", linkageName: "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEED4Ev", scope: !9, file: !8, line: 794, type: !30, scopeLine: 794, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!35 = distinct !DILocation(line: 7, column: 25, scope: !36)
!36 = distinct !DILexicalBlock(scope: !38, file: !37, line: 7, column: 25)
!37 = !DIFile(filename: "yaml-cpp/src/exceptions.cpp", directory: "", checksumkind: CSK_MD5, checksum: "247b5be6216a96e049cdcf306901f5ad")
!38 = distinct !DISubprogram(name: "~Exception", linkageName: "_ZN4YAML9ExceptionD2Ev", scope: !39, file: !37, line: 7, type: !44, scopeLine: 7, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !45, retainedNodes: !2, keyInstructions: true)
!39 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "Exception", scope: !41, file: !40, line: 153, size: 512, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !2, vtableHolder: !42)
!40 = !DIFile(filename: "yaml-cpp/include/yaml-cpp/exceptions.h", directory: "", checksumkind: CSK_MD5, checksum: "22fa6cfb6aa465557da2dc33b4a9eded")
!41 = !DINamespace(name: "YAML", scope: null)
!42 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "exception", scope: !12, file: !43, line: 61, size: 64, flags: DIFlagFwdDecl | DIFlagNonTrivial, identifier: "_ZTSSt9exception")
!43 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/exception.h", directory: "")
!44 = distinct !DISubroutineType(types: !28)
!45 = !DISubprogram(name: "~Exception", linkageName: "_ZN4YAML9ExceptionD4Ev", scope: !39, file: !40, line: 157, type: !44, scopeLine: 157, containingType: !39, virtualIndex: 0, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagVirtual | DISPFlagOptimized)
!46 = !DILocation(line: 672, column: 4, scope: !47, inlinedAt: !53)
!47 = distinct !DISubprogram(name: "_Rb_tree_impl", linkageName: "_ZNSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_S5_ESt10_Select1stIS8_ESt4lessIS5_ESaIS8_EE13_Rb_tree_implISC_Lb1EEC2Ev", scope: !49, file: !48, line: 667, type: !51, scopeLine: 672, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !3, declaration: !52, retainedNodes: !2, keyInstructions: true)
!48 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_tree.h", directory: "")
!49 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "_Rb_tree_impl<std::less<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, true>", scope: !50, file: !48, line: 660, size: 384, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !2, templateParams: !2, identifier: "_ZTSNSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_S5_ESt10_Select1stIS8_ESt4lessIS5_ESaIS8_EE13_Rb_tree_implISC_Lb1EEE")
!50 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "_Rb_tree<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::pair<const std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, std::_Select1st<std::pair<const std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > >, std::less<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, std::allocator<std::pair<const std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > > >", scope: !12, file: !48, line: 425, size: 384, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !2, templateParams: !2, identifier: "_ZTSSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_S5_ESt10_Select1stIS8_ESt4lessIS5_ESaIS8_EE")
!51 = distinct !DISubroutineType(types: !28)
!52 = !DISubprogram(name: "_Rb_tree_impl", linkageName: "_ZNSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_S5_ESt10_Select1stIS8_ESt4lessIS5_ESaIS8_EE13_Rb_tree_implISC_Lb1EEC4Ev", scope: !49, file: !48, line: 667, type: !51, scopeLine: 667, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!53 = distinct !DILocation(line: 928, column: 7, scope: !54, inlinedAt: !57)
!54 = distinct !DISubprogram(name: "_Rb_tree", linkageName: "_ZNSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_S5_ESt10_Select1stIS8_ESt4lessIS5_ESaIS8_EEC2Ev", scope: !50, file: !48, line: 928, type: !55, scopeLine: 928, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !3, declaration: !56, retainedNodes: !2, keyInstructions: true)
!55 = distinct !DISubroutineType(types: !28)
!56 = !DISubprogram(name: "_Rb_tree", linkageName: "_ZNSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_S5_ESt10_Select1stIS8_ESt4lessIS5_ESaIS8_EEC4Ev", scope: !50, file: !48, line: 928, type: !55, scopeLine: 928, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!57 = distinct !DILocation(line: 195, column: 7, scope: !58, inlinedAt: !76)
!58 = distinct !DISubprogram(name: "map", linkageName: "_ZNSt3mapINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES5_St4lessIS5_ESaISt4pairIKS5_S5_EEEC2Ev", scope: !60, file: !59, line: 195, type: !74, scopeLine: 195, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !3, declaration: !75, retainedNodes: !2, keyInstructions: true)
!59 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_map.h", directory: "", checksumkind: CSK_MD5, checksum: "f18c995445c8115b28fe5595fc6ef3fd")
!60 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "map<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::less<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, std::allocator<std::pair<const std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > > >", scope: !12, file: !59, line: 100, size: 384, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !61, templateParams: !2, identifier: "_ZTSSt3mapINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES5_St4lessIS5_ESaISt4pairIKS5_S5_EEE")
!61 = !{!62}
!62 = !DISubprogram(name: "find", linkageName: "_ZNKSt3mapINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES5_St4lessIS5_ESaISt4pairIKS5_S5_EEE4findERS9_", scope: !60, file: !59, line: 1242, type: !63, scopeLine: 1242, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!63 = !DISubroutineType(types: !64)
!64 = !{!65}
!65 = !DIDerivedType(tag: DW_TAG_typedef, name: "const_iterator", scope: !60, file: !59, line: 175, baseType: !66, flags: DIFlagPublic)
!66 = !DIDerivedType(tag: DW_TAG_typedef, name: "const_iterator", scope: !50, file: !48, line: 816, baseType: !67, flags: DIFlagPublic)
!67 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "_Rb_tree_const_iterator<std::pair<const std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > >", scope: !12, file: !48, line: 328, size: 64, flags: DIFlagTypePassByValue | DIFlagNonTrivial, elements: !2, templateParams: !68, identifier: "_ZTSSt23_Rb_tree_const_iteratorISt4pairIKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES6_EE")
!68 = !{!69}
!69 = !DITemplateTypeParameter(name: "_Tp", type: !70)
!70 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "pair<const std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >", scope: !12, file: !71, line: 185, size: 512, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !72, templateParams: !2, identifier: "_ZTSSt4pairIKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES5_E")
!71 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_pair.h", directory: "", checksumkind: CSK_MD5, checksum: "f2351ea411e0407b28929ea2397f6e3f")
!72 = !{!73}
!73 = !DIDerivedType(tag: DW_TAG_member, name: "first", scope: !70, file: !71, line: 191, baseType: !18, size: 256)
!74 = distinct !DISubroutineType(types: !28)
!75 = !DISubprogram(name: "map", linkageName: "_ZNSt3mapINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES5_St4lessIS5_ESaISt4pairIKS5_S5_EEEC4Ev", scope: !60, file: !59, line: 195, type: !74, scopeLine: 195, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!76 = distinct !DILocation(line: 4, column: 49, scope: !77)
!77 = distinct !DISubprogram(name: "Directives", linkageName: "_ZN4YAML10DirectivesC2Ev", scope: !79, file: !78, line: 4, type: !81, scopeLine: 4, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !3, declaration: !82, retainedNodes: !2, keyInstructions: true)
!78 = !DIFile(filename: "yaml-cpp/src/directives.cpp", directory: "", checksumkind: CSK_MD5, checksum: "c551d688ae77a9b34cd15819117dc699")
!79 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Directives", scope: !41, file: !80, line: 19, size: 512, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !2, identifier: "_ZTSN4YAML10DirectivesE")
!80 = !DIFile(filename: "yaml-cpp/src/directives.h", directory: "", checksumkind: CSK_MD5, checksum: "211f8d615a2a2463b7b77d24fd157b64")
!81 = distinct !DISubroutineType(types: !28)
!82 = !DISubprogram(name: "Directives", linkageName: "_ZN4YAML10DirectivesC4Ev", scope: !79, file: !80, line: 20, type: !81, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
