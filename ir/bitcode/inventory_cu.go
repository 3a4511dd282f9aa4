package bitcode

import "github.com/bcextract/bcextract/llvmir"

// The operand indexes of a COMPILE_UNIT record (cuLanguage, ...) and its
// length bounds (diLens) are those of the full reader, in di_layout.go.

// decodeCompileUnitInfo decodes the fields of a COMPILE_UNIT record the
// inventory keeps; ok is false for a record LLVM's reader refuses.
func decodeCompileUnitInfo(ops []uint64) (cu cuRecord, ok bool) {
	if n := diLens[llvmir.METADATA_COMPILE_UNIT]; len(ops) < n[0] || len(ops) > n[1] {
		return cu, false
	}
	return cuRecord{lang: ops[cuLanguage], file: ops[cuFile], producer: ops[cuProducer],
		optimized: ops[cuIsOptimized] != 0, sysroot: op(ops, cuSysroot), sdk: op(ops, cuSDK)}, true
}
