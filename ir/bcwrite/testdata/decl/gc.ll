; Garbage collector names: a GCNAME record for each, in the order the
; functions name them, and the function's number of its own.
define void @f() gc "statepoint-example" {
  ret void
}
define void @g() gc "shadow-stack" {
  ret void
}
define void @h() gc "statepoint-example" {
  ret void
}
