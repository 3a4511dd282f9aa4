package structhash

import (
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// chainFunc builds "define ptr @f() { ret ptr C }", C being n
// getelementptr expressions over bottom, built anew on each call.
func chainFunc(n int, bottom ir.Constant) *ir.Function {
	ptr := &ir.Type{Kind: ir.PointerType}
	i8 := &ir.Type{Kind: ir.IntegerType, BitWidth: 8}
	i64 := &ir.Type{Kind: ir.IntegerType, BitWidth: 64}
	c := bottom
	for i := range n {
		// Every 7th level an aggregate and a ptrauth, under the
		// expression that uses them.
		var op ir.Constant = c
		if i%7 == 3 {
			pair := &ir.Type{Kind: ir.StructType, Fields: []*ir.Type{ptr, i64}}
			op = &ir.ConstExpr{Typ: ptr, Op: ir.GetElementPtr, SrcElem: pair,
				Operands: []ir.Constant{&ir.PtrAuth{Typ: ptr, Ptr: c, Key: &ir.ConstInt{Typ: i64, V: 2}}, &ir.ConstInt{Typ: i64, V: 0}}}
		}
		c = &ir.ConstExpr{Typ: ptr, Op: ir.GetElementPtr, SrcElem: i8, Operands: []ir.Constant{op, &ir.ConstInt{Typ: i64, V: 1}}}
	}
	sig := &ir.Type{Kind: ir.FunctionType, Ret: ptr}
	ret := &ir.Instruction{Op: ir.Ret, Typ: &ir.Type{Kind: ir.VoidType}, Operands: []ir.Value{c}}
	return &ir.Function{GlobalHeader: ir.GlobalHeader{Name: "f", ValueType: sig}, Sig: sig, HasBody: true,
		Blocks: []*ir.Block{{Instrs: []*ir.Instruction{ret}}}}
}

// TestDeepConstants hashes 50,000-deep constant expressions: followed to
// the bottom, so two that differ there hash apart (they hashed alike when
// the hasher stopped at maxDepth), and two built alike hash alike.
func TestDeepConstants(t *testing.T) {
	ptr := &ir.Type{Kind: ir.PointerType}
	g := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: "g", Typ: ptr}}
	const n = 50_000
	a := Function(chainFunc(n, &ir.ConstNull{Typ: ptr}))
	b := Function(chainFunc(n, &ir.ConstNull{Typ: ptr}))
	c := Function(chainFunc(n, g))
	if a != b {
		t.Errorf("two chains built alike hash %v and %v", a, b)
	}
	if a == c {
		t.Errorf("chains over null and over @g hash alike: %v", a)
	}
}

// TestWalkDepth checks that digesting deep constants first (digestAll)
// leaves the hash what recursion alone makes it, for depths on both sides
// of walkDepth within maxDepth.
func TestWalkDepth(t *testing.T) {
	ptr := &ir.Type{Kind: ir.PointerType}
	defer func(d int) { walkDepth = d }(walkDepth)
	for _, n := range []int{1, 10, 63, 64, 65, 200, 400} {
		f := chainFunc(n, &ir.ConstNull{Typ: ptr})
		walkDepth = 64
		var h Hasher
		got := h.Function(f)
		again := h.Function(f) // with the digests of the first kept
		walkDepth = 1 << 30
		var r Hasher
		want := r.Function(f)
		if got != want || again != want {
			t.Errorf("depth %d: %v, then %v, want %v (by recursion)", n, got, again, want)
		}
	}
}
