; Reduced by llvm-reduce-22 from yaml-cpp 0.7's src/exceptions.cpp (clang++-22 -O2 -g;
; MIT licence): with cycle-b, a typedef met again while it is made unique
; (a cycle through distinct types) that another module's node stands for.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @_ZN4YAML9ExceptionD2Ev() {
    #dbg_value(ptr null, !4, !DIExpression(), !16)
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !2, imports: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "yaml-cpp/src/exceptions.cpp", directory: ".", checksumkind: CSK_MD5, checksum: "247b5be6216a96e049cdcf306901f5ad")
!2 = !{}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DILocalVariable(name: "this", arg: 1, scope: !5, type: !14, flags: DIFlagArtificial | DIFlagObjectPointer)
!5 = distinct !DISubprogram(name: "_M_is_local", linkageName: "_ZNKSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE11_M_is_localEv", scope: !7, file: !6, line: 273, type: !11, scopeLine: 274, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !12, retainedNodes: !2, keyInstructions: true)
!6 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/basic_string.h", directory: "")
!7 = !DICompositeType(tag: DW_TAG_class_type, name: "basic_string<char, std::char_traits<char>, std::allocator<char> >", scope: !9, file: !8, line: 1082, size: 256, flags: DIFlagFwdDecl | DIFlagNonTrivial, identifier: "_ZTSNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE")
!8 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/basic_string.tcc", directory: "")
!9 = !DINamespace(name: "__cxx11", scope: !10, exportSymbols: true)
!10 = !DINamespace(name: "std", scope: null)
!11 = distinct !DISubroutineType(types: !2)
!12 = !DISubprogram(name: "_M_is_local", linkageName: "_ZNKSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE11_M_is_localEv", scope: !7, file: !6, line: 273, type: !13, scopeLine: 273, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!13 = distinct !DISubroutineType(types: !2)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !7)
!16 = !DILocation(line: 0, scope: !5, inlinedAt: !17)
!17 = distinct !DILocation(line: 285, column: 7, scope: !18, inlinedAt: !24)
!18 = distinct !DILexicalBlock(scope: !19, file: !6, line: 285, column: 6)
!19 = distinct !DISubprogram(name: "_M_dispose", linkageName: "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE10_M_disposeEv", scope: !7, file: !6, line: 283, type: !20, scopeLine: 284, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !22, retainedNodes: !2, keyInstructions: true)
!20 = distinct !DISubroutineType(types: !21)
!21 = !{null}
!22 = !DISubprogram(name: "_M_dispose", linkageName: "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE10_M_disposeEv", scope: !7, file: !6, line: 283, type: !23, scopeLine: 283, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!23 = distinct !DISubroutineType(types: !21)
!24 = distinct !DILocation(line: 795, column: 9, scope: !25, inlinedAt: !28)
!25 = distinct !DILexicalBlock(scope: !26, file: !6, line: 795, column: 7)
!26 = distinct !DISubprogram(name: "~basic_string", linkageName: "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEED2Ev", scope: !7, file: !6, line: 794, type: !20, scopeLine: 795, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !27, retainedNodes: !2, keyInstructions: true)
!27 = !DISubprogram(name: "~basic_string", linkageName: "_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEED4Ev", scope: !7, file: !6, line: 794, type: !23, scopeLine: 794, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!28 = distinct !DILocation(line: 7, column: 25, scope: !29)
!29 = distinct !DILexicalBlock(scope: !31, file: !30, line: 7, column: 25)
!30 = !DIFile(filename: "yaml-cpp/src/exceptions.cpp", directory: "", checksumkind: CSK_MD5, checksum: "247b5be6216a96e049cdcf306901f5ad")
!31 = distinct !DISubprogram(name: "~Exception", linkageName: "_ZN4YAML9ExceptionD2Ev", scope: !32, file: !30, line: 7, type: !37, scopeLine: 7, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, declaration: !38, retainedNodes: !2, keyInstructions: true)
!32 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "Exception", scope: !34, file: !33, line: 153, size: 512, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !2, vtableHolder: !35)
!33 = !DIFile(filename: "yaml-cpp/include/yaml-cpp/exceptions.h", directory: "", checksumkind: CSK_MD5, checksum: "22fa6cfb6aa465557da2dc33b4a9eded")
!34 = !DINamespace(name: "YAML", scope: null)
!35 = !DICompositeType(tag: DW_TAG_class_type, name: "exception", scope: !10, file: !36, line: 61, size: 64, flags: DIFlagFwdDecl | DIFlagNonTrivial, identifier: "_ZTSSt9exception")
!36 = !DIFile(filename: "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/exception.h", directory: "")
!37 = distinct !DISubroutineType(types: !21)
!38 = !DISubprogram(name: "~Exception", linkageName: "_ZN4YAML9ExceptionD4Ev", scope: !32, file: !33, line: 157, type: !37, scopeLine: 157, containingType: !32, virtualIndex: 0, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagVirtual | DISPFlagOptimized)
