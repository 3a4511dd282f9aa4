; Module-level inline assembly in an i386 ELF module: LLVM's symbol table
; adds _GLOBAL_OFFSET_TABLE_ after the assembly's symbols.
target datalayout = "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

module asm ".globl f32"
module asm "f32:"
module asm "  ret"

@g = global i32 1
