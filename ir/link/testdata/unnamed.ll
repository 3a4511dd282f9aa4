; ModuleID = 'linked.bc'
source_filename = "llvm-link"

%0 = type { i32, ptr }
%1 = type { i64, <2 x i32> }
%2 = type { i8, [4 x %0] }
%3 = type opaque
%named = type { float, float }

@a0 = global %0 zeroinitializer
@a1 = global %1 zeroinitializer
@an = global %named zeroinitializer
@b0 = global %named zeroinitializer
@b1 = global %0 zeroinitializer
@b2 = global %2 zeroinitializer
@b3 = external global %3

define void @fa(ptr %p) {
  %x = load %0, ptr %p, align 8
  store %0 %x, ptr @a0, align 8
  ret void
}

define void @fb(ptr %p) {
  %x = load %2, ptr %p, align 8
  store %2 %x, ptr @b2, align 8
  store ptr @b3, ptr %p, align 8
  ret void
}
