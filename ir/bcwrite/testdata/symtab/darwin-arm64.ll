; Mach-O AArch64 (iOS 12): Darwin's runtime library calls, and those the
; DWARF exception model brings (_Unwind_Resume, not _Unwind_SjLj_Register).
target datalayout = "e-m:o-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "arm64-apple-ios12.0.0"
@g = global i32 1
define void @f() { ret void }
declare void @__sincos_stret(double)
declare void @memset_pattern16(ptr, ptr, i64)
declare void @__exp10(double)
declare void @_Unwind_SjLj_Register(ptr)
declare void @_Unwind_Resume(ptr)
declare i32 @__gxx_personality_v0(...)
