; Call edges with relative block frequencies (written by
; llvm-as-22 -write-relbf-to-summary as FS_PERMODULE_RELBF records, as
; older producers wrote them): relbf 0 (not printed), 1, 300 with the tail
; flag, and the largest, 2^28 - 1.
source_filename = "hand-relbf.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @caller() {
  call void @a()
  call void @b()
  call void @c()
  call void @d()
  ret void
}

declare void @a()
declare void @b()
declare void @c()
declare void @d()

^0 = module: (path: "hand-relbf.bc", hash: (0, 0, 0, 0, 0))
^1 = gv: (name: "caller", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 5, calls: ((callee: ^2), (callee: ^3, relbf: 1), (callee: ^4, relbf: 300, tail: 1), (callee: ^5, relbf: 268435455, tail: 1)))))
^2 = gv: (name: "a")
^3 = gv: (name: "b")
^4 = gv: (name: "c")
^5 = gv: (name: "d")
