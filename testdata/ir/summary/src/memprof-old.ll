; MemProf metadata as a profile-use build leaves it (from clang-22's output
; for memprof.cpp, without debug info and context sizes), for older
; producers' summaries: opt-N -module-summary.
source_filename = "memprof-old.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define ptr @_Z4makem(i64 %0) noinline {
  %2 = call ptr @_Znam(i64 %0), !memprof !0, !callsite !9
  ret ptr %2
}

declare ptr @_Znam(i64)

define ptr @_Z8hot_pathv() noinline {
  %1 = call ptr @_Z4makem(i64 32), !callsite !10
  ret ptr %1
}

define ptr @_Z9cold_pathv() noinline {
  %1 = call ptr @_Z4makem(i64 64), !callsite !11
  ret ptr %1
}

define ptr @_Z4workv() noinline {
  %1 = call ptr @_Z8hot_pathv(), !callsite !12
  %2 = call ptr @_Z9cold_pathv(), !callsite !13
  ret ptr %2
}

define i32 @main() {
  %1 = call ptr @_Z4workv(), !callsite !14
  %2 = call ptr @_Z4workv(), !callsite !15
  ret i32 0
}

!0 = !{!1, !3, !5, !7}
!1 = !{!2, !"cold"}
!2 = !{i64 523388296787863498, i64 5967162786652460376, i64 8187947197147600445, i64 6029308205096756856}
!3 = !{!4, !"notcold"}
!4 = !{i64 523388296787863498, i64 5967162786652460376, i64 8187947197147600445, i64 7590385790444870038}
!5 = !{!6, !"notcold"}
!6 = !{i64 523388296787863498, i64 -3206336669565308821, i64 3522081261113810492, i64 6029308205096756856}
!7 = !{!8, !"cold"}
!8 = !{i64 523388296787863498, i64 -3206336669565308821, i64 3522081261113810492, i64 7590385790444870038}
!9 = !{i64 523388296787863498}
!10 = !{i64 -3206336669565308821}
!11 = !{i64 5967162786652460376}
!12 = !{i64 3522081261113810492}
!13 = !{i64 8187947197147600445}
!14 = !{i64 7590385790444870038}
!15 = !{i64 6029308205096756856}
