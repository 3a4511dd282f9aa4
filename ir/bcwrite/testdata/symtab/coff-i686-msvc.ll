; COFF i686 MSVC: stdcall, fastcall and vectorcall decorations (sret and
; byval parameters, variadic functions), "?" names, aliases of decorated
; functions, unnamed globals, /EXPORT: of prefixed names.
source_filename = "win32.c"
target datalayout = "e-m:x-p:32:32-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:32-n8:16:32-a:0:32-S32"
target triple = "i686-pc-windows-msvc"
define x86_stdcallcc void @sc(i32 %a, i64 %b) { ret void }
define x86_fastcallcc void @fc(i32 %a) { ret void }
define x86_vectorcallcc void @vc(double %a) { ret void }
define x86_stdcallcc void @scv(i32 %a, ...) { ret void }
define x86_stdcallcc void @scs(ptr sret(i64) %a, ptr byval([5 x i32]) %b) { ret void }
define void @"?cpp@@YAXXZ"() { ret void }
define x86_stdcallcc void @"?cpps@@YGXH@Z"(i32 %a) { ret void }
define dllexport void @ex() { ret void }
@al = alias void (i32, i64), ptr @sc
@d = dllexport global i32 0
@0 = global i32 1
@1 = internal global i32 1
define void @2() { ret void }
