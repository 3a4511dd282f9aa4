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
// bundle makes the module refused. undo undoes it.
func (w *writer) olderBundles(f *ir.Function) (undo func()) {
	storage := !w.knows(16)
	if !w.dropTokens && !storage {
		return func() {}
	}
	if w.dropTokens {
		// The tokens must be used by bundles alone.
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				bad := slices.ContainsFunc(in.Operands, func(v ir.Value) bool {
					t, ok := v.(*ir.Instruction)
					return ok && isConvergenceCall(t)
				})
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
	type savedBlock struct {
		b      *ir.Block
		instrs []*ir.Instruction
	}
	type savedInstr struct {
		in    *ir.Instruction
		extra *ir.InstrExtra
		recs  []*ir.DebugRecord
	}
	var blocks []savedBlock
	var instrs []savedInstr
	for _, b := range f.Blocks {
		var kept []*ir.Instruction
		var moved []*ir.DebugRecord
		for i, in := range b.Instrs {
			if !w.dropTokens || !isConvergenceCall(in) || i == len(b.Instrs)-1 {
				s := savedInstr{in, in.Extra, in.DebugRecords}
				changed := false
				if bs, drop := in.Bundles(), dropped(in); slices.ContainsFunc(bs, drop) {
					for _, b := range bs {
						if drop(b) {
							w.loseInBody(b.Tag + " operand bundle (dropped)")
						}
					}
					x := *in.Extra
					x.Bundles = slices.DeleteFunc(slices.Clone(bs), drop)
					in.Extra = &x
					changed = true
				}
				if kept != nil && len(moved) > 0 {
					in.DebugRecords = append(moved, in.DebugRecords...)
					moved = nil
					changed = true
				}
				if changed {
					instrs = append(instrs, s)
				}
				if kept != nil {
					kept = append(kept, in)
				}
				continue
			}
			if kept == nil {
				kept = slices.Clone(b.Instrs[:i])
			}
			moved = append(moved, in.DebugRecords...)
			w.loseInBody("llvm.experimental.convergence.* call (dropped)")
		}
		if kept != nil {
			blocks = append(blocks, savedBlock{b, b.Instrs})
			b.Instrs = kept
		}
	}
	return func() {
		for _, s := range blocks {
			s.b.Instrs = s.instrs
		}
		for _, s := range instrs {
			s.in.Extra, s.in.DebugRecords = s.extra, s.recs
		}
	}
}
