; Blank module-level inline assembly: an assembler parser is needed, and
; gives no symbols.
target datalayout = "e-m:e-i64:64"
target triple = "x86_64-unknown-linux-gnu"
module asm "  "
module asm "\09"
@g = global i32 0
