; ModuleID = 'linked.bc'
source_filename = "llvm-link"

%struct.S = type { i32, ptr }
%struct.T = type { i8 }
%struct.P = type { i64, i64 }
%struct.T.1 = type { i16 }
%struct.U = type { %struct.S, [2 x %struct.T.1] }

@sa = global %struct.S zeroinitializer
@ta = global %struct.T zeroinitializer
@pa = global %struct.P zeroinitializer
@sb = global %struct.S zeroinitializer
@tb = global %struct.T.1 zeroinitializer
@qb = global %struct.P zeroinitializer
@ub = global %struct.U zeroinitializer

define i32 @use(ptr %p) {
  %f = getelementptr %struct.U, ptr %p, i32 0, i32 1
  %v = load i32, ptr %f, align 4
  ret i32 %v
}
