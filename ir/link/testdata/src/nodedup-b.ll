; See nodedup-a.ll.
$c = comdat nodeduplicate
@c = weak global i32 2, comdat
@d = weak global [2 x i32] [i32 3, i32 4], comdat($c)
@use2 = global ptr @d
