; ModuleID = 'linked.bc'
source_filename = "llvm-link"

%0 = type { float, float }
%1 = type { i32, ptr }
%2 = type { i8, [4 x %1] }
%3 = type opaque
%4 = type { i64, <2 x i32> }

@b0 = global %0 zeroinitializer
@b1 = global %1 zeroinitializer
@b2 = global %2 zeroinitializer
@b3 = external global %3
@a0 = global %1 zeroinitializer
@a1 = global %4 zeroinitializer
@an = global %0 zeroinitializer

define void @fb(ptr %p) {
  %x = load %2, ptr %p, align 8
  store %2 %x, ptr @b2, align 8
  store ptr @b3, ptr %p, align 8
  ret void
}

define void @fa(ptr %p) {
  %x = load %1, ptr %p, align 8
  store %1 %x, ptr @a0, align 8
  ret void
}
