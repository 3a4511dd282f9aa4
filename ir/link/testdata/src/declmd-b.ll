; The second module of the declmd case: @f defined.
target triple = "x86_64-pc-linux-gnu"

define void @f() {
  ret void
}
