package minllvm

import (
	"strings"

	"github.com/bcextract/bcextract/llvmir"
)

// NVVMBFloat is the first release whose verifier takes the NVVM
// intrinsics of bf16 declared of bfloat values, as LLVM 17 on declare
// them (llvm.nvvm.abs.bf16(bfloat)): LLVM 16 declares them of i16 and
// refuses the other ("Intrinsic has incorrect return type!"). LLVM 22's
// reader renames some of them (llvm.nvvm.fabs.bf16), so the IR it reads
// cannot tell; the records and the string table can.
const NVVMBFloat = 17

// A strtabName is a declaration's name in the string table that ends
// the file (or the module), still to be read: the module's index among
// those Modules returns, the name's offset and size, the bit of the
// declaration's record, and whether its type holds bfloat.
type strtabName struct {
	module    int
	off, size uint64
	bit       uint64
	bf        bool
}

// bfloatType records whether the type table entry just read (code, ops)
// is or holds bfloat: bfloat itself, a vector or an array of it, a
// function or a structure with one among its result, parameters or
// fields. An operand naming an entry not read yet (a structure's field)
// counts as none.
func (w *walker) bfloatType(code llvmir.TypeCode, ops []uint64) {
	holds := func(ids []uint64) bool {
		for _, id := range ids {
			if id < uint64(len(w.bf)) && w.bf[id] {
				return true
			}
		}
		return false
	}
	var b bool
	switch code {
	case llvmir.TYPE_CODE_NUMENTRY, llvmir.TYPE_CODE_STRUCT_NAME:
		return // no entry
	case llvmir.TYPE_CODE_BFLOAT:
		b = true
	case llvmir.TYPE_CODE_VECTOR, llvmir.TYPE_CODE_ARRAY:
		// [len, elem...]
		b = len(ops) > 1 && holds(ops[1:2])
	case llvmir.TYPE_CODE_FUNCTION, llvmir.TYPE_CODE_STRUCT_ANON, llvmir.TYPE_CODE_STRUCT_NAMED:
		// [vararg or packed, ret or fields, params...]
		b = len(ops) > 1 && holds(ops[1:])
	}
	w.bf = append(w.bf, b)
}

// declaration keeps, for the string table, a FUNCTION record of the
// module (of version 2: [strtab offset, size, type, cc, isproto, ...])
// that declares a function, noting whether its type holds bfloat.
func (w *walker) declaration(module int, ops []uint64, bit uint64) {
	if !w.strtabNames || len(ops) < 5 || ops[4] == 0 {
		return
	}
	bf := ops[2] < uint64(len(w.bf)) && w.bf[ops[2]]
	w.decls = append(w.decls, strtabName{module: module, off: ops[0], size: ops[1], bit: bit, bf: bf})
}

// declarationNames raises the needs of w.out for the declarations kept
// by declaration, by their names in the string table blob: an NVVM
// intrinsic of bf16 of a type that holds bfloat needs NVVMBFloat, an
// intrinsic of LLVM 22 the first release that has it
// (llvm.IntrinsicOfName: a reader without it takes a call of it for one
// of an unknown function, or of the intrinsic whose name begins its own,
// as LLVM 16 takes llvm.amdgcn.global.atomic.fmax.num of LLVM 19 for
// llvm.amdgcn.global.atomic.fmax).
func (w *walker) declarationNames(blob []byte) {
	for _, d := range w.decls {
		if d.module >= len(w.out) || d.off > uint64(len(blob)) || d.size > uint64(len(blob))-d.off {
			continue
		}
		name := string(blob[d.off : d.off+d.size])
		if !strings.HasPrefix(name, "llvm.") {
			continue
		}
		if d.bf && strings.HasPrefix(name, "llvm.nvvm.") && strings.Contains(name, "bf16") {
			w.raiseOut(d.module, NVVMBFloat, "NVVM intrinsic of bfloat values (@"+name+")", d.bit)
		}
		if base, v := llvmir.IntrinsicOfName(name); base != "" {
			w.raiseOut(d.module, v, "intrinsic "+base+" (@"+name+")", d.bit)
		}
	}
}

// raiseOut makes the need of module i of w.out version v, for what at
// bit, when it was less; what the IR was to decide below v goes.
func (w *walker) raiseOut(i, v int, what string, bit uint64) {
	n := &w.out[i]
	if v <= n.Version {
		return
	}
	fp := n.FPAtomics
	if v >= VectorFPAtomic {
		fp = nil
	}
	var checks []Check
	for _, c := range n.Checks {
		if c.Rule.Version() > v {
			checks = append(checks, c)
		}
	}
	*n = Need{Version: v, What: what, Bit: bit, FPAtomics: fp, Checks: checks}
}
