define void @f1() {
  call void @h1()
  call void @h2()
  ret void
}
define internal void @h1() {
  call void @h5()
  ret void
}
define internal void @h2() {
  call void @h6()
  ret void
}
define internal void @h5() {
  ret void
}
define internal void @h6() {
  ret void
}
@gv = global ptr @h7
define internal void @h7() {
  call void @h8()
  ret void
}
define internal void @h8() {
  ret void
}
@al = alias void (), ptr @h9
define internal void @h9() {
  ret void
}
