@c = common global i64 0, align 8
@w = global i32 2
define void @wf() {
  ret void
}
define weak_odr void @lo() {
  ret void
}
define void @later() {
  ret void
}
