target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g = global i32 42, align 4

define i32 @add(i32 %0, i32 %1) {
  %3 = add nsw i32 %0, %1
  %4 = load i32, ptr @g, align 4
  %5 = mul i32 %3, %4
  %6 = icmp sgt i32 %5, 10
  br i1 %6, label %7, label %9

7:
  %8 = call i32 @ext(i32 %5)
  br label %9

9:
  %10 = phi i32 [ %8, %7 ], [ 0, %2 ]
  store i32 %10, ptr @g, align 4
  ret i32 %10
}

declare i32 @ext(i32)

define i32 @varargs(i32 %n, ...) {
  %ap = alloca ptr
  call void @llvm.va_start.p0(ptr %ap)
  %x = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 %x
}
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)
