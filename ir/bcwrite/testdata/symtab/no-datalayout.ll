; No data layout: no SYMTAB block, yet the producer, triple and source
; file name are in the STRTAB.
source_filename = "nodl.c"
target triple = "x86_64-unknown-linux-gnu"
@g = global i32 0
define void @f() { ret void }
