package minllvm

import "github.com/bcextract/bcextract/llvmir"

// MinFlag is the first release whose verifier takes a module flag of
// behaviour Min (8): LLVM 13 and 14 refuse it ("invalid behavior operand
// in module flag (unexpected constant)"). LLVM 22's reader makes Min of
// the "PIC Level" flag and AArch64's branch-protection flags written as
// Error or Max, so the IR it reads cannot tell; the records can.
const MinFlag = 15

// minFlagBehaviour is the module flag behaviour Min.
const minFlagBehaviour = 8

// flagTracker follows, through a module's records, the constants its
// module flags hold: a flag is a METADATA_NODE of 3 operands named by
// the llvm.module.flags METADATA_NAMED_NODE, whose first operand is a
// METADATA_VALUE of an integer of the module's CONSTANTS block. Only
// module-level values and metadata are numbered.
type flagTracker struct {
	values uint64          // module-level values numbered so far
	eights map[uint64]bool // values that are the integer 8
	md     uint64          // module-level metadata numbered so far
	md8    map[uint64]bool // metadata that are a value of eights
	nodes8 map[uint64]bool // nodes of 3 operands whose first is of md8
	named  bool            // the last METADATA_NAME is llvm.module.flags
}

// reset readies t for a new module.
func (t *flagTracker) reset() {
	*t = flagTracker{eights: t.eights, md8: t.md8, nodes8: t.nodes8}
	if t.eights == nil {
		t.eights, t.md8, t.nodes8 = map[uint64]bool{}, map[uint64]bool{}, map[uint64]bool{}
	}
	clear(t.eights)
	clear(t.md8)
	clear(t.nodes8)
}

// record follows a module-level record of block id (a record of a
// function's blocks is not given) and reports whether it names a module
// flag of behaviour Min.
func (t *flagTracker) record(id llvmir.BlockID, code uint32, ops []uint64) bool {
	switch id {
	case llvmir.MODULE_BLOCK_ID:
		switch llvmir.ModuleCode(code) {
		case llvmir.MODULE_CODE_GLOBALVAR, llvmir.MODULE_CODE_FUNCTION, llvmir.MODULE_CODE_ALIAS,
			llvmir.MODULE_CODE_ALIAS_OLD, llvmir.MODULE_CODE_IFUNC:
			t.values++
		}
	case llvmir.CONSTANTS_BLOCK_ID:
		switch llvmir.ConstantsCode(code) {
		case llvmir.CST_CODE_SETTYPE:
			return false
		case llvmir.CST_CODE_INTEGER:
			// A signed VBR: the magnitude shifted left, the sign
			// in bit 0.
			if len(ops) == 1 && ops[0] == minFlagBehaviour<<1 {
				t.eights[t.values] = true
			}
		}
		t.values++
	case llvmir.METADATA_BLOCK_ID:
		switch llvmir.MetadataCode(code) {
		case llvmir.METADATA_STRINGS:
			if len(ops) > 0 {
				t.md += ops[0]
			}
			return false
		case llvmir.METADATA_NAME:
			t.named = opsString(ops) == "llvm.module.flags"
			return false
		case llvmir.METADATA_NAMED_NODE:
			if t.named {
				for _, n := range ops {
					if t.nodes8[n] {
						return true
					}
				}
			}
			return false
		case llvmir.METADATA_KIND, llvmir.METADATA_GLOBAL_DECL_ATTACHMENT, llvmir.METADATA_INDEX_OFFSET,
			llvmir.METADATA_INDEX, llvmir.METADATA_ATTACHMENT:
			return false // numbers nothing
		case llvmir.METADATA_VALUE:
			// [type, value]
			if len(ops) == 2 && t.eights[ops[1]] {
				t.md8[t.md] = true
			}
		case llvmir.METADATA_NODE, llvmir.METADATA_DISTINCT_NODE:
			// [metadata ID + 1 (0: null)...]
			if len(ops) == 3 && ops[0] > 0 && t.md8[ops[0]-1] {
				t.nodes8[t.md] = true
			}
		}
		t.md++
	}
	return false
}
