; Module-level inline assembly for a target without an assembler parser:
; no SYMTAB block, and none of its strings in the STRTAB.
target datalayout = "e-p:64:64:64-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
module asm "// a comment"
@g = addrspace(1) global i32 0
define void @k() { ret void }
