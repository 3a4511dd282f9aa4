; ModuleID = 'linked.bc'
source_filename = "llvm-link"
target triple = "x86_64-pc-linux-gnu"

define void @a() {
  call void @d()
  call void @f()
  ret void
}

declare !md !0 void @d()

define void @f() {
  ret void
}

!0 = !{ptr @f}
