; Source of the PC-section fixtures; see gen.sh. No target triple: gen.sh
; passes one to llc-22.
;
; Function entries: every function carries !pcsections on itself and so gets
; an entry (PC, size, aux) in pcs_func, pcs_func_aux and pcs_func_c (!C).
;
; Instruction entries: store_rel, rmw and load_acq each have one instruction
; with its own node, so pcs_insn, pcs_insn_aux and pcs_insn_c get one entry
; (PC, aux) per function. llc-22 keeps a function's instruction labels in a
; DenseMap keyed by the metadata node, so with two nodes in one function the
; order of their entries would change from run to run; one node per function
; keeps the output reproducible.
;
; shared has three instructions with the same node !13: llc-22 writes their
; three PCs and then the node's aux constants once (pcs_shared), which is not
; the PC+aux entry layout; pcs_insn gets the three PCs as plain entries.

@counter = dso_local global i64 0, align 8

define dso_local i64 @start() !pcsections !0 {
  %a = call i64 @add1(i64 41)
  call void @store_rel(ptr @counter, i64 %a)
  %b = call i64 @rmw(ptr @counter, i64 %a)
  %c = call i64 @load_acq(ptr @counter)
  %d = call i64 @shared(ptr @counter)
  %s1 = add i64 %b, %c
  %s2 = add i64 %s1, %d
  ret i64 %s2
}

define dso_local i64 @add1(i64 %x) !pcsections !1 {
  %a = add i64 %x, 1
  ret i64 %a
}

define dso_local void @store_rel(ptr %p, i64 %v) !pcsections !2 {
  store atomic i64 %v, ptr %p release, align 8, !pcsections !10
  ret void
}

define dso_local i64 @rmw(ptr %p, i64 %v) !pcsections !3 {
  %o = atomicrmw add ptr %p, i64 %v seq_cst, !pcsections !11
  ret i64 %o
}

define dso_local i64 @load_acq(ptr %p) !pcsections !4 {
  %l = load atomic i64, ptr %p acquire, align 8, !pcsections !12
  ret i64 %l
}

define dso_local i64 @shared(ptr %p) !pcsections !5 {
  %a = load atomic i64, ptr %p acquire, align 8, !pcsections !13
  store atomic i64 %a, ptr %p release, align 8, !pcsections !13
  %b = load atomic i64, ptr %p acquire, align 8, !pcsections !13
  ret i64 %b
}

; Function entries. Aux in pcs_func_aux: i8, i16, i32, i64 at natural size;
; in pcs_func_c!C: i8 as a raw byte, the others as ULEB128.
!0 = !{!"pcs_func", !"pcs_func_aux", !20, !"pcs_func_c!C", !21}
!1 = !{!"pcs_func", !"pcs_func_aux", !20, !"pcs_func_c!C", !22}
!2 = !{!"pcs_func", !"pcs_func_aux", !20, !"pcs_func_c!C", !23}
!3 = !{!"pcs_func", !"pcs_func_aux", !20, !"pcs_func_c!C", !22}
!4 = !{!"pcs_func", !"pcs_func_aux", !20, !"pcs_func_c!C", !21}
!5 = !{!"pcs_func", !"pcs_func_aux", !20, !"pcs_func_c!C", !23}

; Instruction entries. pcs_insn_aux has two aux tuples (i32; i64, i8), which
; llc writes one after the other; pcs_insn_c!C has (i64, i8).
!10 = !{!"pcs_insn", !"pcs_insn_aux", !24, !25, !"pcs_insn_c!C", !26}
!11 = !{!"pcs_insn", !"pcs_insn_aux", !24, !25, !"pcs_insn_c!C", !27}
!12 = !{!"pcs_insn", !"pcs_insn_aux", !24, !25, !"pcs_insn_c!C", !28}
!13 = !{!"pcs_insn", !"pcs_shared", !29}

!20 = !{i8 7, i16 300, i32 10, i64 300}
!21 = !{i8 200, i16 300, i32 70000, i64 -1}
!22 = !{i8 1, i16 2, i32 3, i64 4}
!23 = !{i8 255, i16 128, i32 -2, i64 1099511627776}
!24 = !{i32 -2}
!25 = !{i64 -1, i8 1}
!26 = !{i64 200, i8 200}
!27 = !{i64 127, i8 0}
!28 = !{i64 9223372036854775807, i8 128}
!29 = !{i32 5}
