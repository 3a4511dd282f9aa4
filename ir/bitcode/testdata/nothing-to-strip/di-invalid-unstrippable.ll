; A location with an invalid scope that only an attachment of a kind
; StripDebugInfo does not know reaches, in a module with no other debug
; info: LLVM's verifier fails it and llvm-dis-22 strips the debug info,
; which leaves the module as it is; bcextract prints it, not reported.
define void @f() {
  ret void, !foo !0
}

!llvm.module.flags = !{!3}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!0 = !{!1}
!1 = !DILocation(line: 1, column: 1, scope: !2)
!2 = !{null}
