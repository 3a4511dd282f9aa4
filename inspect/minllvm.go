package inspect

import (
	"errors"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/ir/minllvm"
)

// MinLLVM returns what each module of a bitcode stream needs of the LLVM
// that reads it, as minllvm.Modules works it out from the records, and
// what depends on the IR besides, which the records give by number only:
// a module whose floating-point atomicrmw records (Need.FPAtomics) hold
// one of a vector needs minllvm.VectorFPAtomic, and each rule of
// Need.Checks is looked for in the module's IR (minllvm.Rule says what
// each looks for). The module is read with ir/bitcode for that, only
// then. The error is minllvm.Modules', or an *minllvm.Error at the
// offset where the IR reader failed.
func MinLLVM(data []byte) ([]minllvm.Need, error) {
	needs, err := minllvm.Modules(data)
	var file *bitcode.File // opened when a module's IR is to be read
	for i := range needs {
		n := &needs[i]
		if n.Version >= minllvm.VectorFPAtomic {
			n.FPAtomics = nil
		}
		if len(n.FPAtomics) == 0 && len(n.Checks) == 0 {
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
		v, berr := irNeed(file.Modules[i], n)
		if berr != nil {
			return needs[:i], &minllvm.Error{Off: readerOff(berr), Err: berr}
		}
		if v.Version > n.Version {
			*n = v
		}
		n.FPAtomics, n.Checks = nil, nil
	}
	return needs, err
}

// irNeed returns the newest of what a module's IR needs by the rules n
// calls for (r reads the module, as LLVM 22 does; Version 0 when none
// holds): an atomicrmw of a floating-point operation on a vector, said at
// the bit of its record (n.FPAtomics being the bits of those records, in
// the order of the instructions), and the rules of n.Checks, said at the
// bit of the record that called for them.
func irNeed(r *bitcode.Reader, n *minllvm.Need) (minllvm.Need, error) {
	m, err := r.Module()
	if err != nil {
		return minllvm.Need{}, err
	}
	var best minllvm.Need
	found := func(v int, what string, bit uint64) {
		if v > best.Version {
			best = minllvm.Need{Version: v, What: what, Bit: bit}
		}
	}
	rules := map[minllvm.Rule]uint64{}
	for _, c := range n.Checks {
		rules[c.Rule] = c.Bit
	}
	fpRMW := n.FPAtomics
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
				switch {
				case in.Op == ir.AtomicRMW && fpRMWOp(in.RMW) && len(in.Operands) >= 2 && len(fpRMW) > 0:
					if in.Operands[1].Type().IsVector() {
						bit := fpRMW[0]
						if k < len(fpRMW) {
							bit = fpRMW[k]
						}
						found(minllvm.VectorFPAtomic, "atomicrmw "+in.RMW.String()+" of a vector", bit)
					}
					k++
				case in.Op == ir.CallBr:
					if bit, ok := rules[minllvm.CallBrIndirectUse]; ok && ir.CallBrUsedPastIndirect(f, b, in) {
						found(minllvm.CallBrIndirectUse.Version(), "callbr result used in an indirect destination", bit)
					}
				}
				if bit, ok := rules[minllvm.AnnotationTuple]; ok && annotationTuple(in) {
					found(minllvm.AnnotationTuple.Version(), "!annotation holding a tuple", bit)
				}
				if bit, ok := rules[minllvm.ConvergenceNotConvergent]; ok && convergenceNotConvergent(in) {
					found(minllvm.ConvergenceNotConvergent.Version(), "convergencectrl bundle on a call that is not convergent", bit)
				}
			}
		}
		r.ReleaseBody(f)
	}
	return best, nil
}

// annotationTuple reports whether in has an !annotation attachment
// holding something other than strings.
func annotationTuple(in *ir.Instruction) bool {
	for _, a := range in.Metadata {
		if a.Kind != "annotation" {
			continue
		}
		t, ok := a.Node.(*ir.MDTuple)
		if !ok {
			continue
		}
		for _, op := range t.Ops {
			if _, ok := op.(*ir.MDString); !ok {
				return true
			}
		}
	}
	return false
}

// convergenceNotConvergent reports whether in is a call with a
// "convergencectrl" bundle that is not convergent: neither the call site
// nor the function it calls has the convergent attribute.
func convergenceNotConvergent(in *ir.Instruction) bool {
	if in.Op != ir.Call && in.Op != ir.Invoke && in.Op != ir.CallBr {
		return false
	}
	for _, b := range in.Bundles() {
		if b.Tag != "convergencectrl" {
			continue
		}
		if in.Attrs.Fn.Has(ir.AttrConvergent) {
			return false
		}
		callee, ok := in.Callee.(*ir.Function)
		return !ok || !callee.Attrs.Fn.Has(ir.AttrConvergent)
	}
	return false
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
