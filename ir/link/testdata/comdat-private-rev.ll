; ModuleID = 'linked.bc'
source_filename = "llvm-link"

$c = comdat any

@llvm.compiler.used = appending global [3 x ptr] [ptr @d.3, ptr @ea, ptr @d], section "llvm.metadata"
@d.3 = private global ptr @c, comdat($c)
@e = private global i32 7, comdat($c)
@c = linkonce_odr hidden global [1 x i64] zeroinitializer, comdat
@d = available_externally dso_local global ptr @c

@ea = alias i32, ptr @e

define void @g() {
  call void @f()
  ret void
}

define linkonce_odr void @f() comdat($c) {
  call void @pf()
  ret void
}

define private void @pf() comdat($c) {
  ret void
}
