; A nodeduplicate comdat the later modules (nodedup-b.ll, nodedup-c.ll) have
; too: the variables the symbol resolution does not choose keep their
; initializers in unnamed private copies.
$c = comdat nodeduplicate
@c = weak global i32 1, comdat
@d = global [2 x i32] [i32 1, i32 2], comdat($c)
@use = global ptr @d
