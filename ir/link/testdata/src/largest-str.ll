; A private string of a replaced comdat, referenced by a member's body when the
; variables are dropped: it keeps its private linkage without an initializer
; and llvm-link-22's verifier refuses the module (LLVM 22's own behaviour).
target triple = "x86_64-pc-windows-msvc"
$c = comdat largest
@c = linkonce_odr global [4 x i8] zeroinitializer, comdat
@.str = private constant [3 x i8] c"hi\00", comdat($c)
define linkonce_odr ptr @f(i32 %n) comdat($c) {
  %r = call ptr @f(i32 %n)
  ret ptr @.str
}
define i32 @main() {
  %r = call ptr @f(i32 1)
  ret i32 0
}
