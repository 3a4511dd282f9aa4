; atomicrmw operations an older reader lacks (uinc_wrap, udec_wrap: LLVM
; 16; usub_cond, usub_sat: LLVM 20), which it is given as the
; compare-exchange loops LLVM's AtomicExpand makes of them; two in one
; block, and one whose block's successor has a phi.
define i32 @inc(ptr %p, i32 %v) {
  %old = atomicrmw uinc_wrap ptr %p, i32 %v seq_cst, align 4
  ret i32 %old
}

define i64 @dec_and_sub(ptr %p, i64 %v, i1 %c) {
start:
  %dec = atomicrmw volatile udec_wrap ptr %p, i64 %v syncscope("agent") acq_rel, align 8
  %s = atomicrmw usub_cond ptr %p, i64 %dec release, align 8
  br i1 %c, label %more, label %join

more:
  %t = atomicrmw usub_sat ptr %p, i64 1 monotonic, align 8
  br label %join

join:
  %r = phi i64 [ %s, %start ], [ %t, %more ]
  ret i64 %r
}

; An fadd of a vector (LLVM 19), exchanged as the i32 of its bits.
define <2 x half> @vec(ptr addrspace(1) %q, <2 x half> %h) {
  %sum = atomicrmw fadd ptr addrspace(1) %q, <2 x half> %h syncscope("agent") monotonic, align 4
  ret <2 x half> %sum
}

; fmax (LLVM 15) and fminimum (LLVM 21) of scalars, exchanged as the
; integer of their bits.
define float @minmax(ptr %p, float %x, ptr %q, double %y) {
  %hi = atomicrmw fmax ptr %p, float %x seq_cst, align 4
  %lo = atomicrmw fminimum ptr %q, double %y acquire, align 8
  %lof = fptrunc double %lo to float
  %r = fadd float %hi, %lof
  ret float %r
}
