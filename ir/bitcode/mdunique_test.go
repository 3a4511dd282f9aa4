package bitcode

import (
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// Typed-pointer bitcode's types: every pointer type is its own *ir.Type.
func typedPtr(as uint32) *ir.Type { return &ir.Type{Kind: ir.PointerType, AddrSpace: as} }

func vam(v ir.Value) *ir.ValueAsMetadata { return &ir.ValueAsMetadata{Value: v} }

func TestConstKey(t *testing.T) {
	i64 := &ir.Type{Kind: ir.IntegerType, BitWidth: 64}
	g := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: "g"}}
	h := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: "h"}}
	st1 := &ir.Type{Kind: ir.StructType, Identified: true, Name: "S"}
	st2 := &ir.Type{Kind: ir.StructType, Identified: true, Name: "S.0"}
	arr := func(elem *ir.Type) *ir.Type { return &ir.Type{Kind: ir.ArrayType, Len: 2, Elem: elem} }
	ptrtoint := func(c ir.Constant) ir.Constant {
		return &ir.ConstExpr{Typ: i64, Op: ir.PtrToInt, Operands: []ir.Constant{c}}
	}
	for _, c := range []struct {
		name string
		a, b ir.Value
		same bool
	}{
		{"null of i8* and i32*", &ir.ConstNull{Typ: typedPtr(0)}, &ir.ConstNull{Typ: typedPtr(0)}, true},
		{"undef of i8* and i32*", &ir.Undef{Typ: typedPtr(0)}, &ir.Undef{Typ: typedPtr(0)}, true},
		{"null and undef", &ir.ConstNull{Typ: typedPtr(0)}, &ir.Undef{Typ: typedPtr(0)}, false},
		{"address spaces", &ir.ConstNull{Typ: typedPtr(0)}, &ir.ConstNull{Typ: typedPtr(1)}, false},
		{"[2 x i8*] and [2 x i16*]", &ir.ConstNull{Typ: arr(typedPtr(0))}, &ir.ConstNull{Typ: arr(typedPtr(0))}, true},
		{"identified structs", &ir.ConstNull{Typ: st1}, &ir.ConstNull{Typ: st2}, false},
		{"globals by identity", g, g, true},
		{"two globals", g, h, false},
		{"ptrtoint of one global", ptrtoint(g), ptrtoint(g), true},
		{"ptrtoint of two", ptrtoint(g), ptrtoint(h), false},
		{"integers", &ir.ConstInt{Typ: i64, V: 1}, &ir.ConstInt{Typ: i64, V: 1}, true},
		{"integer widths", &ir.ConstInt{Typ: i64, V: 1}, &ir.ConstInt{Typ: &ir.Type{Kind: ir.IntegerType, BitWidth: 32}, V: 1}, false},
	} {
		ka := string(constKey(nil, c.a))
		kb := string(constKey(nil, c.b))
		if (ka == kb) != c.same {
			t.Errorf("%s: same key = %v, want %v", c.name, ka == kb, c.same)
		}
	}
}

