; A largest comdat a later module's larger one replaces (largest-b.ll): its
; leader and a function nothing refers to leave the module, a referenced
; variable and function stay as declarations the later members replace, and a
; referenced alias becomes an external declaration.
target triple = "x86_64-pc-windows-msvc"
$c = comdat largest
@before = global i32 1
@c = global [4 x i8] zeroinitializer, comdat
@v = linkonce_odr global i32 7, comdat($c)
@p = global ptr @v
@al = linkonce_odr alias i32, ptr @v
@q = global ptr @al
define linkonce_odr i32 @f() comdat($c) {
  ret i32 1
}
define linkonce_odr i32 @g() comdat($c) {
  ret i32 11
}
define i32 @user() {
  %r = call i32 @f()
  ret i32 %r
}
define i32 @after() {
  ret i32 0
}
