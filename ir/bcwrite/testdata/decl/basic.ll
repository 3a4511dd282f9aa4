target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g = global i32 42, align 4
@s = constant [6 x i8] c"hello\00", align 1
@p = global ptr @g

declare i32 @puts(ptr) nounwind
declare void @ext()
