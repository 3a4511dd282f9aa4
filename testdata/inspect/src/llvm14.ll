; Global values written by LLVM 14's llvm-as: no IR symbol table.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@counter = global i32 1, align 4
@private_str = private unnamed_addr constant [6 x i8] c"hello\00", align 1
@weak_var = weak global i32 7, align 4
@ext = external global i32, align 4
@tls = thread_local global i32 0, align 4
@common_var = common global i32 0, align 4
@0 = internal global i32 5, align 4
@alias_to_fn = alias i32 (), i32 ()* @get
@alias_gep = alias i8, getelementptr (i8, i8* bitcast (i32* @counter to i8*), i64 2)
@ifn = ifunc i32 (), i32 ()* ()* @resolver
@kept = internal global i32 8, align 4
@llvm.used = appending global [1 x i8*] [i8* bitcast (i32* @kept to i8*)], section "llvm.metadata"

define i32 @get() {
  %v = load i32, i32* @counter
  %u = load i32, i32* @0
  %s = add i32 %v, %u
  ret i32 %s
}

define internal i32 ()* @resolver() {
  ret i32 ()* @get
}

define linkonce_odr hidden i32 @inline_fn() {
  ret i32 3
}

declare extern_weak i32 @maybe()

!llvm.ident = !{!0}
!0 = !{!"handwritten for LLVM 14"}
