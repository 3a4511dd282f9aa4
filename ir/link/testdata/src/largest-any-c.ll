; A comdat larger again than largest-any-b.ll's.
target triple = "x86_64-pc-windows-msvc"
$c = comdat largest
@c = linkonce_odr global [16 x i8] zeroinitializer, comdat
@tab = linkonce_odr global [2 x ptr] [ptr @f, ptr null], comdat($c)
@fa = linkonce_odr alias ptr (i32), ptr @f
define linkonce_odr ptr @f(i32 %n) comdat($c) {
  ret ptr @c
}
define i32 @third() {
  %r = call ptr @f(i32 2)
  ret i32 0
}
