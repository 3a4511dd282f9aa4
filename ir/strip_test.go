package ir

import (
	"slices"
	"testing"
)

// TestStripLoopLocations: a loop ID keeps the operands that reach no
// DILocation, in a new distinct node that is its own first operand; one
// with nothing else is dropped; one without locations is kept as it is.
func TestStripLoopLocations(t *testing.T) {
	loc := &DILocation{Line: 3}
	must := &MDTuple{Ops: []Metadata{&MDString{Value: "llvm.loop.mustprogress"}}}
	viaLoc := &MDTuple{Ops: []Metadata{&MDString{Value: "x"}, loc}}
	loop := func(ops ...Metadata) *MDTuple {
		n := &MDTuple{Distinct: true}
		n.Ops = append([]Metadata{n}, ops...)
		return n
	}
	plain := loop(must)
	if got := stripLoopLocations(plain); got != plain {
		t.Errorf("a loop ID without locations: got %v, want it unchanged", got)
	}
	if got := stripLoopLocations(loop(loc, loc)); got != nil {
		t.Errorf("a loop ID of locations only: got %v, want nil", got)
	}
	got, ok := stripLoopLocations(loop(loc, must, viaLoc, nil, loc)).(*MDTuple)
	if !ok || !got.Distinct || len(got.Ops) != 3 || got.Ops[0] != got || got.Ops[1] != must || got.Ops[2] != nil {
		t.Fatalf("got %#v, want distinct !{self, must, null}", got)
	}
}

// TestStripBodyDebugInfo: locations, debug records, debug intrinsic
// calls, !heapallocsite and !DIAssignID go; other attachments stay, and
// the kind heapallocsite is registered once; the function's !dbg goes.
func TestStripBodyDebugInfo(t *testing.T) {
	loc := &DILocation{Line: 1}
	tbaa := &MDTuple{}
	dbgValue := &Function{GlobalHeader: GlobalHeader{Name: "llvm.dbg.value"}}
	f := &Function{
		GlobalHeader: GlobalHeader{Name: "f"},
		Metadata:     []Attachment{{Kind: "dbg", Node: &MDTuple{}}, {Kind: "prof", Node: tbaa}},
		Blocks: []*Block{{Instrs: []*Instruction{
			{Op: Load, DebugLoc: loc, DebugRecords: []*DebugRecord{{Kind: DbgValue}},
				Metadata: []Attachment{{Kind: "tbaa", Node: tbaa}, {Kind: "DIAssignID", Node: &MDTuple{}}, {Kind: "heapallocsite", Node: &MDTuple{}}}},
			{Op: Call, Callee: dbgValue},
			{Op: Ret, DebugLoc: loc},
		}}},
	}
	m := &Module{MetadataKinds: []string{"custom"}, Functions: []*Function{f}}
	StripBodyDebugInfo(m, f)
	StripBodyDebugInfo(m, f)
	if len(f.Metadata) != 1 || f.Metadata[0].Kind != "prof" {
		t.Errorf("function attachments %v, want the !prof alone", f.Metadata)
	}
	ins := f.Blocks[0].Instrs
	if len(ins) != 2 || ins[0].Op != Load || ins[1].Op != Ret {
		t.Fatalf("instructions %v, want the load and the ret", ins)
	}
	if ins[0].DebugLoc != nil || ins[0].DebugRecords != nil || ins[1].DebugLoc != nil {
		t.Errorf("locations or debug records left")
	}
	if len(ins[0].Metadata) != 1 || ins[0].Metadata[0].Kind != "tbaa" {
		t.Errorf("load attachments %v, want the !tbaa alone", ins[0].Metadata)
	}
	if !slices.Equal(m.MetadataKinds, []string{"custom", "heapallocsite"}) {
		t.Errorf("metadata kinds %v", m.MetadataKinds)
	}
}
