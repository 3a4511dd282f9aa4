; The larger comdat that replaces largest-a.ll's (and largest-used.ll's).
target triple = "x86_64-pc-windows-msvc"
$c = comdat largest
@first = global i32 2
@c = global [8 x i8] zeroinitializer, comdat
@v = linkonce_odr global i32 8, comdat($c)
define linkonce_odr i32 @f() comdat($c) {
  ret i32 2
}
define i32 @buser() {
  %r = call i32 @f()
  ret i32 %r
}
