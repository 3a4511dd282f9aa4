; Unnamed identified struct types (ROCm's device libraries have them):
; each maps onto a destination type of the same body, named or not, or
; comes in as it is.
%0 = type { i32, ptr }
%1 = type { i64, <2 x i32> }
%named = type { float, float }

@a0 = global %0 zeroinitializer
@a1 = global %1 zeroinitializer
@an = global %named zeroinitializer

define void @fa(ptr %p) {
  %x = load %0, ptr %p
  store %0 %x, ptr @a0
  ret void
}
