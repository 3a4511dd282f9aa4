; Weak and linkonce definitions, commons, declarations made definitions.
@c = common global i32 0, align 4
@w = weak global i32 1
define weak void @wf() {
  ret void
}
define linkonce_odr void @lo() {
  ret void
}
declare void @later()
define void @user() {
  call void @lo()
  call void @later()
  call void @wf()
  ret void
}
