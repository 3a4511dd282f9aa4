package bitcode

import (
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// clang-14's `br i1 icmp ne (ptr @weak_import, ptr null), ...` becomes
// `%constexpr = icmp ne ptr @weak_import, null` before the branch
// (testdata/ir/llvm14-darwin-O2.dis); with a global that cannot be null it
// folds. Operands of a constant expression LLVM 22 still has are expanded
// when they hold one it lacks; the first met (operands first) names the
// error of an initializer.
func TestRemovedConstExprs(t *testing.T) {
	p0 := &ir.Type{Kind: ir.PointerType}
	i1 := &ir.Type{Kind: ir.IntegerType, BitWidth: 1}
	i64 := &ir.Type{Kind: ir.IntegerType, BitWidth: 64}
	weak := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: "weak_import", Typ: p0, Linkage: ir.ExternalWeakLinkage}}
	strong := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: "f", Typ: p0}}
	cmp := func(g ir.Constant) *ir.ConstExpr {
		return &ir.ConstExpr{Typ: i1, Op: ir.ICmp, Pred: ir.ICmpNE, Operands: []ir.Constant{g, &ir.ConstNull{Typ: p0}}}
	}
	if c, ok := foldRemoved(cmp(strong)).(*ir.ConstInt); !ok || c.V != -1 {
		t.Errorf("icmp ne (@f, null) folded to %v, want true", foldRemoved(cmp(strong)))
	}
	if c := foldRemoved(cmp(weak)); c != nil {
		t.Errorf("icmp ne (@weak_import, null) folded to %v", c)
	}
	p2i := &ir.ConstExpr{Typ: i64, Op: ir.PtrToInt, Operands: []ir.Constant{strong}}
	three := &ir.ConstInt{Typ: i64, V: 3}
	zext := &ir.ConstExpr{Typ: i64, Op: ir.ZExt, Operands: []ir.Constant{&ir.ConstInt{Typ: i1}}}
	mul := &ir.ConstExpr{Typ: i64, Op: ir.Mul, Operands: []ir.Constant{p2i, zext}}
	add := &ir.ConstExpr{Typ: i64, Op: ir.Add, Operands: []ir.Constant{p2i, three}}
	memo := map[ir.Value]bool{}
	for _, c := range []struct {
		c     ir.Constant
		want  bool
		first ir.Opcode
	}{
		{p2i, false, ir.BadOp},
		{add, false, ir.BadOp},
		{cmp(strong), false, ir.BadOp},
		{cmp(weak), true, ir.ICmp},
		{mul, true, ir.ZExt},
		{&ir.ConstExpr{Typ: i64, Op: ir.Add, Operands: []ir.Constant{three, mul}}, true, ir.ZExt},
		{&ir.ConstAggregate{Typ: &ir.Type{Kind: ir.StructType, Fields: []*ir.Type{i64}}, Elems: []ir.Constant{mul}}, true, ir.ZExt},
	} {
		if got := needsExpand(c.c, 0, memo); got != c.want {
			t.Errorf("needsExpand(%v) = %v", c.c, got)
		}
		if got := firstRemoved(c.c, 0); got != c.first {
			t.Errorf("firstRemoved(%v) = %v, want %v", c.c, got, c.first)
		}
	}
}

// A function's symbol table as LLVM's ValueSymbolTable (ValueSymbolTable.cpp:
// createValueName, makeUniqueName): a name in use gets the table's next
// number, whatever name took the numbers before; names are cut to 1024
// bytes, and so is a name with its number.
func TestClaim(t *testing.T) {
	var fs funcState
	long := strings.Repeat("a", 1500)
	for _, c := range []struct{ name, want string }{
		{"x", "x"},
		{"phi.constexpr", "phi.constexpr"},
		{"phi.constexpr", "phi.constexpr1"},
		{"x", "x2"},
		{"x2", "x23"},
		{"x1", "x1"},
		{"x", "x4"},
		{"", ""},
		{long, long[:1024]},
		{long, long[:1023] + "6"}, // with "5" too long: the base is cut, the number taken
		{long, long[:1023] + "8"},
	} {
		got := fs.claim(c.name)
		if got != c.want {
			t.Errorf("claim(%.10q) = %.10q... (%d bytes), want %.10q... (%d bytes)", c.name, got, len(got), c.want, len(c.want))
		}
	}
	if got := fs.rename("x4", "x4"); got != "x4" {
		t.Errorf("renaming x4 to itself gave %q", got)
	}
}

// TestConstExprTypes: a constant expression's type is what LLVM's
// constructors give it from its operands, not the type the CONSTANTS
// block set before it (here i64, which a mutated file may hold).
func TestConstExprTypes(t *testing.T) {
	r := &Reader{}
	i32 := r.intType(32)
	i64 := r.intType(64)
	f32 := r.shape(ir.Type{Kind: ir.FloatType})
	v4 := r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: 4, Elem: i32})
	m2 := r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: 2, Elem: i32})
	vec := &ir.ConstNull{Typ: v4}
	mask := &ir.ConstNull{Typ: m2}
	idx := &ir.ConstInt{Typ: i32, V: 1}
	ptr := r.ptrType(0)
	g := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: "g", Typ: ptr}}
	r.values = []ir.Value{vec, idx, mask, &ir.ConstFP{Typ: f32}, g, &ir.ConstInt{Typ: i32}}
	for _, c := range []struct {
		op   ir.Opcode
		ids  []uint64
		want *ir.Type
	}{
		{ir.ExtractElement, []uint64{0, 1}, i32},
		{ir.InsertElement, []uint64{0, 1, 1}, v4},
		{ir.ShuffleVector, []uint64{0, 0, 2}, m2},
		{ir.FNeg, []uint64{3}, f32},
		{ir.ICmp, []uint64{0, 0}, r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: 4, Elem: r.i1()})},
		{ir.GetElementPtr, []uint64{4, 5}, ptr},
		{ir.GetElementPtr, []uint64{4, 0}, r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: 4, Elem: ptr})},
	} {
		got, err := r.buildConst(&pconst{typ: i64, kind: pcExpr, opcode: c.op, ids: c.ids, srcElem: i32})
		if err != nil {
			t.Errorf("%v: %v", c.op, err)
			continue
		}
		if got.Type() != c.want {
			t.Errorf("%v: type %v, want %v", c.op, got.Type(), c.want)
		}
	}
}
