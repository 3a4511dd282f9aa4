package assembly

import (
	"math"
	"strconv"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// A DIExpression's elements are fields without names, each a FieldUint: a
// reader keeps them as the numbers the bitcode holds, and the printer
// spells them as llvm-dis's writeDIExpression does: the operations by name
// with their arguments (DW_OP_LLVM_convert's encoding by name too) when
// the expression is well formed, the numbers as they are otherwise.

// exprOpName returns the name of operation op, false when LLVM 22 has none.
func exprOpName(op uint64) (string, bool) {
	if op > math.MaxUint16 {
		return "", false
	}
	return dwarf.Op(op).Name()
}

// exprElements reports whether fs are a DIExpression's elements as a
// reader keeps them: unnamed FieldUints.
func exprElements(fs []ir.Field) bool {
	for i := range fs {
		if fs[i].Name != 0 || fs[i].Kind != ir.FieldUint {
			return false
		}
	}
	return true
}

// exprWellFormed reports whether the elements fs are an expression
// writeDIExpression spells (DIExpression::isValid's first checks): every
// operation known, with all its arguments, and a DW_OP_LLVM_fragment only
// last.
func exprWellFormed(fs []ir.Field) bool {
	for i := 0; i < len(fs); {
		op := uint64(fs[i].Int)
		if _, ok := exprOpName(op); !ok {
			return false
		}
		sz := dwarf.Op(op).ExprSize()
		if i+sz > len(fs) || op == uint64(dwarf.OpLLVMFragment) && i+sz != len(fs) {
			return false
		}
		i += sz
	}
	return true
}

// appendExprElements appends the elements fs of a DIExpression (see
// exprElements), comma-separated: spelled when well formed, numbers
// otherwise.
func appendExprElements(b []byte, fs []ir.Field) []byte {
	if !exprWellFormed(fs) {
		for i := range fs {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = strconv.AppendUint(b, uint64(fs[i].Int), 10)
		}
		return b
	}
	for i := 0; i < len(fs); {
		if i > 0 {
			b = append(b, ", "...)
		}
		op := uint64(fs[i].Int)
		name, _ := exprOpName(op)
		b = append(b, name...)
		sz := dwarf.Op(op).ExprSize()
		for j := 1; j < sz; j++ {
			b = append(b, ", "...)
			a := uint64(fs[i+j].Int)
			// An encoding without a name prints as its number. A
			// deliberate difference: llvm-dis-22 prints nothing there
			// ("DW_OP_LLVM_convert, 32, , ..."), text that llvm-as
			// cannot read back.
			if op == uint64(dwarf.OpLLVMConvert) && j == 2 && a <= math.MaxUint16 {
				if s, ok := dwarf.ATE(a).Name(); ok {
					b = append(b, s...)
					continue
				}
			}
			b = strconv.AppendUint(b, a, 10)
		}
		i += sz
	}
	return b
}
