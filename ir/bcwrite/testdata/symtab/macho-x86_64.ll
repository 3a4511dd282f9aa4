; Mach-O: the "_" and "L" prefixes, \01 names, Darwin's runtime library
; calls (__bzero, memset_pattern16, __exp10, __sincos_stret, not exp10).
source_filename = "macho.c"
target datalayout = "e-m:o-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "x86_64-apple-macosx14.0.0"

$cd = comdat any
@g = global i32 1
@priv = private constant i32 2
@llvm.used = appending global [1 x ptr] [ptr @g], section "llvm.metadata"
@sec = global i32 0, section "__DATA,__mysec"
define void @f() { ret void }
define private void @pf() { ret void }
declare ptr @memcpy(ptr, ptr, i64)
declare void @__bzero(ptr, i64)
declare void @memset_pattern16(ptr, ptr, i64)
declare double @exp10(double)
declare double @__exp10(double)
declare void @__sincos_stret(double)
declare void @"\01_raw"()
@0 = private global i32 3
