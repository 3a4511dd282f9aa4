; A mul holding a zext in a struct initializer (llvm-as-16): LLVM meets the
; zext first (operands before the expression that uses them).
@x = global i32 0
@y = external global i32
@g = global { i64 } { i64 mul (i64 ptrtoint (ptr @x to i64), i64 zext (i32 ptrtoint (ptr @y to i32) to i64)) }
