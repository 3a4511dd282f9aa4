; See comdat-private-a.ll: a private member an alias aliases stays private.
$c = comdat any
@c = linkonce_odr hidden global [1 x i64] zeroinitializer, comdat
@d = private global ptr @c, comdat($c)
@e = private global i32 7, comdat($c)
@ea = alias i32, ptr @e
@llvm.compiler.used = appending global [2 x ptr] [ptr @d, ptr @ea], section "llvm.metadata"
define linkonce_odr void @f() comdat($c) {
  call void @pf()
  ret void
}
define private void @pf() comdat($c) {
  ret void
}
define void @g() {
  call void @f()
  ret void
}
