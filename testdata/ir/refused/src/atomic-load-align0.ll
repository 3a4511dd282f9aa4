; An atomic load whose alignment bcedit -atomicalign0 drops: LLVM takes no
; alignment from the data layout for an atomic access, and refuses it.
define i32 @f(ptr %p) {
  %v = load atomic i32, ptr %p seq_cst, align 4
  ret i32 %v
}
