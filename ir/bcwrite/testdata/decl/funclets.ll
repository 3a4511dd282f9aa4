; Windows exception handling: catchswitch, catchpad, catchret, cleanuppad,
; cleanupret.
target triple = "x86_64-pc-windows-msvc"

declare void @may_throw()
declare i32 @__CxxFrameHandler3(...)

define void @f() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw()
          to label %done unwind label %dispatch
dispatch:
  %cs = catchswitch within none [label %handler] unwind label %cleanup
handler:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %cp to label %done
cleanup:
  %cl = cleanuppad within none []
  call void @may_throw() [ "funclet"(token %cl) ]
  cleanupret from %cl unwind to caller
done:
  ret void
}
