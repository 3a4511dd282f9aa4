package bitcode

// Operand indexes of a METADATA_COMPILE_UNIT record: [distinct, language,
// file, producer, isOptimized, flags, runtimeVersion, splitDebugFilename,
// emissionKind, enums, retainedTypes, subprograms (before LLVM 3.9),
// globals, imports, dwoId, macros, splitDebugInlining,
// debugInfoForProfiling, nameTableKind, rangesBaseAddress, sysroot, sdk,
// sourceLanguageVersion]. Metadata operands are IDs + 1, 0 for none.
const (
	cuLanguage  = 1
	cuFile      = 2
	cuProducer  = 3
	cuOptimized = 4
	cuSysRoot   = 20
	cuSDK       = 21

	// LLVM's reader refuses a COMPILE_UNIT record of fewer or more
	// operands than these.
	minCompileUnitOps = 14
	maxCompileUnitOps = 23
)

// decodeCompileUnitInfo decodes the fields of a COMPILE_UNIT record the
// inventory keeps; ok is false for a record LLVM's reader refuses.
func decodeCompileUnitInfo(ops []uint64) (cu cuRecord, ok bool) {
	if len(ops) < minCompileUnitOps || len(ops) > maxCompileUnitOps {
		return cu, false
	}
	return cuRecord{lang: ops[cuLanguage], file: ops[cuFile], producer: ops[cuProducer],
		optimized: ops[cuOptimized] != 0, sysroot: op(ops, cuSysRoot), sdk: op(ops, cuSDK)}, true
}
