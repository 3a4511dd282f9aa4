@ga = global i32 1
@shared = common global i32 0
declare void @fb()
define internal void @helper() {
  ret void
}
define void @fa() {
  call void @helper()
  call void @fb()
  call void @lo()
  ret void
}
define linkonce_odr void @lo() {
  ret void
}
define linkonce_odr void @unused_lo() {
  ret void
}
define internal void @unused_internal() {
  ret void
}
