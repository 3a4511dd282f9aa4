; A comdat of kind any that a later largest one replaces (COFF's mix of the two;
; largest-any-b.ll, then largest-any-c.ll larger again): members referring to
; each other, an alias of a function, debug info of a member.
target triple = "x86_64-pc-windows-msvc"
$c = comdat any
@c = linkonce_odr global [4 x i8] zeroinitializer, comdat
@tab = linkonce_odr global [2 x ptr] [ptr @f, ptr @fa], comdat($c)
@fa = linkonce_odr alias ptr (i32), ptr @f
@use = global ptr @fa
define linkonce_odr ptr @f(i32 %n) comdat($c) !dbg !3 {
  %r = call ptr @f(i32 %n), !dbg !5
  ret ptr @c, !dbg !5
}
define i32 @main() {
  %r = call ptr @f(i32 1)
  %t = load ptr, ptr @tab
  ret i32 0
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !2, file: !2, unit: !1, spFlags: DISPFlagDefinition, type: !4)
!4 = !DISubroutineType(types: !{})
!5 = !DILocation(line: 3, scope: !3)
