; ptrauth constants: the deactivation symbol, when there is none, is the
; null pointer LLVM's constant holds.
declare void @ext.fn()
@disc = global i8 0
@pa = global ptr ptrauth (ptr @ext.fn, i32 0)
@pa2 = global ptr ptrauth (ptr @ext.fn, i32 2, i64 1234)
@pa3 = global ptr ptrauth (ptr @ext.fn, i32 1, i64 0, ptr @disc)
