; MinGW: -export: without the global prefix, ",data", -exclude-symbols for
; hidden definitions, a comdat whose leader is internal (index -1).
target datalayout = "e-m:w-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-w64-windows-gnu"

$lead = comdat any
$loc = comdat any
@lead = linkonce_odr dso_local global i32 1, comdat
@member = linkonce_odr dso_local global i32 2, comdat($lead)
@loc = internal global i32 3, comdat
define dllexport void @exported() { ret void }
@dat = dllexport global i32 4
define hidden void @hid() { ret void }
@hidv = hidden global i32 5
declare hidden void @hiddecl()
define weak void @wf() { ret void }
@wal = weak alias void (), ptr @wf
@al = alias void (), ptr @exported
declare void @__stack_chk_fail()
declare void @sincos(double, ptr, ptr)
declare float @exp10f(float)
!llvm.linker.options = !{!0}
!0 = !{!"-lfoo"}
