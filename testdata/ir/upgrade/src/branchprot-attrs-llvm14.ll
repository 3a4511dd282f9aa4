; Function attributes of branch protection: "true" loses its value,
; "false" goes, missing ones come from the module flags of 1.
target triple = "aarch64-unknown-linux-gnu"
define void @a() #0 { ret void }
define void @b() #1 { ret void }
define void @c() { ret void }
attributes #0 = { nounwind "branch-target-enforcement"="true" "sign-return-address-key"="a_key" }
attributes #1 = { "sign-return-address"="non-leaf" "branch-protection-pauth-lr"="false" "guarded-control-stack"="true" }
!llvm.module.flags = !{!0, !1, !2, !3}
!0 = !{i32 1, !"branch-target-enforcement", i32 1}
!1 = !{i32 1, !"sign-return-address", i32 0}
!2 = !{i32 1, !"sign-return-address-all", i32 0}
!3 = !{i32 1, !"sign-return-address-with-bkey", i32 0}
