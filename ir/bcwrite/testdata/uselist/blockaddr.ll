; A function a table of blockaddresses names, and called twice: LLVM 19
; counts the blockaddresses among the function's uses and records their
; order (uselistorder); LLVM 21 on do not count them, and LLVM 22's
; reader drops the order.
@table = global [2 x ptr] [ptr blockaddress(@f, %a), ptr blockaddress(@f, %b)]

define void @f(ptr %p) {
entry:
  indirectbr ptr %p, [label %a, label %b]
a:
  ret void
b:
  ret void
}

define void @g(ptr %p) {
  call void @f(ptr %p)
  call void @f(ptr null)
  ret void
}

uselistorder ptr @f, { 3, 1, 2, 0 }
