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
// those Modules returns, the name's offset and size, and the bit of the
// declaration's record.
type strtabName struct {
	module    int
	off, size uint64
	bit       uint64
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

// bfloatDecl keeps, for the string table, a FUNCTION record of the
// module (of version 2: [strtab offset, size, type, cc, isproto, ...])
// declaring a function of a type that holds bfloat.
func (w *walker) bfloatDecl(module int, ops []uint64, bit uint64) {
	if !w.strtabNames || len(ops) < 5 || ops[4] == 0 || ops[2] >= uint64(len(w.bf)) || !w.bf[ops[2]] {
		return
	}
	w.bfDecls = append(w.bfDecls, strtabName{module: module, off: ops[0], size: ops[1], bit: bit})
}

// bfloatNames raises the needs of w.out for the declarations kept by
// bfloatDecl whose names in the string table blob are NVVM intrinsics of
// bf16.
func (w *walker) bfloatNames(blob []byte) {
	for _, d := range w.bfDecls {
		if d.module >= len(w.out) || d.off > uint64(len(blob)) || d.size > uint64(len(blob))-d.off {
			continue
		}
		name := string(blob[d.off : d.off+d.size])
		if n := &w.out[d.module]; strings.HasPrefix(name, "llvm.nvvm.") && strings.Contains(name, "bf16") && NVVMBFloat > n.Version {
			*n = Need{Version: NVVMBFloat, What: "NVVM intrinsic of bfloat values (@" + name + ")", Bit: d.bit,
				FPAtomics: n.FPAtomics, Checks: n.Checks}
		}
	}
}
