; 32-bit MinGW: the "_" prefix, stripped again in -export:.
target datalayout = "e-m:x-p:32:32-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:32-n8:16:32-a:0:32-S32"
target triple = "i686-w64-windows-gnu"
define dllexport x86_stdcallcc void @std(i32 %x) { ret void }
define dllexport void @"has space"() { ret void }
@v = dllexport global i32 0
declare void @_alloca()
declare i64 @_alldiv(i64, i64)
