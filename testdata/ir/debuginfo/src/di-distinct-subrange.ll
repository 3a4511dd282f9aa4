; llvm-dis-22 reads every DISubrange and DIGenericSubrange as uniqued, even
; one written distinct (MetadataLoader sets "distinct" after making the
; node); a distinct node's operands are written after it, so the constant
; bounds of the DIGenericSubrange are forward references.
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_Fortran90, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2)
!1 = !DIFile(filename: "a.f90", directory: ".")
!2 = !{!10, !15}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = !DICompositeType(tag: DW_TAG_array_type, baseType: !11, elements: !12)
!11 = !DIBasicType(name: "integer", size: 32, encoding: DW_ATE_signed)
!12 = !{!13, !14, !16}
!13 = distinct !DIGenericSubrange(count: !DIExpression(DW_OP_constu, 7, DW_OP_stack_value), lowerBound: !DIExpression(DW_OP_consts, 3, DW_OP_stack_value), stride: !DIExpression(DW_OP_consts, 18446744073709551614, DW_OP_stack_value))
!14 = distinct !DISubrange(count: 4, lowerBound: -2)
!15 = !DICompositeType(tag: DW_TAG_array_type, baseType: !11, elements: !17)
!16 = !DIGenericSubrange(count: !DIExpression(DW_OP_consts, 5, DW_OP_stack_value), lowerBound: !DIExpression(DW_OP_consts, 0, DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 32), stride: !DIExpression(DW_OP_push_object_address, DW_OP_deref))
!17 = !{!14}
