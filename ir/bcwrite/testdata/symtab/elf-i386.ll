; ELF i386: _GLOBAL_OFFSET_TABLE_, common symbols' sizes and alignments,
; dependent libraries, a 32-bit runtime library call.
source_filename = "i386.c"
target datalayout = "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"
@cm = common global i64 0
@cmd = common global double 0.0, align 4
define void @f() { ret void }
declare i64 @__divdi3(i64, i64)
!llvm.dependent-libraries = !{!0, !1}
!0 = !{!"m"}
!1 = !{!"pthread"}
