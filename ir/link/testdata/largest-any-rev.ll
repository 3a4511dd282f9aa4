; ModuleID = 'linked.bc'
source_filename = "llvm-link"
target triple = "x86_64-pc-windows-msvc"

$c = comdat largest

@c = linkonce_odr global [8 x i8] zeroinitializer, comdat
@tab = linkonce_odr global [2 x ptr] [ptr @f, ptr null], comdat($c)
@use = global ptr @fa

@fa = linkonce_odr alias ptr (i32), ptr @f

define i32 @other() {
  %r = call ptr @f(i32 2)
  ret i32 0
}

define linkonce_odr ptr @f(i32 %n) comdat($c) {
  ret ptr @c
}

define i32 @main() {
  %r = call ptr @f(i32 1)
  %t = load ptr, ptr @tab, align 8
  ret i32 0
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
