@g = global [4 x i32] zeroinitializer
@h = global i64 sub (i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @g, i64 8) to i64), i64 ptrtoint (ptr @g to i64))
@k = global i64 add nuw nsw (i64 ptrtoint (ptr @g to i64), i64 3)
@x = global i32 xor (i32 ptrtoint (ptr @g to i32), i32 -1)
@ee = global i32 extractelement (<2 x i32> <i32 ptrtoint (ptr @g to i32), i32 5>, i32 1)
@ie = global <2 x i32> insertelement (<2 x i32> zeroinitializer, i32 ptrtoint (ptr @g to i32), i32 0)
define i64 @f() {
  %a = add i64 sub (i64 ptrtoint (ptr @k to i64), i64 ptrtoint (ptr @h to i64)), 1
  ret i64 %a
}
%struct.vt = type { [5 x ptr] }
@vt = global %struct.vt zeroinitializer
@ce.gep.inrange = global ptr getelementptr inbounds inrange(-16, 16) (%struct.vt, ptr @vt, i32 0, i32 0, i32 2)
@ce.gep.inrange2 = global ptr getelementptr inrange(0, 8) (%struct.vt, ptr @vt, i32 0, i32 0, i32 1)
