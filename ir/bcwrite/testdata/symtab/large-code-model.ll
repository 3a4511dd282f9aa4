; x86-64 with the large code model: _GLOBAL_OFFSET_TABLE_.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
@big = global [100 x i64] zeroinitializer
define i64 @get(i64 %i) { ret i64 %i }
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"Code Model", i32 4}
