; Definitions a later module (indirect-b.ll) has weak, with aliases to them.
@tab = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]
define i32 @impl(i32 %x) {
  ret i32 %x
}
define i32 @main() {
  %r = call i32 @impl(i32 1)
  ret i32 %r
}
