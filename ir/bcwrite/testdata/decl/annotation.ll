; !annotation tuples: strings (taken by every reader), and annotations
; with parameters (LLVM 17; AddressSanitizer's alloca_name_altered),
; which a reader before LLVM 17 is given as their strings alone.
define void @f() {
  %slot = alloca i32, align 4, !annotation !0
  %buffer = alloca i32, align 4, !annotation !2
  %init = alloca i32, align 4, !annotation !3
  ret void
}

!0 = !{!1}
!1 = !{!"alloca_name_altered", !"buff"}
!2 = !{!"auto-init", !1}
!3 = !{!"auto-init"}
