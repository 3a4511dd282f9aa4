; What a body shares with the module level whose type changes for typed
; pointers, met only from a body (TestBodySharedChanges): a module-level
; metadata node holding ptr null; and an attribute list of calls, byval of
; a literal struct of a pointer, of no function (the declaration's differs:
; no noundef). @f2 is @f again: the body read while @f's is lowered
; (bcwrite's TestTypedBodiesStreamed, run with -race by .ci/run).
define void @f(ptr %p) {
  store ptr null, ptr %p, align 8, !shared !0
  call void @g(ptr noundef byval({ ptr, i32 }) %p)
  call void @g(ptr noundef byval({ ptr, i32 }) %p)
  ret void
}

define void @f2(ptr %p) {
  store ptr null, ptr %p, align 8, !shared !0
  call void @g(ptr noundef byval({ ptr, i32 }) %p)
  ret void
}

declare void @g(ptr byval({ ptr, i32 }))

!0 = !{ptr null}
