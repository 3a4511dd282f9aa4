package structhash_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/bcextract/bcextract/internal/irtest"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/structhash"
)

// hashes returns the structural hash of every function definition of the
// fixture testdata/irdiff/name.
func hashes(t *testing.T, name string) map[string]structhash.Sum {
	t.Helper()
	r, m := irtest.Module(t, filepath.Join("../../testdata/irdiff", name))
	sums := make(map[string]structhash.Sum)
	var h structhash.Hasher
	for _, fn := range m.Functions {
		if !fn.HasBody {
			continue
		}
		if err := r.LoadBody(fn); err != nil {
			t.Fatal(err)
		}
		sums[fn.Name] = h.Function(fn)
		// A fresh Hasher and a reused one agree.
		if s := structhash.Function(fn); s != sums[fn.Name] {
			t.Errorf("%s: @%s: Function %v, reused Hasher %v", name, fn.Name, s, sums[fn.Name])
		}
	}
	return sums
}

// TestFixturePairs hashes the functions of builds of the same code (built
// from two directories, with locals renamed) and of code changed in one
// place; see testdata/irdiff/README.md for how each pair was made.
func TestFixturePairs(t *testing.T) {
	for _, tc := range []struct {
		old, new string
		funcs    []string // the functions both define
		changed  []string
	}{
		{"same-old.bc", "same-new.bc", []string{"sum_to", "classify"}, nil},
		{"renamed-old.bc", "renamed-new.bc", []string{"count_matches", "manhattan"}, nil},
		{"constant-old.bc", "constant-new.bc", []string{"offset", "scale", "twice"}, []string{"scale"}},
		{"addrm-old.bc", "addrm-new.bc", []string{"common_a", "common_b"}, nil},
		// Every !srcloc moved (a comment line added above).
		{"asm-old.bc", "asm-new.bc", []string{"read_flags", "fence", "checked"}, nil},
		// Without and with -g: the loop node lists DILocations in the second.
		{"nodebug.bc", "debug.bc", []string{"sum_to", "classify"}, nil},
	} {
		old, new := hashes(t, tc.old), hashes(t, tc.new)
		for _, name := range tc.funcs {
			o, ok1 := old[name]
			n, ok2 := new[name]
			if !ok1 || !ok2 {
				t.Errorf("%s/%s: @%s missing", tc.old, tc.new, name)
				continue
			}
			want := true
			for _, c := range tc.changed {
				if c == name {
					want = false
				}
			}
			if (o == n) != want {
				t.Errorf("%s/%s: @%s: hashes %v and %v, want equal=%v", tc.old, tc.new, name, o, n, want)
			}
			if o.IsZero() || len(o.String()) != 32 {
				t.Errorf("@%s: hash %q", name, o)
			}
		}
	}
	// Distinct functions hash apart.
	seen := make(map[structhash.Sum]string)
	for name, s := range hashes(t, "cxx.bc") {
		if other, ok := seen[s]; ok {
			t.Errorf("cxx.bc: @%s and @%s hash alike", name, other)
		}
		seen[s] = name
	}
}

// fn builds "define i32 @f(i32 %x) { %r = OP i32 %x, C; ret i32 %r }" with
// the names, flags and attachments given.
func fn(argName, resName string, op ir.Opcode, c int64, flags ir.Flags, md []ir.Attachment, loc ir.Metadata) *ir.Function {
	i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	sig := &ir.Type{Kind: ir.FunctionType, Ret: i32, Params: []*ir.Type{i32}}
	x := &ir.Argument{Typ: i32, Name: argName}
	r := &ir.Instruction{Op: op, Typ: i32, Name: resName, Flags: flags,
		Operands: []ir.Value{x, &ir.ConstInt{Typ: i32, V: c}}, Metadata: md, DebugLoc: loc}
	ret := &ir.Instruction{Op: ir.Ret, Typ: &ir.Type{Kind: ir.VoidType}, Operands: []ir.Value{r}, DebugLoc: loc}
	return &ir.Function{
		GlobalHeader: ir.GlobalHeader{Name: "f", ValueType: sig},
		Sig:          sig, HasBody: true,
		Params: []*ir.Argument{x},
		Blocks: []*ir.Block{{Name: "entry", Instrs: []*ir.Instruction{r, ret}}},
	}
}

