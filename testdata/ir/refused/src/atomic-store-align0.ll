; An atomic store whose alignment bcedit -atomicalign0 drops.
define void @f(ptr %p) {
  store atomic i32 0, ptr %p seq_cst, align 4
  ret void
}
