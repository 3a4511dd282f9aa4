; Old constant expressions as instruction operands, assembled by llvm-as-16:
; llvm-dis-22 makes instructions of them before their user in the order its
; reader reads the operands (a store's pointer first, a select's condition
; last, a call's operand bundles first), each operand anew, aggregates with
; insertvalue/insertelement (%constexpr.ins); the names %constexpr that the
; function already has are renamed (%constexpr17).
@x = global i32 0
@y = global i32 0
@w = extern_weak global i32
@arr = global [4 x i64] zeroinitializer
declare void @use(i64, i64)
declare void @usev(<2 x i64>)
declare void @uses({ i64, i1 })
declare i32 @__gxx_personality_v0(...)
declare void @mayt()

define void @f(ptr %p, i1 %c) {
entry:
  %constexpr = add i64 1, 2
  %constexpr1 = add i64 3, 4
  store i64 mul (i64 ptrtoint (ptr @x to i64), i64 3), ptr inttoptr (i64 mul (i64 ptrtoint (ptr @y to i64), i64 5) to ptr)
  %s = select i1 %c, i64 shl (i64 ptrtoint (ptr @x to i64), i64 1), i64 lshr (i64 ptrtoint (ptr @y to i64), i64 2)
  %s2 = select i1 icmp ne (ptr @w, ptr null), i64 %s, i64 ashr (i64 ptrtoint (ptr @y to i64), i64 2)
  call void @use(i64 add (i64 mul (i64 ptrtoint (ptr @x to i64), i64 3), i64 mul (i64 ptrtoint (ptr @x to i64), i64 3)), i64 zext (i32 ptrtoint (ptr @x to i32) to i64))
  call void @usev(<2 x i64> <i64 mul (i64 ptrtoint (ptr @x to i64), i64 7), i64 9>)
  call void @uses({ i64, i1 } { i64 5, i1 icmp ult (ptr @x, ptr @y) })
  %g = getelementptr inbounds [4 x i64], ptr @arr, i64 0, i64 mul (i64 ptrtoint (ptr @x to i64), i64 3)
  call void @use(i64 %constexpr, i64 %constexpr1) [ "deopt"(i64 mul (i64 ptrtoint (ptr @y to i64), i64 11)) ]
  ret void
}
