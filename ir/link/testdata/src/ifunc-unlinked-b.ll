; An ifunc linked whose resolver, in a comdat kept from ifunc-unlinked-a.ll, is
; not: LLVM links an internal copy of the resolver for it (@resolve.1).
$c = comdat any
@v = linkonce_odr global i32 2, comdat($c)
@ifn = weak ifunc void (), ptr @resolve
define linkonce_odr void @f() comdat($c) {
  ret void
}
define ptr @resolve() comdat($c) {
  ret ptr @f
}
define void @h() {
  call void @ifn()
  ret void
}
