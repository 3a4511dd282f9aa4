; A comdat with the resolver ifunc-unlinked-b.ll's ifunc uses.
$c = comdat any
@v = linkonce_odr global i32 1, comdat($c)
define linkonce_odr void @f() comdat($c) {
  ret void
}
define ptr @resolve() comdat($c) {
  ret ptr @f
}
