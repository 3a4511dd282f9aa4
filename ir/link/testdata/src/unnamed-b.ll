%0 = type { float, float }
%1 = type { i32, ptr }
%2 = type { i8, [4 x %1] }
%3 = type opaque

@b0 = global %0 zeroinitializer
@b1 = global %1 zeroinitializer
@b2 = global %2 zeroinitializer
@b3 = external global %3

define void @fb(ptr %p) {
  %x = load %2, ptr %p
  store %2 %x, ptr @b2
  store ptr @b3, ptr %p
  ret void
}
