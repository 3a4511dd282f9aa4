package llvmir

import "strconv"

// BITCODE_CURRENT_EPOCH is the epoch an IDENTIFICATION_CODE_EPOCH record
// of LLVM 4 and later holds; a reader refuses any other.
const BITCODE_CURRENT_EPOCH = 0

// blockinfoCodeNames holds LLVM's names of the BlockinfoCode values.
var blockinfoCodeNames = [...]string{
	BLOCKINFO_CODE_SETBID:        "BLOCKINFO_CODE_SETBID",
	BLOCKINFO_CODE_BLOCKNAME:     "BLOCKINFO_CODE_BLOCKNAME",
	BLOCKINFO_CODE_SETRECORDNAME: "BLOCKINFO_CODE_SETRECORDNAME",
}

// String returns LLVM's name of c, or "BlockinfoCode(n)" for a value it
// does not define.
func (c BlockinfoCode) String() string {
	if int(c) < len(blockinfoCodeNames) && blockinfoCodeNames[c] != "" {
		return blockinfoCodeNames[c]
	}
	return "BlockinfoCode(" + strconv.FormatUint(uint64(c), 10) + ")"
}

// FixedOperandBundleTags are the operand bundle tags LLVM 22's context
// registers itself, in the order of their IDs (LLVMContext's OB_*): a
// module's OPERAND_BUNDLE_TAGS block lists them first, then the tags the
// module added.
var FixedOperandBundleTags = []string{
	"deopt", "funclet", "gc-transition", "cfguardtarget", "preallocated", "gc-live",
	"clang.arc.attachedcall", "ptrauth", "kcfi", "convergencectrl", "align", "deactivation-symbol",
}

// FixedSyncScopes are the synchronization scope names LLVM 22's context
// registers itself, in the order of their IDs: "singlethread"
// (SYNC_SCOPE_SINGLE_THREAD) and the system scope "" (SYNC_SCOPE_SYSTEM).
var FixedSyncScopes = []string{"singlethread", ""}
