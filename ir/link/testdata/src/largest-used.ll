; Members of a replaced largest comdat that are referenced and that the later
; module (largest-b.ll) does not define again: llvm-link-22's verifier refuses
; the linked module (declarations in a comdat, a linkonce_odr declaration).
target triple = "x86_64-pc-windows-msvc"
$c = comdat largest
@c = global [4 x i8] zeroinitializer, comdat
@w = linkonce_odr global i32 7, comdat($c)
@pw = global ptr @w
@al = linkonce_odr alias i32, ptr @w
@al2 = linkonce_odr alias void (), ptr @h
@q = global ptr @al
@q2 = global ptr @al2
define linkonce_odr void @h() comdat($c) personality ptr @pers !dbg !3 {
  ret void
}
declare i32 @pers(...)
define linkonce_odr i32 @g() comdat($c) {
  ret i32 11
}
define i32 @user() {
  %r = call i32 @g()
  call void @h()
  ret i32 %r
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "h", scope: !2, file: !2, unit: !1, spFlags: DISPFlagDefinition)
