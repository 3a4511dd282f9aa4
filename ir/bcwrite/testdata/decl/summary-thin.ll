target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$c1 = comdat any

@ro = internal global i32 3
@wo = internal global i32 0
@table = global [2 x ptr] [ptr @callee, ptr @other], comdat($c1)
@vt = constant { [2 x ptr] } { [2 x ptr] [ptr @callee, ptr @other] }, !type !3
@al = alias i32 (i32), ptr @callee
@part = global i32 1, partition "part1"

declare void @extfn()

define i32 @callee(i32 %x) comdat($c1) {
  %v = load i32, ptr @ro
  %r = add i32 %x, %v
  ret i32 %r
}

define i32 @other(i32 %x) {
  store i32 %x, ptr @wo
  ret i32 %x
}

define i32 @caller(ptr %fp, i32 %x) !prof !0 {
  %ind = call i32 %fp(i32 %x), !prof !1
  %dir = tail call i32 @callee(i32 %ind)
  call void @extfn()
  %t = call i1 @llvm.type.test(ptr %fp, metadata !"typeid1")
  call void @llvm.assume(i1 %t)
  ret i32 %dir
}

declare i1 @llvm.type.test(ptr, metadata)
declare void @llvm.assume(i1)

!llvm.module.flags = !{!2}
!0 = !{!"function_entry_count", i64 100}
!1 = !{!"VP", i32 0, i64 100, i64 1234567890123, i64 60, i64 -5555555555555, i64 40}
!2 = !{i32 1, !"EnableSplitLTOUnit", i32 1}
!3 = !{i64 0, !"typeid1"}