// TestUniqueModule merges what typed-pointer.dis shows llvm-dis-22
// merging: !{i8* undef} and !{i32* undef}, then the nodes that name them,
// never a distinct node.
func TestUniqueModule(t *testing.T) {
	s := &ir.MDString{Value: "x"}
	n0 := &ir.MDTuple{Ops: []ir.Metadata{vam(&ir.Undef{Typ: typedPtr(0)})}, ID: 1}
	n1 := &ir.MDTuple{Ops: []ir.Metadata{vam(&ir.Undef{Typ: typedPtr(0)})}, ID: 2}
	n2 := &ir.MDTuple{Ops: []ir.Metadata{n0, s}, ID: 3}
	n3 := &ir.MDTuple{Ops: []ir.Metadata{n1, s}, ID: 4}
	d := &ir.MDTuple{Distinct: true, Ops: []ir.Metadata{vam(&ir.Undef{Typ: typedPtr(0)})}, ID: 5}
	tp := &ir.SpecializedNode{Kind: "DITemplateValueParameter", Fields: []ir.Field{{Name: ir.FieldNameOf("value"), MD: n1}}, Refs: []ir.Metadata{n1}, ID: 6}
	tq := &ir.SpecializedNode{Kind: "DITemplateValueParameter", Fields: []ir.Field{{Name: ir.FieldNameOf("value"), MD: n0}}, Refs: []ir.Metadata{n0}, ID: 7}
	nm := &ir.NamedMetadata{Name: "n", Ops: []ir.MDNode{n0, n1, n2, n3, d, tp, tq}}
	g := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: "g"}, Metadata: []ir.Attachment{{Kind: "k", Node: n3}}}
	r := &Reader{m: &ir.Module{NamedMetadata: []*ir.NamedMetadata{nm}, Globals: []*ir.GlobalVar{g}}}
	r.md.items = []ir.Metadata{s, n0.Ops[0], n0, n1.Ops[0], n1, n2, n3, d, tp, tq}
	r.md.uniqueModule(r)
	want := []ir.MDNode{n0, n0, n2, n2, d, tp, tp}
	for i, n := range nm.Ops {
		if n != want[i] {
			t.Errorf("named operand %d = node %d, want node %d", i, idOf(n), idOf(want[i]))
		}
	}
	if g.Metadata[0].Node != n2 {
		t.Errorf("attachment = node %d, want node %d", idOf(g.Metadata[0].Node), n2.ID)
	}
	if r.md.items[4] != n0 || r.md.items[6] != n2 || r.md.items[9] != tp {
		t.Errorf("items not pointed at the nodes that stay")
	}
	if n3.Ops[0] != n0 || tq.Refs[0] != n0 {
		t.Errorf("operands not pointed at the nodes that stay")
	}
	// An upgrade's new tuple is an equal one when the module has it.
	if got := r.md.tuple(r, []ir.Metadata{n0, s}); got != n2 {
		t.Errorf("tuple(!0, !\"x\") = node %d, want node %d", got.ID, n2.ID)
	}
	if got := r.md.tuple(r, nil); got == nil || got.ID == 0 || len(got.Ops) != 0 {
		t.Errorf("tuple() = %+v, want a new empty tuple with an ID", got)
	}
}

func idOf(n ir.MDNode) uint32 {
	switch n := n.(type) {
	case *ir.MDTuple:
		return n.ID
	case *ir.SpecializedNode:
		return n.ID
	}
	return 0
}

// TestShareBodies: a tuple of one body equal to a tuple of a body read
// before is made that tuple, as LLVM (which keeps every body) has one
// node, when what it names outlives the body; a debug-info node equal to
// another body's, which the reader cannot share, is reported; the same
// body read again is not.
func TestShareBodies(t *testing.T) {
	f, k := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: "f"}}, &ir.Function{GlobalHeader: ir.GlobalHeader{Name: "k"}}
	tuple := func(p *ir.Type, extra ir.Metadata) *ir.MDTuple {
		return &ir.MDTuple{Ops: []ir.Metadata{vam(&ir.Undef{Typ: p}), &ir.MDString{Value: "loc"}, extra}, ID: 50}
	}
	param := func(p *ir.Type) *ir.SpecializedNode {
		return &ir.SpecializedNode{Kind: "DITemplateValueParameter", Fields: []ir.Field{{Name: ir.FieldNameOf("value"), MD: vam(&ir.ConstNull{Typ: p})}}, ID: 60}
	}
	module := &ir.MDTuple{ID: 1}
	r := &Reader{}
	r.md.typed = typedYes
	var first *ir.MDTuple
	for i, c := range []struct {
		f      *ir.Function
		report bool
	}{{f, false}, {f, false}, {k, true}} {
		r.fn = &funcState{f: c.f, modID: 10}
		own := &ir.SpecializedNode{Kind: "DILocation", ID: 70} // the body's own: not shared
		shared, local := tuple(typedPtr(0), module), tuple(typedPtr(0), own)
		r.md.items = []ir.Metadata{shared, local, param(typedPtr(0))}
		r.skips = nil
		r.md.startBody()
		if i > 0 { // the values repeat: readMetadata finds it (noteValue)
			r.md.uniqueBody(0)
		}
		r.md.shareBody(0, r.fn.modID)
		r.checkBodies(0)
		if i == 0 {
			first = shared
		}
		if r.md.items[0] != ir.Metadata(first) {
			t.Errorf("load %d: the tuple is not the first body's", i)
		}
		if r.md.items[1] != ir.Metadata(local) {
			t.Errorf("load %d: a tuple naming the body's own node was shared", i)
		}
		if got := len(r.skips) > 0; got != c.report {
			t.Errorf("@%s: reported = %v, want %v (%v)", c.f.Name, got, c.report, r.skips)
		}
		if c.report && !strings.Contains(r.skips[0].Msg, "@k") {
			t.Errorf("report %q does not name @k", r.skips[0].Msg)
		}
	}
}

