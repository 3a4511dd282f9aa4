package minllvm

import (
	"errors"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// vectorFPRMW is the first release whose verifier takes an atomicrmw of a
// floating-point operation on a vector (fadd <2 x half>): LLVM 13 to 18
// refuse it ("atomicrmw fadd operand must have floating point type!").
const vectorFPRMW = 19

// bodyNeed returns what a module needs that depends on the types of its
// values, which its records do not give: it reads the bodies (r reads
// the module, as LLVM 22 does). An atomicrmw record of a floating-point
// operation gives its value by number; whether that value is a vector
// is known once the body's values are. fpRMW are the bits of those
// records, in order; the need is said at the bit of the one whose value
// is a vector (the records and the instructions being in the same
// order; else at the first record's).
func bodyNeed(r *bitcode.Reader, fpRMW []uint64) (Need, error) {
	m, err := r.Module()
	if err != nil {
		return Need{}, err
	}
	k := 0 // the floating-point atomicrmws met
	for _, f := range m.Functions {
		if !f.HasBody {
			continue
		}
		if f.Blocks == nil {
			if err := r.LoadBody(f); err != nil {
				return Need{}, err
			}
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if in.Op != ir.AtomicRMW || !fpRMWOp(in.RMW) || len(in.Operands) < 2 {
					continue
				}
				if in.Operands[1].Type().IsVector() {
					bit := fpRMW[0]
					if k < len(fpRMW) {
						bit = fpRMW[k]
					}
					return Need{Version: vectorFPRMW, What: "atomicrmw " + in.RMW.String() + " of a vector", Bit: bit}, nil
				}
				k++
			}
		}
		r.ReleaseBody(f)
	}
	return Need{}, nil
}

// fpRMWOp reports whether op is an atomicrmw operation of floating-point
// values.
func fpRMWOp(op ir.RMWOp) bool {
	switch op {
	case ir.RMWFAdd, ir.RMWFSub, ir.RMWFMax, ir.RMWFMin, ir.RMWFMaximum, ir.RMWFMinimum:
		return true
	}
	return false
}

// readerOff returns the byte offset an error of the IR reader names, -1
// when it names none.
func readerOff(err error) int64 {
	var be *bitcode.Error
	if errors.As(err, &be) {
		return int64(be.Bit / 8)
	}
	return -1
}
