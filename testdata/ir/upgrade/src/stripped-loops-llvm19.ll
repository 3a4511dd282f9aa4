; llvm-as flags: -disable-auto-upgrade-debug-info
; Loop IDs of a module whose debug info llvm-dis-22 strips (no "Debug Info
; Version" flag): each loses its debug locations (stripDebugLocFromLoopID).
; A loop ID of locations only goes; one without any stays as it is; one
; with a tuple that holds a location gets that tuple rebuilt without it
; (uniqued: !{!"llvm.loop.keep"} is then the node !kept names); a loop ID
; used twice in a function is rewritten once, and once per function.
define void @f(i32 %n) {
entry:
  br label %a
a:
  br i1 true, label %a, label %b, !llvm.loop !10
b:
  br i1 true, label %b, label %c, !llvm.loop !11
c:
  br i1 true, label %c, label %d, !llvm.loop !12
d:
  br i1 true, label %d, label %e, !llvm.loop !13
e:
  br i1 true, label %e, label %g, !llvm.loop !10
g:
  br i1 true, label %g, label %h, !llvm.loop !14
h:
  ret void
}

define void @f2() {
entry:
  br label %a
a:
  br i1 true, label %a, label %b, !llvm.loop !10
b:
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!kept = !{!20}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: ".")
!2 = !{i32 7, !"Dwarf Version", i32 4}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !5)
!5 = !{null}
!6 = !DILocation(line: 2, column: 1, scope: !3)
!7 = !DILocation(line: 3, column: 1, scope: !3)
!8 = !{!"llvm.loop.mustprogress"}
!10 = distinct !{!10, !6, !7, !8}
!11 = distinct !{!11, !6, !7}
!12 = distinct !{!12, !8}
!13 = distinct !{!13, !6, !21, null, !22}
!14 = distinct !{!14, !23, !8}
!20 = !{!"llvm.loop.keep"}
!21 = !{!"llvm.loop.keep", !7}
!22 = !{!6, !7}
!23 = !{!24}
!24 = !{!6}
