; Windows funclet exception handling: catchswitch (within none and within a
; pad, unwind to caller and to a block), catchpad, catchret, cleanuppad,
; cleanupret, and calls carrying "funclet" bundles.
source_filename = "funclets.ll"
target datalayout = "e-m:w-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-windows-msvc19.40.0"

%rtti.TypeDescriptor2 = type { ptr, ptr, [3 x i8] }

@"??_R0H@8" = linkonce_odr global %rtti.TypeDescriptor2 { ptr null, ptr null, [3 x i8] c".H\00" }, comdat

$"??_R0H@8" = comdat any

declare i32 @__CxxFrameHandler3(...)
declare void @may_throw(i32)
declare void @cleanup_fn()
declare void @llvm.trap()

define void @funclets(i32 %x) personality ptr @__CxxFrameHandler3 {
entry:
  %e = alloca i32, align 4
  invoke void @may_throw(i32 %x)
          to label %next unwind label %dispatch

next:
  invoke void @may_throw(i32 1)
          to label %ret unwind label %cleanup

dispatch:
  %cs = catchswitch within none [label %handler.int, label %handler.all] unwind label %cleanup

handler.int:
  %cp1 = catchpad within %cs [ptr @"??_R0H@8", i32 0, ptr %e]
  invoke void @may_throw(i32 2) [ "funclet"(token %cp1) ]
          to label %handler.int.done unwind label %inner.dispatch

handler.int.done:
  catchret from %cp1 to label %ret

inner.dispatch:
  %cs2 = catchswitch within %cp1 [label %inner.handler] unwind label %cleanup

inner.handler:
  %cp3 = catchpad within %cs2 [ptr null, i32 64, ptr null]
  call void @cleanup_fn() [ "funclet"(token %cp3) ]
  catchret from %cp3 to label %ret

handler.all:
  %cp2 = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %cp2 to label %ret

cleanup:
  %cl = cleanuppad within none []
  call void @cleanup_fn() [ "funclet"(token %cl) ]
  cleanupret from %cl unwind to caller

ret:
  ret void
}

define void @nested.cleanup() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw(i32 0)
          to label %exit unwind label %outer

outer:
  %o = cleanuppad within none [i32 1, ptr null]
  invoke void @may_throw(i32 1) [ "funclet"(token %o) ]
          to label %outer.done unwind label %inner

outer.done:
  cleanupret from %o unwind label %top

inner:
  %i = cleanuppad within %o []
  cleanupret from %i unwind label %top

top:
  %cs = catchswitch within none [label %h] unwind to caller

h:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  call void @llvm.trap() [ "funclet"(token %cp) ]
  unreachable

exit:
  ret void
}
