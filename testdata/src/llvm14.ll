; Written for LLVM 14 (typed pointers).
target triple = "x86_64-pc-linux-gnu"

@msg = private unnamed_addr constant [6 x i8] c"hi 14\00", align 1
@count = global i32 7, align 4

define i32 @get(i32* %p) {
entry:
  %v = load i32, i32* %p, align 4
  %w = add nsw i32 %v, 1
  ret i32 %w
}

define i8* @message() {
  ret i8* getelementptr inbounds ([6 x i8], [6 x i8]* @msg, i64 0, i64 0)
}

define i32 @use() {
  %r = call i32 @get(i32* @count)
  ret i32 %r
}
