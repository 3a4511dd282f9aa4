; A module-level metadata node holding a constant whose type changes for
; typed pointers (ptr null), met only from a body: TestBodySharedChanges.
define void @f(ptr %p) {
  store ptr null, ptr %p, align 8, !shared !0
  ret void
}

!0 = !{ptr null}
