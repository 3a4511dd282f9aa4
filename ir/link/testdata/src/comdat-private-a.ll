; Private members of a comdat a later module (comdat-private-b.ll) has too,
; kept from here: the later module's private members become
; available_externally (profile data of inline functions, __profd_*), one
; referenced taking the name, this module's renamed NAME.N; and a comdat's
; local members are linked only once referenced.
$c = comdat any
@c = linkonce_odr hidden global [1 x i64] zeroinitializer, comdat
@d = private global ptr @c, comdat($c)
@llvm.compiler.used = appending global [1 x ptr] [ptr @d], section "llvm.metadata"
define linkonce_odr void @f() comdat($c) {
  call void @pf()
  ret void
}
define private void @pf() comdat($c) {
  ret void
}
