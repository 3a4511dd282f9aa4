; llvm-as flags: -disable-verify
; A module with no debug info but what its body holds (no !llvm.dbg.cu):
; the body's location has a file for its scope, which LLVM's verifier
; fails ("DILocation's scope must be a DILocalScope"), and llvm-dis-22
; strips the body's debug info; bcextract, printing the module by then,
; must say so.
define void @f() !dbg !2 {
  ret void, !dbg !3
}

!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !DIFile(filename: "a.c", directory: "/")
!2 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, spFlags: DISPFlagDefinition, unit: null)
!3 = !DILocation(line: 2, scope: !1)
