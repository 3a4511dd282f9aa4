; A module summary written by hand (llvm-as-22 writes it back as bitcode):
; what the compilers here do not produce, or not all together: call
; hotness hot and critical, MemProf contexts of every allocation type,
; type tests and virtual calls of all four kinds, an alias, variables with
; readonly/writeonly refs and a vtable.
source_filename = "hand.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@counter = global i32 0
@limit = constant i32 10
@vt = constant [2 x ptr] [ptr @callee_hot, ptr @callee_crit], !type !0, !vcall_visibility !1
@alias_of_caller = alias ptr (), ptr @caller

define ptr @caller(ptr %p) {
  %1 = call ptr @callee_hot()
  %2 = call ptr @callee_crit()
  %3 = load i32, ptr @limit
  store i32 %3, ptr @counter
  ret ptr %1
}

define ptr @callee_hot() {
  ret ptr null
}

define ptr @callee_crit() {
  ret ptr null
}

!0 = !{i64 0, !"_ZTS4Base"}
!1 = !{i64 1}

^0 = module: (path: "hand.bc", hash: (0, 0, 0, 0, 0))
^1 = gv: (name: "counter", summaries: (variable: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), varFlags: (readonly: 1, writeonly: 1, constant: 0))))
^2 = gv: (name: "limit", summaries: (variable: (module: ^0, flags: (linkage: external, visibility: hidden, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), varFlags: (readonly: 1, writeonly: 0, constant: 1))))
^3 = gv: (name: "vt", summaries: (variable: (module: ^0, flags: (linkage: linkonce_odr, visibility: protected, notEligibleToImport: 1, live: 1, dsoLocal: 1, canAutoHide: 1, importType: declaration), varFlags: (readonly: 0, writeonly: 0, constant: 1, vcall_visibility: 1), vTableFuncs: ((virtFunc: ^5, offset: 0), (virtFunc: ^6, offset: 8)), refs: (^5, ^6))))
^4 = gv: (name: "caller", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 5, funcFlags: (readNone: 0, readOnly: 0, noRecurse: 1, returnDoesNotAlias: 0, noInline: 1, alwaysInline: 0, noUnwind: 1, mayThrow: 0, hasUnknownCall: 1, mustBeUnreachable: 0), calls: ((callee: ^5, hotness: hot), (callee: ^6, hotness: critical, tail: 1)), typeIdInfo: (typeTests: (7004155349499253778, 123), typeTestAssumeVCalls: (vFuncId: (guid: 7004155349499253778, offset: 0)), typeCheckedLoadVCalls: (vFuncId: (guid: 7004155349499253778, offset: 8)), typeTestAssumeConstVCalls: ((vFuncId: (guid: 7004155349499253778, offset: 16), args: (1, 2))), typeCheckedLoadConstVCalls: ((vFuncId: (guid: 42, offset: 24), args: (3)))), callsites: ((callee: ^5, clones: (0), stackIds: (100, 200)), (callee: ^6, clones: (0), stackIds: (300))), params: ((param: 0, offset: [-8, 15], calls: ((callee: ^5, param: 1, offset: [0, 0]))), (param: 1, offset: [0, -1])), refs: (^7, readonly ^2, writeonly ^1))))
^5 = gv: (name: "callee_hot", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 1, allocs: ((versions: (none), memProf: ((type: hot, stackIds: (100, 200, 300)), (type: cold, stackIds: (100, 200, 400)), (type: notcold, stackIds: (500)), (type: none, stackIds: (600)))), (versions: (none), memProf: ((type: cold, stackIds: (700))))))))
^6 = gv: (name: "callee_crit", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 1)))
^7 = gv: (name: "alias_of_caller", summaries: (alias: (module: ^0, flags: (linkage: weak, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), aliasee: ^4)))
