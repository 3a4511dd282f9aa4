; atomicrmw xchg of a pointer (LLVM 15), which a reader before LLVM 15 is
; given as the xchg of the pointer's bits.
target datalayout = "e-m:e-i64:64-n8:16:32:64-S128"

define ptr @swap(ptr %slot, ptr %new) {
  %old = atomicrmw xchg ptr %slot, ptr %new seq_cst, align 8
  ret ptr %old
}
