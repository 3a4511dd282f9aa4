; A DICompileUnit that !llvm.dbg.cu does not list, reached from named
; metadata: LLVM's verifier visits it there and fails the module's debug
; info, and llvm-dis-22 prints the module without it ("ignoring invalid
; debug info"). Assembled with -disable-verify.
@g = global i32 0, !dbg !0

!named = !{!2}

!llvm.module.flags = !{!5}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "g", scope: !2, file: !3, line: 1, type: !4, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "hand-written", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!3 = !DIFile(filename: "a.c", directory: ".")
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !{i32 2, !"Debug Info Version", i32 3}
