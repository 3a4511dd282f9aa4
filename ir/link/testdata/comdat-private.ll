; ModuleID = 'linked.bc'
source_filename = "llvm-link"

$c = comdat any

@llvm.compiler.used = appending global [3 x ptr] [ptr @d.3, ptr @d, ptr @ea], section "llvm.metadata"
@d.3 = private global ptr @c, comdat($c)
@ea = external global i32
@c = linkonce_odr hidden global [1 x i64] zeroinitializer, comdat
@d = available_externally dso_local global ptr @c

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
