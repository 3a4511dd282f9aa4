; A combined index written by hand (llvm-as-22 writes an index without a
; module as a combined index): the regular LTO module (empty path), modules
; out of path order, two summaries of one GUID, an alias, MemProf versions
; and clones, type ids with every resolution kind and resolutions by
; argument out of order.
^0 = module: (path: "", hash: (0, 0, 0, 0, 0))
^1 = module: (path: "b.o", hash: (1, 2, 3, 4, 5))
^2 = module: (path: "a.o", hash: (6, 7, 8, 9, 10))
^3 = gv: (guid: 1, summaries: (function: (module: ^1, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 1, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 2, calls: ((callee: ^4, hotness: hot)), typeIdInfo: (typeTests: (^7), typeCheckedLoadVCalls: (vFuncId: (^8, offset: 8))), allocs: ((versions: (notcold, cold), memProf: ((type: cold, stackIds: (11, 12)), (type: notcold, stackIds: (11, 13))))), callsites: ((callee: ^4, clones: (0, 1), stackIds: (11))), refs: (readonly ^5))))
^4 = gv: (guid: 2, summaries: (function: (module: ^2, flags: (linkage: linkonce_odr, visibility: hidden, notEligibleToImport: 1, live: 0, dsoLocal: 0, canAutoHide: 1, importType: declaration), insts: 1), function: (module: ^1, flags: (linkage: linkonce_odr, visibility: default, notEligibleToImport: 0, live: 1, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 1)))
^5 = gv: (guid: 3, summaries: (variable: (module: ^0, flags: (linkage: internal, visibility: default, notEligibleToImport: 0, live: 1, dsoLocal: 1, canAutoHide: 0, importType: definition), varFlags: (readonly: 1, writeonly: 0, constant: 1))))
^6 = gv: (guid: 4, summaries: (alias: (module: ^2, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 1, dsoLocal: 1, canAutoHide: 0, importType: definition), aliasee: ^4)))
^7 = typeid: (name: "_ZTS1A", summary: (typeTestRes: (kind: byteArray, sizeM1BitWidth: 7, alignLog2: 3, sizeM1: 12, bitMask: 200, inlineBits: 5), wpdResolutions: ((offset: 16, wpdRes: (kind: branchFunnel)), (offset: 0, wpdRes: (kind: indir, resByArg: (args: (3, 1), byArg: (kind: uniqueRetVal, info: 1, byte: 2, bit: 3), args: (1, 2, 3), byArg: (kind: virtualConstProp), args: (1), byArg: (kind: uniformRetVal, info: 42), args: (9), byArg: (kind: indir))))))) ; guid = 14923871475266172186
^8 = typeid: (name: "_ZTS1B", summary: (typeTestRes: (kind: single, sizeM1BitWidth: 0), wpdResolutions: ((offset: 8, wpdRes: (kind: singleImpl, singleImplName: "impl"))))) ; guid = 0
^9 = gv: (guid: 5, summaries: (alias: (module: ^2, flags: (linkage: weak, visibility: default, notEligibleToImport: 0, live: 1, dsoLocal: 0, canAutoHide: 0, importType: definition), aliasee: null)))
^10 = gv: (guid: 6, summaries: (function: (module: ^2, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 1, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 3, typeIdInfo: (typeTests: (^11, ^12, ^13, 77)), callsites: ((callee: null, clones: (1, 0), stackIds: (12, 13))))))
^11 = typeid: (name: "_ZTS1C", summary: (typeTestRes: (kind: inline, sizeM1BitWidth: 5, inlineBits: 9)))
^12 = typeid: (name: "_ZTS1D", summary: (typeTestRes: (kind: unsat, sizeM1BitWidth: 0)))
^13 = typeid: (name: "_ZTS1E", summary: (typeTestRes: (kind: allOnes, sizeM1BitWidth: 1)))
^14 = flags: 5
^15 = blockcount: 17