func TestHasTypedPointers(t *testing.T) {
	i8 := &ir.Type{Kind: ir.IntegerType, BitWidth: 8}
	for _, c := range []struct {
		types []*ir.Type
		want  bool
	}{
		{[]*ir.Type{i8, typedPtr(0)}, false},
		{[]*ir.Type{typedPtr(0), typedPtr(1)}, false},
		{[]*ir.Type{typedPtr(0), i8, typedPtr(0)}, true},
		{nil, false},
	} {
		if got := hasTypedPointers(c.types); got != c.want {
			t.Errorf("hasTypedPointers(%d types) = %v, want %v", len(c.types), got, c.want)
		}
	}
}

// TestConstKeyShared: a constant whose operands share structure (2^60
// paths here) is keyed in bounded time, and two such constants built alike
// get one key only when they are one object.
func TestConstKeyShared(t *testing.T) {
	build := func() ir.Constant {
		typ := &ir.Type{Kind: ir.IntegerType, BitWidth: 8}
		var c ir.Constant = &ir.ConstInt{Typ: typ, V: 1}
		for i := 0; i < 60; i++ {
			typ = &ir.Type{Kind: ir.StructType, Fields: []*ir.Type{typ, typ}}
			c = &ir.ConstAggregate{Typ: typ, Elems: []ir.Constant{c, c}}
		}
		return c
	}
	a, b := build(), build()
	ka1, ka2 := string(constKey(nil, a)), string(constKey(nil, a))
	if ka1 != ka2 {
		t.Errorf("one constant, two keys")
	}
	if ka1 == string(constKey(nil, b)) {
		t.Errorf("keys past the budget are not by identity")
	}
	if n := len(constKey(nil, a)); n > 64*maxKeySteps {
		t.Errorf("key of %d bytes", n)
	}
}

// TestRecycledNodeKey: checkBodies keeps the keys of nodes of bodies
// released since, whose node objects the reader hands out again: a node
// recycled (the same object, a new reader number) is another operand, and
// sizes and offsets (integer constants, which older producers wrote as
// numbers) never make a node one the typed-pointer upgrade may merge.
// convert of Lua's lapi.c built by clang-9 -O0 -g was refused about one
// time in six: a pointer type whose base type, a node of a released body,
// had been recycled into another body's.
func TestRecycledNodeKey(t *testing.T) {
	base := &ir.SpecializedNode{Kind: "DISubroutineType", ID: 7}
	i64 := &ir.Type{Kind: ir.IntegerType, BitWidth: 64}
	size := &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: i64, V: 64}}
	ptr := &ir.SpecializedNode{Kind: "DIDerivedType", ID: 8, Fields: []ir.Field{
		{Name: ir.FieldNameOf("baseType"), MD: base},
		{Name: ir.FieldNameOf("size"), MD: size, Kind: ir.FieldSize},
	}}
	before := string(nodeKey(nil, ptr))
	base.ID = 9 // recycled into another body's node
	if after := string(nodeKey(nil, ptr)); after == before {
		t.Error("a recycled operand node keeps its key")
	}
	if hasConstOp(ptr) {
		t.Error("an integer size counts as a constant the typed-pointer upgrade may merge")
	}
	p0 := &ir.Type{Kind: ir.PointerType}
	ptr.Fields = append(ptr.Fields, ir.Field{Name: ir.FieldNameOf("extraData"), MD: &ir.ValueAsMetadata{Value: &ir.ConstNull{Typ: p0}}})
	if !hasConstOp(ptr) {
		t.Error("a null pointer constant does not count")
	}
}
