; The larger comdat that replaces largest-str.ll's.
target triple = "x86_64-pc-windows-msvc"
$c = comdat any
@c = linkonce_odr global [8 x i8] zeroinitializer, comdat
@.str = private constant [4 x i8] c"bye\00", comdat($c)
define linkonce_odr ptr @f(i32 %n) comdat($c) {
  ret ptr @.str
}
define i32 @other() {
  %r = call ptr @f(i32 2)
  ret i32 0
}
