package bodypool_test

import (
	"testing"

	"github.com/bcextract/bcextract/internal/bodypool"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
)

type otherLoader struct{}

func (otherLoader) LoadBody(*ir.Function) error { return nil }
func (otherLoader) ReleaseBody(*ir.Function)    {}

// TestTakesScrubbed: ir/bitcode's Reader registers itself; another
// releaser is never handed a scrubbed body.
func TestTakesScrubbed(t *testing.T) {
	if !bodypool.TakesScrubbed(&bitcode.Reader{}) {
		t.Error("TakesScrubbed(*bitcode.Reader) = false")
	}
	if bodypool.TakesScrubbed(otherLoader{}) {
		t.Error("TakesScrubbed(otherLoader) = true")
	}
}

// TestScrub: every instruction is cleared (Op BadOp), its short arrays
// kept empty and cleared, its long ones dropped.
func TestScrub(t *testing.T) {
	v := &ir.Undef{}
	short := &ir.Instruction{Op: ir.Add, Operands: []ir.Value{v, v}}
	long := &ir.Instruction{Op: ir.Call, Operands: make([]ir.Value, 17), Succs: []*ir.Block{{}}}
	f := &ir.Function{Blocks: []*ir.Block{{Instrs: []*ir.Instruction{short}}, {Instrs: []*ir.Instruction{long}}}}
	kept := short.Operands
	bodypool.Scrub(f)
	for _, in := range []*ir.Instruction{short, long} {
		if in.Op != ir.BadOp || len(in.Operands) != 0 || len(in.Succs) != 0 {
			t.Errorf("after Scrub: %+v", in)
		}
	}
	if cap(short.Operands) != 2 || kept[0] != nil || kept[1] != nil {
		t.Errorf("short operands: cap %d, old array %v; want cap 2 and cleared", cap(short.Operands), kept)
	}
	if long.Operands != nil || cap(long.Succs) != 1 {
		t.Errorf("long operands kept (cap %d) or short successors dropped (cap %d)", cap(long.Operands), cap(long.Succs))
	}
}
