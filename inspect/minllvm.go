package inspect

import (
	"errors"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/ir/minllvm"
)

// MinLLVM returns what each module of a bitcode stream needs of the LLVM
// that reads it, as minllvm.Modules works it out from the records, and
// what depends on the types of values besides, which the records do not
// give: a module whose floating-point atomicrmw records (Need.FPAtomics)
// hold one of a vector needs minllvm.VectorFPAtomic. Its bodies are read
// with ir/bitcode for that, only then. The error is minllvm.Modules',
// or an *minllvm.Error at the offset where the IR reader failed.
func MinLLVM(data []byte) ([]minllvm.Need, error) {
	needs, err := minllvm.Modules(data)
	var file *bitcode.File // opened when a module's bodies are to be read
	for i := range needs {
		n := &needs[i]
		if len(n.FPAtomics) == 0 || n.Version >= minllvm.VectorFPAtomic {
			continue
		}
		if file == nil {
			f, ferr := (bitcode.Options{}).Open(data)
			if ferr != nil {
				return needs[:i], &minllvm.Error{Off: readerOff(ferr), Err: ferr}
			}
			file = f
		}
		if i >= len(file.Modules) {
			return needs[:i], &minllvm.Error{Off: -1, Err: errors.New("a module the IR reader does not find")}
		}
		v, berr := vectorFPAtomic(file.Modules[i], n.FPAtomics)
		if berr != nil {
			return needs[:i], &minllvm.Error{Off: readerOff(berr), Err: berr}
		}
		if v.Version > n.Version {
			*n = v
		}
		n.FPAtomics = nil
	}
	return needs, err
}

// vectorFPAtomic returns what a module needs for its floating-point
// atomicrmw instructions of a vector (r reads the module, as LLVM 22
// does): fpRMW are the bits of their records, in order; the need is
// said at the bit of the one whose value is a vector (the records and
// the instructions being in the same order; else at the first record's).
func vectorFPAtomic(r *bitcode.Reader, fpRMW []uint64) (minllvm.Need, error) {
	m, err := r.Module()
	if err != nil {
		return minllvm.Need{}, err
	}
	k := 0 // the floating-point atomicrmws met
	for _, f := range m.Functions {
		if !f.HasBody {
			continue
		}
		if f.Blocks == nil {
			if err := r.LoadBody(f); err != nil {
				return minllvm.Need{}, err
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
					return minllvm.Need{Version: minllvm.VectorFPAtomic, What: "atomicrmw " + in.RMW.String() + " of a vector", Bit: bit}, nil
				}
				k++
			}
		}
		r.ReleaseBody(f)
	}
	return minllvm.Need{}, nil
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
