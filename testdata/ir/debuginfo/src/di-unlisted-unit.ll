; A DICompileUnit that !llvm.dbg.cu does not list, reached only through
; the metadata argument of a call to a function that is no intrinsic of
; LLVM 22 (a name under "llvm." LLVM does not know): LLVM's verifier
; visits the metadata arguments of intrinsic calls only, so the debug
; info is valid and llvm-dis-22 prints it all. Two functions use the
; node, which puts it in the module's metadata block. The name is one
; letter away from llvm.codeview.annotation: a test makes it
; that intrinsic, whose call reaches the unit (reported).
define void @f() {
  call void @llvm.codeview.annotatioo(metadata !3)
  ret void
}

define void @g() {
  call void @llvm.codeview.annotatioo(metadata !3)
  ret void
}

declare void @llvm.codeview.annotatioo(metadata)

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C11, file: !2, producer: "hand-written", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.c", directory: ".")
!3 = !DILocalVariable(name: "v", scope: !4, file: !2, line: 2)
!4 = distinct !DISubprogram(name: "f", scope: !2, file: !2, line: 1, spFlags: DISPFlagDefinition, unit: !1)
