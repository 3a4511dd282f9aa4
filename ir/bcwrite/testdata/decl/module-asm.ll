; Module-level inline assembly: the IR symbol table lists the symbols
; LLVM's assembler parser finds in it (defined, global, weak, local,
; numeric labels, an assignment, undefined uses), after the module's own.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

module asm ".text"
module asm ".globl asm_global"
module asm "asm_global:"
module asm "  call ext_func"
module asm "1:"
module asm "  jmp 1b"
module asm ".weak asm_weak"
module asm "asm_weak:"
module asm "  ret"
module asm "asm_local:"
module asm "  movq ext_data(%rip), %rax"
module asm "  ret"
module asm ".globl declared_only"
module asm ".weak weak_undef"
module asm ".set asm_alias, asm_local"

declare void @asm_global()

define void @call_asm() {
  call void @asm_global()
  ret void
}
