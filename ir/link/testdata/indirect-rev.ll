; ModuleID = 'linked.bc'
source_filename = "llvm-link"

@tab = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]

@api = alias i32 (i32), ptr @impl
@second = alias i32, getelementptr (i8, ptr @tab, i64 4)

define i32 @user() {
  %r = call i32 @api(i32 2)
  %s = load i32, ptr @second, align 4
  %t = load i32, ptr getelementptr (i8, ptr @tab, i64 4), align 4
  ret i32 %r
}

define i32 @impl(i32 %x) {
  ret i32 %x
}

define i32 @main() {
  %r = call i32 @impl(i32 1)
  ret i32 %r
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "b.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
