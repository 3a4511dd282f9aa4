; Aliases in the comdat alias-unlinked-a.ll linked first, referenced by a
; function linked and not linked themselves: external declarations of their
; value types (a variable, a function) take their place; one nothing refers
; to is left out.
$c = comdat any
@v = linkonce_odr global i32 2, comdat($c)
@va = weak alias i32, ptr @v
@fa = weak_odr alias void (), ptr @f
@tla = weak alias i32, ptr @v
define linkonce_odr void @f() comdat($c) {
  ret void
}
define void @g() {
  call void @fa()
  %x = load i32, ptr @va
  ret void
}
@p = global ptr @fa
