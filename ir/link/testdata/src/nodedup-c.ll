; See nodedup-a.ll: a function in the comdat, which llvm-link-22 does not
; handle when two modules have it (TestNoDeduplicateFunction).
$c = comdat nodeduplicate
@c = weak global i32 3, comdat
define weak void @f() comdat($c) {
  ret void
}
