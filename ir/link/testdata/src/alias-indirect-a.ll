; The destination of alias-indirect: its @b and @fi win over the source's
; weak_odr alias and ifunc of those names.
@b = global i32 5
@fi = global i32 6
define i32 @use() {
  %v = load i32, ptr @b
  ret i32 %v
}
