; ModuleID = 'linked.bc'
source_filename = "llvm-link"

$c = comdat nodeduplicate

@use = global ptr @d
@d = global [2 x i32] [i32 1, i32 2], comdat($c)
@use2 = global ptr @d
@0 = private global i32 2, comdat($c)
@1 = private global [2 x i32] [i32 3, i32 4], comdat($c)
@c = weak global i32 1, comdat
@2 = private global i32 3, comdat($c)

define weak void @f() comdat($c) {
  ret void
}