// srcloc returns a !srcloc attachment, as clang puts on inline asm: the
// byte offsets of the asm lines in the source.
func srcloc(offsets ...int64) []ir.Attachment {
	i64 := &ir.Type{Kind: ir.IntegerType, BitWidth: 64}
	t := &ir.MDTuple{}
	for _, o := range offsets {
		t.Ops = append(t.Ops, &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: i64, V: o}})
	}
	return []ir.Attachment{{Kind: "srcloc", Node: t}}
}

func TestSkipsAttachment(t *testing.T) {
	// Loop IDs: of locations only (a -g build's loop without hints,
	// dropped with the debug info), with a hint, and with none.
	locOnly := &ir.MDTuple{Distinct: true}
	locOnly.Ops = []ir.Metadata{locOnly, &ir.DILocation{Line: 1}, &ir.MDTuple{Ops: []ir.Metadata{&ir.DILocation{Line: 2}}}}
	hinted := &ir.MDTuple{Distinct: true}
	hinted.Ops = []ir.Metadata{hinted, &ir.DILocation{Line: 1}, &ir.MDTuple{Ops: []ir.Metadata{&ir.MDString{Value: "llvm.loop.mustprogress"}}}}
	bare := &ir.MDTuple{Distinct: true}
	bare.Ops = []ir.Metadata{bare}
	for _, tc := range []struct {
		a    ir.Attachment
		want bool
	}{
		{ir.Attachment{Kind: "dbg", Node: &ir.DILocation{Line: 3}}, true},
		{srcloc(246)[0], true},
		{ir.Attachment{Kind: "DIAssignID", Node: &ir.SpecializedNode{Kind: "DIAssignID", Distinct: true}}, true},
		{ir.Attachment{Kind: "heapallocsite", Node: &ir.SpecializedNode{Kind: "DIBasicType"}}, true},
		{ir.Attachment{Kind: "heapallocsite", Node: &ir.MDTuple{}}, false},
		{ir.Attachment{Kind: "tbaa", Node: &ir.MDTuple{}}, false},
		{ir.Attachment{Kind: "callsite", Node: &ir.MDTuple{}}, false},
		{ir.Attachment{Kind: "pcsections", Node: &ir.MDTuple{}}, false},
		{ir.Attachment{Kind: "llvm.loop", Node: locOnly}, true},
		{ir.Attachment{Kind: "llvm.loop", Node: hinted}, false},
		{ir.Attachment{Kind: "llvm.loop", Node: bare}, false},
	} {
		if got := structhash.SkipsAttachment(tc.a); got != tc.want {
			t.Errorf("!%s %T: %v, want %v", tc.a.Kind, tc.a.Node, got, tc.want)
		}
	}
}

