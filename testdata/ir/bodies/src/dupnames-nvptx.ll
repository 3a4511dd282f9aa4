; As dupnames.ll on NVPTX, where unique global names take no dot.
target triple = "nvptx64-nvidia-cuda"
@g = global i32 1
@g__dup1 = global i32 2
@f__dup1 = global i32 3
@g.1__dup = global i32 4
@g__dup2 = internal global i32 5
@a = alias i32, ptr @g
@a__dup = alias i32, ptr @g__dup1

define i32 @f(i32 %x, i32 %x__dup1) {
entry:
  %x__dup2 = add i32 %x, %x__dup1
  %entry__dup = add i32 %x__dup2, 1
  %y = add i32 %entry__dup, 2
  %y__dup = add i32 %y, 3
  %y1__dup = add i32 %y__dup, 4
  br label %y__dup3
y__dup3:
  ret i32 %y1__dup
}
define i32 @f__dup2() {
  ret i32 0
}
declare i32 @g__dup3()
