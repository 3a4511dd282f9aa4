; ModuleID = 'linked.bc'
source_filename = "llvm-link"

$c = comdat nodeduplicate

@use2 = global ptr @d
@0 = private global [2 x i32] [i32 3, i32 4], comdat($c)
@c = weak global i32 2, comdat
@d = global [2 x i32] [i32 1, i32 2], comdat($c)
@use = global ptr @d
@1 = private global i32 1, comdat($c)
