target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
declare void @g(i32)
declare token @llvm.experimental.convergence.entry()
declare void @llvm.assume(i1)
define void @f(i32 %x, ptr %p) convergent {
  %t = call token @llvm.experimental.convergence.entry()
  call void @g(i32 %x) [ "deopt"(i32 %x, i64 7), "gc-live"(ptr %p) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 16) ]
  call void @g(i32 1) [ "convergencectrl"(token %t) ]
  ret void
}
