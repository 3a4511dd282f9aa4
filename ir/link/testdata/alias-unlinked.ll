; ModuleID = 'linked.bc'
source_filename = "llvm-link"

$c = comdat any

@va = external global i32
@v = linkonce_odr global i32 1, comdat($c)
@p = global ptr @fa

define void @usea() {
  call void @f()
  ret void
}

define linkonce_odr void @f() comdat($c) {
  ret void
}

declare void @fa()

define void @g() {
  call void @fa()
  %x = load i32, ptr @va, align 4
  ret void
}
