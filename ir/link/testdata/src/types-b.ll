%struct.S = type { i32, ptr }
%struct.T = type { i16 }
%struct.Q = type { i64, i64 }
%struct.U = type { %struct.S, [2 x %struct.T] }

@sb = global %struct.S zeroinitializer
@tb = global %struct.T zeroinitializer
@qb = global %struct.Q zeroinitializer
@ub = global %struct.U zeroinitializer

define i32 @use(ptr %p) {
  %f = getelementptr %struct.U, ptr %p, i32 0, i32 1
  %v = load i32, ptr %f
  ret i32 %v
}
