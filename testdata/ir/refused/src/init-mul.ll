; A global initializer with a mul constant expression, as flang-19 writes
; them; assembled by llvm-as-19. LLVM 22 has no mul constant expressions
; and no block to put an instruction in: llvm-dis-22 refuses the module.
@x = global i32 0
@g = global i64 mul (i64 ptrtoint (ptr @x to i64), i64 3)
