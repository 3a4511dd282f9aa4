@gb = global ptr @ga
@ga = external global i32
@shared = common global i64 0
define internal void @helper() {
  call void @fa()
  ret void
}
define void @fb() {
  call void @helper()
  call void @late()
  ret void
}
declare void @fa()
define void @late() {
  ret void
}
define linkonce_odr void @lo() {
  ret void
}
