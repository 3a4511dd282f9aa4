; atomicrmw of floating-point operations on scalars only, which LLVM 13
; reads (but for the pointers being opaque); inspect reads the bodies to
; tell them from those on vectors, which need LLVM 19.
define float @add(ptr %p, float %x) {
  %old = atomicrmw fadd ptr %p, float %x seq_cst, align 4
  ret float %old
}

define double @sub(ptr %p, double %x) {
  %old = atomicrmw fsub ptr %p, double %x monotonic, align 8
  ret double %old
}
