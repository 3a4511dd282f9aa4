; available_externally aliases of a global, a thread-local global and a
; function, used by a body, and an alias after them: for LLVM 13 to 15
; (whose verifiers refuse such an alias) convert writes each as the external
; declaration LLVM makes of one when it drops it (convertToDeclaration).
@g = available_externally global i32 9
@t = available_externally thread_local global i32 3
@ga = available_externally alias i32, ptr @g
@ta = available_externally thread_local alias i32, ptr @t
@fa = available_externally alias void (), ptr @f
@h = global i32 1
@after = alias i32, ptr @h

define available_externally void @f() {
  ret void
}

define i32 @use() {
  call void @fa()
  %x1 = load i32, ptr @ga
  %x6 = call ptr @llvm.threadlocal.address.p0(ptr @ta)
  %x2 = load i32, ptr %x6
  %x3 = load i32, ptr @after
  %x4 = add i32 %x1, %x2
  %x5 = add i32 %x4, %x3
  ret i32 %x5
}
declare ptr @llvm.threadlocal.address.p0(ptr)
