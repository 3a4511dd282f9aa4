; The source file name and ELF's dependent libraries.
source_filename = "/src/dir/deplibs.c"
target datalayout = "e-m:e-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"
@g = global i32 0
declare void @__aarch64_cas4_acq(i32, i32, ptr)
declare void @memcpy(ptr, ptr, i64)
declare void @sincosf(float, ptr, ptr)
declare void @_Unwind_Resume(ptr)
!llvm.dependent-libraries = !{!0, !1, !2}
!0 = !{!"m"}
!1 = !{!"pthread"}
!2 = !{!"m"}
