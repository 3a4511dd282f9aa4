; Not AArch64: the flags are not copied onto the functions.
target triple = "thumbv7-unknown-linux-gnueabihf"
define void @a() #0 { ret void }
define void @b() #1 { ret void }
define void @c() { ret void }
attributes #0 = { nounwind "branch-target-enforcement"="true" "sign-return-address-key"="a_key" }
attributes #1 = { "sign-return-address"="non-leaf" "branch-protection-pauth-lr"="false" "guarded-control-stack"="true" }
!llvm.module.flags = !{!0, !1, !2, !3, !4}
!0 = !{i32 1, !"branch-target-enforcement", i32 0}
!1 = !{i32 1, !"sign-return-address", i32 1}
!2 = !{i32 1, !"sign-return-address-all", i32 0}
!3 = !{i32 1, !"sign-return-address-with-bkey", i32 0}
!4 = !{i32 1, !"guarded-control-stack", i32 2}
