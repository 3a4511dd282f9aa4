// Package bodypool is the private contract between a loader that takes
// released function bodies back to reuse their memory (ir/bitcode's
// Reader) and the printer (ir/assembly): the printer may clear a body's
// instructions (Scrub) on its own goroutine, while the loader loads the
// next body, before it hands the body back with ReleaseBody, which then
// has less to do. It is no part of either package's API: a user releases
// a body with ReleaseBody alone (see ir.BodyReleaser).
package bodypool

import "github.com/bcextract/bcextract/ir"

// maxKept is the longest array ScrubInstruction keeps.
const maxKept = 16

// ScrubInstruction clears in, which no one uses any more, keeping the
// arrays of its operands, successors, incoming blocks, cases and
// attachments, emptied, unless they are long (an array is kept only for
// the instructions most have), and its Extra, emptied, for the next
// instruction that needs one. Its Op is then ir.BadOp, which no
// instruction of a loaded body has.
func ScrubInstruction(in *ir.Instruction) {
	ex := in.Extra
	if ex != nil {
		*ex = ir.InstrExtra{Cases: keepArray(ex.Cases)}
	}
	*in = ir.Instruction{
		Operands: keepArray(in.Operands),
		Succs:    keepArray(in.Succs),
		Incoming: keepArray(in.Incoming),
		Metadata: keepArray(in.Metadata),
		Extra:    ex,
	}
}

// keepArray returns s emptied and cleared, nil when it is long.
func keepArray[T any](s []T) []T {
	if cap(s) > maxKept {
		return nil
	}
	clear(s[:cap(s)])
	return s[:0]
}

// Scrub clears the instructions of f's body for the ReleaseBody that must
// follow: only for a loader TakesScrubbed says takes them so. The caller
// must hold no pointer into the body any more, nor use it until then. It
// touches nothing but f's body, so it may be called on any goroutine.
func Scrub(f *ir.Function) {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			ScrubInstruction(in)
		}
	}
}

// takers are the tests Register was given.
var takers []func(ir.BodyLoader) bool

// Register adds a test of whether a loader's ReleaseBody takes bodies
// Scrub cleared. It is called from the init function of a loader's
// package, before any call of TakesScrubbed.
func Register(takes func(ir.BodyLoader) bool) { takers = append(takers, takes) }

// TakesScrubbed reports whether l's ReleaseBody takes bodies Scrub
// cleared.
func TakesScrubbed(l ir.BodyLoader) bool {
	for _, takes := range takers {
		if takes(l) {
			return true
		}
	}
	return false
}
