; AArch64 branch-protection module flags of 1 (Error) as LLVM 14 wrote
; them: llvm-dis-22 copies them onto the function definitions as string
; attributes and makes them 2 (Min).
target triple = "aarch64-unknown-linux-gnu"
declare void @ext()
define void @a() #0 { call void @ext() ret void }
define void @b() #1 { ret void }
define void @c() { ret void }
attributes #0 = { nounwind }
attributes #1 = { "sign-return-address"="none" "branch-target-enforcement"="false" }
!llvm.module.flags = !{!0, !1, !2, !3, !4, !5}
!0 = !{i32 1, !"branch-target-enforcement", i32 1}
!1 = !{i32 1, !"sign-return-address", i32 1}
!2 = !{i32 1, !"sign-return-address-all", i32 1}
!3 = !{i32 1, !"sign-return-address-with-bkey", i32 1}
!4 = !{i32 1, !"guarded-control-stack", i32 1}
!5 = !{i32 1, !"branch-protection-pauth-lr", i32 1}
