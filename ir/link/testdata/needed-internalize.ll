; ModuleID = 'linked.bc'
source_filename = "llvm-link"

$grp = comdat nodeduplicate

@llvm.used = appending global [1 x ptr] [ptr @u], section "llvm.metadata"
@v = internal global i32 1
@u = global i32 3
@c1 = internal global i32 4, comdat($grp)

define weak i32 @w() {
  ret i32 0
}

define i32 @main() {
  %a = call i32 @f()
  %b = load i32, ptr @v, align 4
  %c = call i32 @w()
  ret i32 %a
}

define internal i32 @f() {
  %a = call i32 @k()
  %b = call i32 @g1()
  %c = load i32, ptr @c1, align 4
  %d = call i32 @solo()
  ret i32 %a
}

define internal i32 @k() {
  ret i32 1
}

define internal i32 @g1() comdat($grp) {
  ret i32 2
}

define internal i32 @solo() {
  ret i32 5
}
