; Synchronization scopes and operand bundle tags beyond LLVM's fixed ones:
; a writer lists them all, in the order the module registered them.
target triple = "amdgcn-amd-amdhsa"

declare void @g()

define void @f(ptr %p) {
  %a = atomicrmw add ptr %p, i32 1 syncscope("agent") seq_cst, align 4
  fence syncscope("workgroup") acquire
  store atomic i32 0, ptr %p syncscope("singlethread") release, align 4
  call void @g() [ "custom.tag"(ptr %p), "deopt"() ]
  call void @g() [ "another"() ]
  ret void
}
