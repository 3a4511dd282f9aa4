; elf-ext.o: LLVM extension sections that clang cannot all be made to emit
; from C for an ELF target.
;   .linker-options            <- !llvm.linker.options (key/value pairs)
;   .deplibs                   <- !llvm.dependent-libraries (#pragma comment(lib) in C)
;   .llvm.call-graph-profile   <- "CG Profile" module flag
;   .llvm_sympart, .rela.llvm_sympart <- partition attribute on @ext_b
;   .llvm_addrsig              <- -faddrsig (@ext_a's address is taken)
;   .llvm_bb_addr_map          <- -fbasic-block-address-map (one, no -ffunction-sections)
;   .llvm.offloading           <- -Xclang -fembed-offload-object=<offload binary>
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ext_fp = global ptr @ext_a

define i32 @ext_a(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %pos, label %neg
pos:
  %y = add i32 %x, 1
  ret i32 %y
neg:
  ret i32 0
}

define i32 @ext_b(i32 %x) partition "part1" {
  %r = call i32 @ext_a(i32 %x)
  %s = mul i32 %r, 2
  ret i32 %s
}

!llvm.linker.options = !{!0, !1}
!0 = !{!"lib", !"m"}
!1 = !{!"foo", !"bar"}
!llvm.dependent-libraries = !{!2}
!2 = !{!"m"}
!llvm.module.flags = !{!3}
!3 = !{i32 5, !"CG Profile", !4}
!4 = !{!5}
!5 = !{ptr @ext_b, ptr @ext_a, i64 42}
