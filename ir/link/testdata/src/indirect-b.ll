; Aliases linked whose aliasees are not (weak, indirect-a.ll strong): LLVM
; links an internal copy of each for them (@tab.1, @impl.2), in a context of
; its own (a GEP shared with a body maps apart).
@tab = weak global [4 x i32] [i32 5, i32 6, i32 7, i32 8]
@second = alias i32, getelementptr (i8, ptr @tab, i64 4)
@api = alias i32 (i32), ptr @impl
define weak i32 @impl(i32 %x) !dbg !3 {
  %y = add i32 %x, 1, !dbg !5
  %z = load i32, ptr @tab
  ret i32 %y
}
define i32 @user() {
  %r = call i32 @api(i32 2)
  %s = load i32, ptr @second
  %t = load i32, ptr getelementptr (i8, ptr @tab, i64 4)
  ret i32 %r
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)
!2 = !DIFile(filename: "b.c", directory: "/")
!3 = distinct !DISubprogram(name: "impl", scope: !2, file: !2, unit: !1, spFlags: DISPFlagDefinition, type: !4)
!4 = !DISubroutineType(types: !{})
!5 = !DILocation(line: 3, scope: !3)
