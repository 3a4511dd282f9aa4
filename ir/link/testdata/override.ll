; ModuleID = 'linked.bc'
source_filename = "llvm-link"

$grp = comdat any

$one = comdat any

@llvm.used = appending global [1 x ptr] [ptr @u], section "llvm.metadata"
@ext = externally_initialized global i32 2
@u = global i32 3
@c1 = linkonce_odr global i32 4, comdat($grp)
@v = global i32 1

define i32 @f() {
  %a = call i32 @k()
  %b = call i32 @g1()
  %c = load i32, ptr @c1, align 4
  %d = call i32 @solo()
  ret i32 %a
}

define i32 @k() {
  ret i32 1
}

define linkonce_odr i32 @g1() comdat($grp) {
  ret i32 2
}

define i32 @solo() comdat($one) {
  ret i32 5
}

define i32 @h() {
  ret i32 4
}

define dllexport i32 @exported() {
  ret i32 6
}

define hidden i32 @hid() {
  %x = load i32, ptr @ext, align 4
  ret i32 %x
}

define weak i32 @w() {
  ret i32 0
}

define i32 @main() {
  %a = call i32 @f()
  %b = load i32, ptr @v, align 4
  %c = call i32 @w()
  ret i32 %a
}
