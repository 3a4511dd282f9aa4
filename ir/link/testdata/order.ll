; ModuleID = 'linked.bc'
source_filename = "llvm-link"

@gb = global ptr @ga
@ga = global i32 1
@shared = common global i64 0

define void @fa() {
  call void @helper()
  call void @fb()
  call void @lo()
  ret void
}

define internal void @helper() {
  ret void
}

define linkonce_odr void @lo() {
  ret void
}

define void @fb() {
  call void @helper.5()
  call void @late()
  ret void
}

define internal void @helper.5() {
  call void @fa()
  ret void
}

define void @late() {
  ret void
}
