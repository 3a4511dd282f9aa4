target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

$cd = comdat any
$big = comdat largest
$nd = comdat nodeduplicate

@tab = global [4 x i32] [i32 1, i32 2, i32 3, i32 4], comdat($cd)
@mid = global ptr getelementptr inbounds ([4 x i32], ptr @tab, i64 0, i64 2)
@mid2 = global ptr getelementptr (i8, ptr @tab, i64 3)
@mid3 = global ptr getelementptr nuw (i8, ptr @tab, i64 1)
@asint = global i64 ptrtoint (ptr @tab to i64)
@asp1 = global ptr addrspace(1) addrspacecast (ptr @tab to ptr addrspace(1))
@b = global i32 0, comdat($big)
@c = global i8 1, comdat($nd)
@ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @init, ptr null }]

@al = alias i32, ptr @b
@al2 = hidden alias [4 x i32], getelementptr (i8, ptr @tab, i64 4)

declare void @init()
declare ptr @resolver()
declare void @f()
