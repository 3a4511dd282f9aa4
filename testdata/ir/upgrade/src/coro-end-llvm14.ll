; llvm.coro.end of LLVM 14 returned i1: LLVM 22 rebuilds its calls as
; void ones with a token none argument, keeping the name (printed on a
; void call) and dropping the tail marker, attributes and metadata.
declare i1 @llvm.coro.end(i8*, i1)
define i1 @f(i8* %h) {
  %r = tail call i1 @llvm.coro.end(i8* %h, i1 false) #0, !foo !0
  call i1 @llvm.coro.end(i8* %h, i1 true)
  ret i1 %r
}
attributes #0 = { nounwind }
!0 = !{i32 1}
