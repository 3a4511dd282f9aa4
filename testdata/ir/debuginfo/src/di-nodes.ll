; Debug-info nodes of many kinds in LLVM 13 syntax, assembled by llvm-as-13,
; -14, -16 and -19: their records in the layouts of those writers, which
; llvm-dis-22 reads (and upgrades: the import of !10 moves from the compile
; unit's imports: to its subprogram's retainedNodes:).
define void @f(i64 %n) !dbg !10 {
  call void @llvm.dbg.value(metadata i64 %n, metadata !20, metadata !DIExpression()), !dbg !30
  call void @llvm.dbg.value(metadata !DIArgList(i64 %n, i64 %n), metadata !20, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !30
  call void @llvm.dbg.label(metadata !40), !dbg !30
  ret void
}
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.label(metadata)
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_Fortran90, file: !1, producer: "x", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, globals: !50, imports: !60, sysroot: "/sr", sdk: "S.sdk", debugInfoForProfiling: true, nameTableKind: GNU, rangesBaseAddress: true)
!1 = !DIFile(filename: "a.f90", directory: ".", checksumkind: CSK_MD5, checksum: "0123456789abcdef0123456789abcdef")
!2 = !{!11, !12, !13, !14, !15, !16, !17, !18, !19}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "f", linkageName: "f_", scope: !1, file: !1, line: 1, type: !21, scopeLine: 2, spFlags: DISPFlagDefinition | DISPFlagOptimized | DISPFlagElemental | DISPFlagPure | DISPFlagRecursive, unit: !0, retainedNodes: !22, thrownTypes: !22)
!11 = !DIStringType(name: "character(*)", stringLength: !20, stringLengthExpression: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 8), size: 32, align: 8, encoding: DW_ATE_signed_char)
!12 = !DICompositeType(tag: DW_TAG_array_type, baseType: !14, size: 32, align: 32, elements: !24, dataLocation: !DIExpression(DW_OP_push_object_address, DW_OP_deref), associated: !DIExpression(DW_OP_push_object_address, DW_OP_deref), allocated: !20, rank: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 16, DW_OP_deref))
!13 = !DICompositeType(tag: DW_TAG_array_type, baseType: !14, elements: !25, rank: i32 2)
!14 = !DIBasicType(name: "integer", size: 32, encoding: DW_ATE_signed, flags: DIFlagArtificial)
!15 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64, dwarfAddressSpace: 3)
!16 = !DICompositeType(tag: DW_TAG_structure_type, name: "T", file: !1, line: 3, size: 64, elements: !26, identifier: "T_id", templateParams: !27)
!17 = !DISubroutineType(cc: DW_CC_BORLAND_thiscall, types: !28)
!18 = !DIDerivedType(tag: DW_TAG_member, name: "m", scope: !16, file: !1, line: 4, baseType: !14, size: 5, offset: 3, flags: DIFlagBitField, extraData: i64 0)
!19 = !DICompositeType(tag: DW_TAG_variant_part, scope: !16, file: !1, discriminator: !18, elements: !22)
!20 = !DILocalVariable(name: "n", arg: 1, scope: !10, file: !1, line: 1, type: !14, flags: DIFlagArtificial | DIFlagObjectPointer, align: 64)
!21 = !DISubroutineType(types: !28)
!22 = !{}
!23 = !{!29}
!24 = !{!DISubrange(count: 10, lowerBound: -3), !DISubrange(count: !20, lowerBound: 1), !DISubrange(lowerBound: !DIExpression(DW_OP_push_object_address, DW_OP_deref), upperBound: !20, stride: i64 4)}
!25 = !{!DIGenericSubrange(lowerBound: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 48, DW_OP_deref), upperBound: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 56, DW_OP_deref), stride: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 64, DW_OP_deref, DW_OP_constu, 4, DW_OP_mul)), !DIGenericSubrange(count: !DIExpression(DW_OP_constu, 7, DW_OP_stack_value), lowerBound: !DIExpression(DW_OP_consts, 18446744073709551615, DW_OP_stack_value), stride: !DIExpression(DW_OP_consts, 2, DW_OP_stack_value))}
!26 = !{!18}
!27 = !{!DITemplateTypeParameter(name: "TT", type: !14, defaulted: true), !DITemplateValueParameter(name: "V", type: !14, defaulted: true, value: i32 7), !DITemplateValueParameter(tag: DW_TAG_GNU_template_parameter_pack, name: "P", value: !22), !DITemplateValueParameter(tag: DW_TAG_GNU_template_template_param, name: "Q", value: !"vec")}
!28 = !{null, !14}
!29 = !{!"key", !"val"}
!30 = !DILocation(line: 5, column: 7, scope: !10)
!40 = !DILabel(scope: !10, name: "lab", file: !1, line: 9)
!50 = !{!51, !53}
!51 = !DIGlobalVariableExpression(var: !52, expr: !DIExpression(DW_OP_constu, 5, DW_OP_stack_value))
!52 = distinct !DIGlobalVariable(name: "g", scope: !54, file: !1, line: 2, type: !14, isLocal: true, isDefinition: true, templateParams: !27, align: 32)
!53 = !DIGlobalVariableExpression(var: !55, expr: !DIExpression())
!54 = !DICommonBlock(scope: !10, declaration: !52, name: "blk", file: !1, line: 7)
!55 = distinct !DIGlobalVariable(name: "h", scope: !56, file: !1, line: 2, type: !14, isLocal: false, isDefinition: false)
!56 = !DIModule(scope: !1, name: "mod", configMacros: "-DX", includePath: "/inc", apinotes: "m.apinotes", file: !1, line: 3, isDecl: true)
!60 = !{!61, !62}
!61 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !0, entity: !56, file: !1, line: 8)
!62 = !DIImportedEntity(tag: DW_TAG_imported_declaration, name: "ren", scope: !10, entity: !52, file: !1, line: 9)
