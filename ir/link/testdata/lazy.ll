; ModuleID = 'linked.bc'
source_filename = "llvm-link"

@g2 = global ptr @h3
@g1 = internal global i32 0

define internal void @h3() {
  ret void
}

define void @f1() {
  call void @h1()
  call void @h2()
  ret void
}

define internal void @h1() {
  ret void
}

define internal void @h2() {
  call void @h4()
  ret void
}

define internal void @h4() {
  ret void
}

define void @f2() {
  call void @h2()
  %x = load i32, ptr @g1, align 4
  call void @ext()
  ret void
}

declare void @ext()
