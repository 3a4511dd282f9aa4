; Aliases of a weak_odr alias and a weak_odr ifunc the destination's
; definitions of their names keep from being linked: llvm-link-22 links
; internal copies of them for the aliases (@b.2, @fi.1: one counter makes
; the names unique).
@x = global i32 1
@b = weak_odr alias i32, ptr @x
@a = alias i32, ptr @b
define internal ptr @resolver() {
  ret ptr null
}
@fi = weak_odr ifunc void (), ptr @resolver
@ai = alias void (), ptr @fi
define i32 @user() {
  %v = load i32, ptr @a
  call void @ai()
  ret i32 %v
}