func TestHandBuilt(t *testing.T) {
	loc1 := &ir.DILocation{Line: 1}
	loc2 := &ir.DILocation{Line: 2, Column: 7}
	tbaa := func(s string) []ir.Attachment {
		return []ir.Attachment{{Kind: "tbaa", Node: &ir.MDTuple{Ops: []ir.Metadata{&ir.MDString{Value: s}}}}}
	}
	// A loop node that lists itself, and a DILocation.
	loop := &ir.MDTuple{Distinct: true}
	loop.Ops = []ir.Metadata{loop, loc1}
	loopOther := &ir.MDTuple{Distinct: true}
	loopOther.Ops = []ir.Metadata{loopOther, loc2}

	base := structhash.Function(fn("x", "r", ir.Add, 3, 0, nil, nil))
	for _, tc := range []struct {
		name string
		f    *ir.Function
		same bool
	}{
		{"other names", fn("a", "", ir.Add, 3, 0, nil, nil), true},
		{"debug locations", fn("x", "r", ir.Add, 3, 0, nil, loc2), true},
		{"a DI attachment", fn("x", "r", ir.Add, 3, 0, []ir.Attachment{{Kind: "DIAssignID", Node: &ir.SpecializedNode{Kind: "DIAssignID", Distinct: true}}}, nil), true},
		{"another constant", fn("x", "r", ir.Add, 4, 0, nil, nil), false},
		{"another opcode", fn("x", "r", ir.Sub, 3, 0, nil, nil), false},
		{"a flag", fn("x", "r", ir.Add, 3, ir.NSW, nil, nil), false},
		{"a !tbaa", fn("x", "r", ir.Add, 3, 0, tbaa("int"), nil), false},
		{"a !srcloc", fn("x", "r", ir.Add, 3, 0, srcloc(113, 121), nil), true},
		{"a custom kind", fn("x", "r", ir.Add, 3, 0, []ir.Attachment{{Kind: "heapallocsite", Node: &ir.MDTuple{}}}, nil), false},
	} {
		if got := structhash.Function(tc.f); (got == base) != tc.same {
			t.Errorf("%s: hash %v, base %v: want equal=%v", tc.name, got, base, tc.same)
		}
	}
	// !srcloc is left out whatever offsets it holds.
	if a, b := structhash.Function(fn("x", "r", ir.Add, 3, 0, srcloc(113), nil)),
		structhash.Function(fn("x", "r", ir.Add, 3, 0, srcloc(134), nil)); a != b {
		t.Errorf("!srcloc: %v %v", a, b)
	}
	// Metadata is hashed by content, and cycles end.
	a := structhash.Function(fn("x", "r", ir.Add, 3, 0, tbaa("int"), nil))
	b := structhash.Function(fn("y", "s", ir.Add, 3, 0, tbaa("int"), nil))
	c := structhash.Function(fn("x", "r", ir.Add, 3, 0, tbaa("long"), nil))
	if a != b || a == c {
		t.Errorf("!tbaa by content: %v %v %v", a, b, c)
	}
	l1 := structhash.Function(fn("x", "r", ir.Add, 3, 0, []ir.Attachment{{Kind: "llvm.loop", Node: loop}}, nil))
	l2 := structhash.Function(fn("x", "r", ir.Add, 3, 0, []ir.Attachment{{Kind: "llvm.loop", Node: loopOther}}, nil))
	// Built without -g, a loop without hints has no loop ID: one of
	// locations only is left out, as LLVM's strip of the debug info drops
	// it. One that lists nothing but itself stays (and the strip keeps
	// it), and so does one with a hint, its locations aside.
	loopBare := &ir.MDTuple{Distinct: true}
	loopBare.Ops = []ir.Metadata{loopBare}
	l3 := structhash.Function(fn("x", "r", ir.Add, 3, 0, []ir.Attachment{{Kind: "llvm.loop", Node: loopBare}}, nil))
	hint := &ir.MDTuple{Ops: []ir.Metadata{&ir.MDString{Value: "llvm.loop.mustprogress"}}}
	loopHint, loopHintG := &ir.MDTuple{Distinct: true}, &ir.MDTuple{Distinct: true}
	loopHint.Ops = []ir.Metadata{loopHint, hint}
	loopHintG.Ops = []ir.Metadata{loopHintG, loc1, hint, loc2}
	l4 := structhash.Function(fn("x", "r", ir.Add, 3, 0, []ir.Attachment{{Kind: "llvm.loop", Node: loopHint}}, nil))
	l5 := structhash.Function(fn("x", "r", ir.Add, 3, 0, []ir.Attachment{{Kind: "llvm.loop", Node: loopHintG}}, nil))
	if l1 != base || l2 != base || l3 == base || l4 == base || l4 != l5 || l3 == l4 {
		t.Errorf("!llvm.loop: %v %v %v %v %v (base %v)", l1, l2, l3, l4, l5, base)
	}
	// A declaration hashes to zero.
	decl := fn("x", "r", ir.Add, 3, 0, nil, nil)
	decl.HasBody = false
	if s := structhash.Function(decl); !s.IsZero() {
		t.Errorf("declaration: %v", s)
	}
}

