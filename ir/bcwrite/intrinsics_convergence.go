package bcwrite

import (
	"slices"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// Convergence control tokens (llvm.experimental.convergence.entry, anchor
// and loop, LLVM 18, and the "convergencectrl" operand bundles that use
// them) say which threads a convergent operation converges with. A reader
// that lacks the intrinsics (LLVM 13 to 16 of those written for) is given
// the module without them: their calls dropped, and the bundles; the
// calls that carried a bundle are made convergent (olderConvergent, as
// for every reader before LLVM 21), which is how LLVM takes a convergent
// operation without a token: converging with the threads that reach it
// together, as the older LLVM does all convergent operations. Reported.

// convergenceIntrinsic is the prefix of the convergence control
// intrinsics' names.
const convergenceIntrinsic = "llvm.experimental.convergence."

// olderConvergenceDecls takes the declarations of the convergence control
// intrinsics out of the module for a reader that lacks them (their calls
// are dropped by olderBundles); restore undoes it.
func (w *writer) olderConvergenceDecls() (restore func()) {
	if !w.older() || w.knowsIntrinsic(convergenceIntrinsic+"entry") {
		return func() {}
	}
	undo := w.takeUncalled("llvm.experimental.convergence.* declaration (taken out: its calls dropped, and the convergencectrl bundles)",
		func(name string) bool {
			if strings.HasPrefix(name, convergenceIntrinsic) {
				// The calls with a bundle are to be made
				// convergent (olderConvergent).
				w.convergence = true
				w.dropTokens = true
				return true
			}
			return false
		})
	return func() {
		w.dropTokens = false
		undo()
	}
}

// isConvergenceCall reports whether in calls a convergence control
// intrinsic.
func isConvergenceCall(in *ir.Instruction) bool {
	callee, _ := in.Callee.(*ir.Function)
	return in.Op == ir.Call && callee != nil && strings.HasPrefix(callee.Name, convergenceIntrinsic)
}

// olderBundles drops, for a reader that lacks them, f's calls of the
// convergence control intrinsics (their debug records moved to the next
// instruction) and its convergencectrl bundles, and for a reader before
// LLVM 16 the "separate_storage" bundles of llvm.assume (an assumption
// only: its verifier takes an assume's bundle tags for attribute names,
// "tags must be valid attribute names"); a token used other than by a
// convergencectrl bundle makes the module refused. undo undoes it.
func (w *writer) olderBundles(f *ir.Function) (undo func()) {
	storage := !w.knows(16)
	if !w.dropTokens && !storage {
		return func() {}
	}
	if w.dropTokens {
		// The tokens must be used by convergencectrl bundles alone.
		isToken := func(v ir.Value) bool {
			t, ok := v.(*ir.Instruction)
			return ok && isConvergenceCall(t)
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				bad := slices.ContainsFunc(in.Operands, isToken)
				for _, ob := range in.Bundles() {
					bad = bad || ob.Tag != "convergencectrl" && slices.ContainsFunc(ob.Inputs, isToken)
				}
				if bad {
					w.cannot("a convergence control token used other than by a convergencectrl bundle")
					return func() {}
				}
			}
		}
	}
	dropped := func(in *ir.Instruction) func(ir.OperandBundle) bool {
		return func(b ir.OperandBundle) bool {
			switch b.Tag {
			case "convergencectrl":
				return w.dropTokens
			case "separate_storage":
				callee, _ := in.Callee.(*ir.Function)
				return storage && callee != nil && callee.Name == "llvm.assume"
			}
			return false
		}
	}
	undoDrop := func() {}
	if w.dropTokens {
		undoDrop = dropInstrs(f, func(in *ir.Instruction) bool {
			if !isConvergenceCall(in) {
				return false
			}
			w.loseInBody("llvm.experimental.convergence.* call (dropped)")
			return true
		})
	}
	type saved struct {
		in    *ir.Instruction
		extra *ir.InstrExtra
	}
	var old []saved
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			bs, drop := in.Bundles(), dropped(in)
			if !slices.ContainsFunc(bs, drop) {
				continue
			}
			for _, b := range bs {
				if drop(b) {
					w.loseInBody(b.Tag + " operand bundle (dropped)")
				}
			}
			old = append(old, saved{in, in.Extra})
			x := *in.Extra
			x.Bundles = slices.DeleteFunc(slices.Clone(bs), drop)
			in.Extra = &x
		}
	}
	return func() {
		for _, s := range old {
			s.in.Extra = s.extra
		}
		undoDrop()
	}
}
