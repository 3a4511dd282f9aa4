; Aliasees with mul and lshr constant expressions (llvm-as-16): LLVM takes
; the last alias first, so it names lshr.
@x = global [4 x i8] zeroinitializer
@a = alias i8, getelementptr (i8, ptr @x, i64 mul (i64 ptrtoint (ptr @x to i64), i64 0))
@b = alias i8, getelementptr (i8, ptr @x, i64 lshr (i64 ptrtoint (ptr @x to i64), i64 60))
