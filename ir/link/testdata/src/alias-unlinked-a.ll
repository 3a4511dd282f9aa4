; A comdat the later module (alias-unlinked-b.ll) has too, kept from here.
$c = comdat any
@v = linkonce_odr global i32 1, comdat($c)
define linkonce_odr void @f() comdat($c) {
  ret void
}
define void @usea() {
  call void @f()
  ret void
}
