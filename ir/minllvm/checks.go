package minllvm

import (
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/llvmir"
)

// A Rule is what a module's records call for but cannot decide: what
// the verifier of an older LLVM refuses depends on how values are used,
// on the operands of a metadata node, or on a function's type, which the
// records give by number only. The module's IR must be read to know
// (inspect.MinLLVM reads it).
type Rule uint8

// The rules the records call for.
const (
	// CallBrIndirectUse: a callbr record. Its result used in one of
	// its indirect destinations (or past one) needs LLVM 17: the
	// verifiers of 13 to 16 take the result as defined on the default
	// edge only ("Instruction does not dominate all uses!").
	CallBrIndirectUse Rule = iota + 1
	// AnnotationTuple: an !annotation attachment. One holding a tuple
	// (AddressSanitizer's !{!"alloca_name_altered", !"buf"}) needs
	// LLVM 17: the verifiers of 13 to 16 take strings only ("operands
	// must be strings").
	AnnotationTuple
	// ConvergenceNotConvergent: a "convergencectrl" operand bundle. One
	// on a call that is not convergent (neither the call nor its
	// callee) needs LLVM 21 (llvm/llvm-project#135794): 19's verifier
	// refuses it ("Convergence control token can only be used in a
	// convergent call.").
	ConvergenceNotConvergent
)

// Version returns the LLVM release from which the verifier takes what
// the rule looks for.
func (r Rule) Version() int {
	switch r {
	case CallBrIndirectUse, AnnotationTuple:
		return 17
	case ConvergenceNotConvergent:
		return 21
	}
	return Oldest
}

var ruleNames = [...]string{
	CallBrIndirectUse:        "CallBrIndirectUse",
	AnnotationTuple:          "AnnotationTuple",
	ConvergenceNotConvergent: "ConvergenceNotConvergent",
}

// String returns the rule's Go name.
func (r Rule) String() string {
	if int(r) < len(ruleNames) && ruleNames[r] != "" {
		return ruleNames[r]
	}
	return "Rule(" + strconv.Itoa(int(r)) + ")"
}

// A Check is a rule a module's records call for, with the bit of the
// first record that calls for it.
type Check struct {
	Rule Rule
	Bit  uint64
}

// cues are what the walker keeps to know when a record calls for a rule:
// the IDs the module gives to the "convergencectrl" bundle tag and the
// "annotation" metadata kind (-1 while not named).
type cues struct {
	tags       int // OPERAND_BUNDLE_TAG records met
	convTag    int
	annotation int64
	checks     []Check
}

// reset readies c for a new module.
func (c *cues) reset() {
	c.tags, c.convTag, c.annotation = 0, -1, -1
	c.checks = c.checks[:0]
}

// add records that rule r is called for at bit, unless it is already.
func (c *cues) add(r Rule, bit uint64) {
	for _, k := range c.checks {
		if k.Rule == r {
			return
		}
	}
	c.checks = append(c.checks, Check{Rule: r, Bit: bit})
}

// record looks at a record of block id for the cues of the rules.
func (c *cues) record(id llvmir.BlockID, code uint32, ops []uint64, bit uint64) {
	switch id {
	case llvmir.OPERAND_BUNDLE_TAGS_BLOCK_ID:
		if llvmir.OperandBundleTagCode(code) == llvmir.OPERAND_BUNDLE_TAG {
			if opsString(ops) == "convergencectrl" {
				c.convTag = c.tags
			}
			c.tags++
		}
	case llvmir.METADATA_KIND_BLOCK_ID, llvmir.METADATA_BLOCK_ID:
		// METADATA_KIND [id, name...] (in METADATA_BLOCK before LLVM 3.x's
		// kind block).
		if llvmir.MetadataCode(code) == llvmir.METADATA_KIND && len(ops) > 0 && opsString(ops[1:]) == "annotation" {
			c.annotation = int64(ops[0])
		}
	case llvmir.METADATA_ATTACHMENT_ID:
		// [instruction, (kind, node)...]; an even count is the
		// function's own.
		if llvmir.MetadataCode(code) == llvmir.METADATA_ATTACHMENT && len(ops)%2 == 1 && c.annotation >= 0 {
			for i := 1; i+1 < len(ops); i += 2 {
				if int64(ops[i]) == c.annotation {
					c.add(AnnotationTuple, bit)
				}
			}
		}
	case llvmir.FUNCTION_BLOCK_ID:
		switch llvmir.FunctionCode(code) {
		case llvmir.FUNC_CODE_INST_CALLBR:
			c.add(CallBrIndirectUse, bit)
		case llvmir.FUNC_CODE_OPERAND_BUNDLE:
			if len(ops) > 0 && c.convTag >= 0 && ops[0] == uint64(c.convTag) {
				c.add(ConvergenceNotConvergent, bit)
			}
		}
	}
}

// opsString returns the string of a record's character operands ("" when one
// is no byte).
func opsString(ops []uint64) string {
	var b strings.Builder
	for _, v := range ops {
		if v > 0xff {
			return ""
		}
		b.WriteByte(byte(v))
	}
	return b.String()
}
