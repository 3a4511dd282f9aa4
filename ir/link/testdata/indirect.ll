; ModuleID = 'linked.bc'
source_filename = "llvm-link"

@tab.1 = internal global [4 x i32] [i32 5, i32 6, i32 7, i32 8]
@tab = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]

@api = alias i32 (i32), ptr @impl.2
@second = alias i32, getelementptr (i8, ptr @tab.1, i64 4)

define i32 @impl(i32 %x) {
  ret i32 %x
}

define i32 @main() {
  %r = call i32 @impl(i32 1)
  ret i32 %r
}

define i32 @user() {
  %r = call i32 @api(i32 2)
  %s = load i32, ptr @second, align 4
  %t = load i32, ptr getelementptr (i8, ptr @tab, i64 4), align 4
  ret i32 %r
}

define internal i32 @impl.2(i32 %x) !dbg !3 {
  %y = add i32 %x, 1, !dbg !6
  %z = load i32, ptr @tab, align 4
  ret i32 %y
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "b.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "impl", scope: !1, file: !1, type: !4, spFlags: DISPFlagDefinition, unit: !0)
!4 = !DISubroutineType(types: !5)
!5 = !{}
!6 = !DILocation(line: 3, scope: !3)
