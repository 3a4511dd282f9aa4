; Weak and linkonce objects of LLVM 3.x on Mach-O, which has no COMDATs:
; no implicit comdat (Triple::supportsCOMDAT).
target datalayout = "e-m:o-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-apple-macosx10.9.0"

@w1 = weak global i32 1
@lo = linkonce_odr global i32 2
define linkonce_odr i32 @lf() {
  ret i32 0
}
define weak void @wf() {
  ret void
}
