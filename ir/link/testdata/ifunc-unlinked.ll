; ModuleID = 'linked.bc'
source_filename = "llvm-link"

$c = comdat any

@v = linkonce_odr global i32 1, comdat($c)

@ifn = weak ifunc void (), ptr @resolve.1

define ptr @resolve() comdat($c) {
  ret ptr @f
}

define linkonce_odr void @f() comdat($c) {
  ret void
}

define void @h() {
  call void @ifn()
  ret void
}

define internal ptr @resolve.1() comdat($c) {
  ret ptr @f
}
