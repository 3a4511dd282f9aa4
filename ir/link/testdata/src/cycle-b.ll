; Reduced by llvm-reduce-22 from yaml-cpp 0.7's src/directives.cpp (clang++-22 -O2 -g;
; MIT licence): the second module of the cycle case.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define ptr @_ZN4YAML10DirectivesC2Ev(ptr %0) {
  %2 = getelementptr i8, ptr %0, i64 24, !dbg !4
  ret ptr %2
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !2, retainedTypes: !2, globals: !2, imports: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "yaml-cpp/src/directives.cpp", directory: ".", checksumkind: CSK_MD5, checksum: "c551d688ae77a9b34cd15819117dc699")
!2 = !{}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DILocation(line: 672, column: 4, scope: !5, inlinedAt: !13)
!5 = distinct !DISubprogram(name: "_Rb_tree_impl", linkageName: "_ZNSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_S5_ESt10_Select1stIS8_ESt4lessIS5_ESaIS8_EE13_Rb_tree_implISC_Lb1EEC2Ev", scope: !7, file: !6, line: 667, type: !10, scopeLine: 672, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !12, retainedNodes: !2, keyInstructions: true)
!6 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_tree.h", directory: "")
!7 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "_Rb_tree_impl<std::less<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, true>", scope: !8, file: !6, line: 660, size: 384, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !2, templateParams: !2, identifier: "_ZTSNSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_S5_ESt10_Select1stIS8_ESt4lessIS5_ESaIS8_EE13_Rb_tree_implISC_Lb1EEE")
!8 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "_Rb_tree<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::pair<const std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, std::_Select1st<std::pair<const std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > >, std::less<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, std::allocator<std::pair<const std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > > >", scope: !9, file: !6, line: 425, size: 384, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !2, templateParams: !2, identifier: "_ZTSSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_S5_ESt10_Select1stIS8_ESt4lessIS5_ESaIS8_EE")
!9 = !DINamespace(name: "std", scope: null)
!10 = distinct !DISubroutineType(types: !11)
!11 = !{null}
!12 = !DISubprogram(name: "_Rb_tree_impl", linkageName: "_ZNSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_S5_ESt10_Select1stIS8_ESt4lessIS5_ESaIS8_EE13_Rb_tree_implISC_Lb1EEC4Ev", scope: !7, file: !6, line: 667, type: !10, scopeLine: 667, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!13 = distinct !DILocation(line: 928, column: 7, scope: !14, inlinedAt: !17)
!14 = distinct !DISubprogram(name: "_Rb_tree", linkageName: "_ZNSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_S5_ESt10_Select1stIS8_ESt4lessIS5_ESaIS8_EEC2Ev", scope: !8, file: !6, line: 928, type: !15, scopeLine: 928, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !16, retainedNodes: !2, keyInstructions: true)
!15 = distinct !DISubroutineType(types: !11)
!16 = !DISubprogram(name: "_Rb_tree", linkageName: "_ZNSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_S5_ESt10_Select1stIS8_ESt4lessIS5_ESaIS8_EEC4Ev", scope: !8, file: !6, line: 928, type: !15, scopeLine: 928, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!17 = distinct !DILocation(line: 195, column: 7, scope: !18, inlinedAt: !46)
!18 = distinct !DISubprogram(name: "map", linkageName: "_ZNSt3mapINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES5_St4lessIS5_ESaISt4pairIKS5_S5_EEEC2Ev", scope: !20, file: !19, line: 195, type: !44, scopeLine: 195, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !45, retainedNodes: !2, keyInstructions: true)
!19 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_map.h", directory: "", checksumkind: CSK_MD5, checksum: "f18c995445c8115b28fe5595fc6ef3fd")
!20 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "map<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::less<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, std::allocator<std::pair<const std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > > >", scope: !9, file: !19, line: 100, size: 384, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !21, templateParams: !2, identifier: "_ZTSSt3mapINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES5_St4lessIS5_ESaISt4pairIKS5_S5_EEE")
!21 = !{!22}
!22 = !DISubprogram(name: "find", linkageName: "_ZNKSt3mapINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES5_St4lessIS5_ESaISt4pairIKS5_S5_EEE4findERS9_", scope: !20, file: !19, line: 1242, type: !23, scopeLine: 1242, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!23 = !DISubroutineType(types: !24)
!24 = !{!25}
!25 = !DIDerivedType(tag: DW_TAG_typedef, name: "const_iterator", scope: !20, file: !19, line: 175, baseType: !26, flags: DIFlagPublic)
!26 = !DIDerivedType(tag: DW_TAG_typedef, name: "const_iterator", scope: !8, file: !6, line: 816, baseType: !27, flags: DIFlagPublic)
!27 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "_Rb_tree_const_iterator<std::pair<const std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > >", scope: !9, file: !6, line: 328, size: 64, flags: DIFlagTypePassByValue | DIFlagNonTrivial, elements: !2, templateParams: !28, identifier: "_ZTSSt23_Rb_tree_const_iteratorISt4pairIKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES6_EE")
!28 = !{!29}
!29 = !DITemplateTypeParameter(name: "_Tp", type: !30)
!30 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "pair<const std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >", scope: !9, file: !31, line: 185, size: 512, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !32, templateParams: !2, identifier: "_ZTSSt4pairIKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES5_E")
!31 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_pair.h", directory: "", checksumkind: CSK_MD5, checksum: "f2351ea411e0407b28929ea2397f6e3f")
!32 = !{!33}
!33 = !DIDerivedType(tag: DW_TAG_member, name: "first", scope: !30, file: !31, line: 191, baseType: !34, size: 256)
!34 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !35)
!35 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "basic_string<char, std::char_traits<char>, std::allocator<char> >", scope: !37, file: !36, line: 1082, size: 256, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !38, templateParams: !2, identifier: "_ZTSNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE")
!36 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/basic_string.tcc", directory: "")
!37 = !DINamespace(name: "__cxx11", scope: !9, exportSymbols: true)
!38 = !{!39}
!39 = !DISubprogram(name: "_M_limit", linkageName: "_ZNKSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE8_M_limitEmm", scope: !35, file: !40, line: 400, type: !41, scopeLine: 400, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!40 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/basic_string.h", directory: "")
!41 = !DISubroutineType(types: !42)
!42 = !{!43}
!43 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !34, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!44 = distinct !DISubroutineType(types: !11)
!45 = !DISubprogram(name: "map", linkageName: "_ZNSt3mapINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES5_St4lessIS5_ESaISt4pairIKS5_S5_EEEC4Ev", scope: !20, file: !19, line: 195, type: !44, scopeLine: 195, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!46 = distinct !DILocation(line: 4, column: 49, scope: !47)
!47 = distinct !DISubprogram(name: "Directives", linkageName: "_ZN4YAML10DirectivesC2Ev", scope: !49, file: !48, line: 4, type: !52, scopeLine: 4, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !53, retainedNodes: !2, keyInstructions: true)
!48 = !DIFile(filename: "yaml-cpp/src/directives.cpp", directory: "", checksumkind: CSK_MD5, checksum: "c551d688ae77a9b34cd15819117dc699")
!49 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Directives", scope: !51, file: !50, line: 19, size: 512, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !2, identifier: "_ZTSN4YAML10DirectivesE")
!50 = !DIFile(filename: "yaml-cpp/src/directives.h", directory: "", checksumkind: CSK_MD5, checksum: "211f8d615a2a2463b7b77d24fd157b64")
!51 = !DINamespace(name: "YAML", scope: null)
!52 = distinct !DISubroutineType(types: !11)
!53 = !DISubprogram(name: "Directives", linkageName: "_ZN4YAML10DirectivesC4Ev", scope: !49, file: !50, line: 20, type: !52, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