// TestDeep hashes a constant nested deeper than the hasher follows: it
// returns, and the result still depends on the rest.
func TestDeep(t *testing.T) {
	f := fn("x", "r", ir.Add, 3, 0, nil, nil)
	ptr := &ir.Type{Kind: ir.PointerType}
	var c ir.Constant = &ir.ConstNull{Typ: ptr}
	for range 100000 {
		c = &ir.ConstExpr{Typ: ptr, Op: ir.AddrSpaceCast, Operands: []ir.Constant{c}}
	}
	f.Blocks[0].Instrs[0].Operands[1] = c
	if s := structhash.Function(f); s.IsZero() {
		t.Error("zero hash")
	}
}

// The hash does not change with names: a function renamed, with its
// values renamed, hashes the same.
func ExampleFunction() {
	i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	sig := &ir.Type{Kind: ir.FunctionType, Ret: i32, Params: []*ir.Type{i32}}
	build := func(fname, arg, res string, c int64) *ir.Function {
		x := &ir.Argument{Typ: i32, Name: arg}
		r := &ir.Instruction{Op: ir.Mul, Typ: i32, Name: res, Operands: []ir.Value{x, &ir.ConstInt{Typ: i32, V: c}}}
		ret := &ir.Instruction{Op: ir.Ret, Typ: &ir.Type{Kind: ir.VoidType}, Operands: []ir.Value{r}}
		return &ir.Function{GlobalHeader: ir.GlobalHeader{Name: fname, ValueType: sig}, Sig: sig, HasBody: true,
			Params: []*ir.Argument{x}, Blocks: []*ir.Block{{Instrs: []*ir.Instruction{r, ret}}}}
	}
	a := structhash.Function(build("scale", "x", "r", 3))
	b := structhash.Function(build("scale_v2", "n", "prod", 3))
	c := structhash.Function(build("scale", "x", "r", 5))
	fmt.Println(a == b, a == c)
	// Output: true false
}

// TestCycles hashes a malformed model whose struct type and constant
// contain themselves twice over: the hash must return, in time linear in
// what is there.
func TestCycles(t *testing.T) {
	f := fn("x", "r", ir.Add, 3, 0, nil, nil)
	s := &ir.Type{Kind: ir.StructType, Identified: true, Name: "S"}
	s.Fields = []*ir.Type{s, s}
	agg := &ir.ConstAggregate{Typ: s}
	agg.Elems = []ir.Constant{agg, agg}
	in := f.Blocks[0].Instrs[0]
	in.Typ = s
	in.Operands[1] = agg
	if sum := structhash.Function(f); sum.IsZero() {
		t.Error("zero hash")
	}
}

// TestByContent: what LLVM makes one (equal metadata strings, the
// metadata of one constant) hashes as one node whether the model holds one
// object or two, and a trailing empty parameter attribute set is none
// (an upgrade that drops the last parameter's attributes leaves one).
func TestByContent(t *testing.T) {
	i64 := &ir.Type{Kind: ir.IntegerType, BitWidth: 64}
	s1, s2 := &ir.MDString{Value: "int"}, &ir.MDString{Value: "int"}
	z1, z2 := &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: i64}}, &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: i64}}
	node := func(ops ...ir.Metadata) []ir.Attachment {
		return []ir.Attachment{{Kind: "range", Node: &ir.MDTuple{Ops: ops}}}
	}
	shared := structhash.Function(fn("x", "r", ir.Add, 3, 0, node(s1, s1, z1, z1), nil))
	copies := structhash.Function(fn("x", "r", ir.Add, 3, 0, node(s1, s2, z1, z2), nil))
	if shared != copies {
		t.Errorf("equal strings and values: %v, shared %v", copies, shared)
	}
	f1 := fn("x", "r", ir.Add, 3, 0, nil, nil)
	f2 := fn("x", "r", ir.Add, 3, 0, nil, nil)
	f2.Attrs.Params = []ir.AttrSet{nil}
	if a, b := structhash.Function(f1), structhash.Function(f2); a != b {
		t.Errorf("trailing empty parameter set: %v, want %v", b, a)
	}
}
