package callgraph_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/irtest"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/callgraph"
)

// build adds every function and alias of the fixtures of testdata/irdiff
// named, under their names as paths.
func build(t *testing.T, names ...string) *callgraph.Graph {
	t.Helper()
	var b callgraph.Builder
	for _, name := range names {
		r, m := irtest.Module(t, filepath.Join("../../testdata/irdiff", name))
		for _, fn := range m.Functions {
			if !fn.HasBody {
				continue
			}
			if err := r.LoadBody(fn); err != nil {
				t.Fatal(err)
			}
			c := callgraph.Collect(fn)
			b.Add(name, fn, &c)
		}
		for _, a := range m.Aliases {
			b.AddAlias(name, a)
		}
	}
	return b.Graph()
}

// edges returns the graph's edges as "CALLER -> CALLEE sites/via_alias".
func edges(g *callgraph.Graph) []string {
	var out []string
	for _, e := range g.Edges {
		out = append(out, fmt.Sprintf("%s -> %s %d/%d", g.Nodes[e.Caller].ID, g.Nodes[e.Callee].ID, e.Sites, e.ViaAlias))
	}
	return out
}

// TestLinked links m1.bc and m2.bc (testdata/irdiff/README.md): main calls
// its own static helper, shared_fn of m2 directly and through m2's alias
// shared_alias, printf and puts, and twice functions through a pointer.
func TestLinked(t *testing.T) {
	g := build(t, "m1.bc", "m2.bc")
	want := []string{
		"main -> m1.bc::helper 1/0",
		"main -> shared_fn 2/1",
		"main -> printf 1/0",
		"main -> puts 1/0",
		"main -> <indirect> 2/0",
		"shared_fn -> m2.bc::helper 1/0",
		"via_alias -> shared_fn 1/1",
		"via_alias -> m2.bc::helper 1/0",
	}
	if got := edges(g); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("edges:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, n := range g.Nodes {
		switch n.ID {
		case "m1.bc::helper", "m2.bc::helper":
			if !n.Local || !n.Defined || n.Name != "helper" || n.Module+"::helper" != n.ID {
				t.Errorf("node %+v", n)
			}
		case "printf", "puts", callgraph.Indirect:
			if n.Defined || n.Module != "" {
				t.Errorf("node %+v", n)
			}
		case "shared_fn":
			if !n.Defined || n.Module != "m2.bc" || n.Definitions != 1 {
				t.Errorf("node %+v", n)
			}
		}
	}
}

// TestAliasesAndInvokes reads cxx.bc, whose calls go through constructor
// and destructor aliases and invokes (testdata/irdiff/README.md).
func TestAliasesAndInvokes(t *testing.T) {
	g := build(t, "cxx.bc")
	got := strings.Join(edges(g), "\n")
	for _, w := range []string{
		"_Z3runi -> _ZN7CounterC2Ei 1/1",
		"_Z3runi -> _ZN7CounterD2Ev 2/2",
		"_Z3runi -> _Z7biggestIiET_S0_S0_ 1/0",
		"_Z3runi -> llvm.lifetime.end.p0 4/0",
		"_ZN7CounterD0Ev -> _ZN7CounterD2Ev 1/1",
		"_ZN7CounterD2Ev -> ext_sink 1/0",
	} {
		if !strings.Contains(got, w+"\n") && !strings.HasSuffix(got, w) {
			t.Errorf("no edge %q in:\n%s", w, got)
		}
	}
}

// TestPrevailing checks which definition's calls the graph keeps when two
// modules define a function: the strong one over a linkonce_odr one,
// else the first.
func TestPrevailing(t *testing.T) {
	void := &ir.Type{Kind: ir.VoidType}
	sig := &ir.Type{Kind: ir.FunctionType, Ret: void}
	decl := func(name string) *ir.Function {
		return &ir.Function{GlobalHeader: ir.GlobalHeader{Name: name, ValueType: sig}, Sig: sig}
	}
	def := func(name string, l ir.Linkage, callee *ir.Function) *ir.Function {
		call := &ir.Instruction{Op: ir.Call, Typ: void, Callee: callee, FuncType: sig}
		return &ir.Function{GlobalHeader: ir.GlobalHeader{Name: name, ValueType: sig, Linkage: l}, Sig: sig, HasBody: true,
			Blocks: []*ir.Block{{Instrs: []*ir.Instruction{call, {Op: ir.Ret, Typ: void}}}}}
	}
	var b callgraph.Builder
	for _, f := range []struct {
		path string
		fn   *ir.Function
	}{
		{"a", def("f", ir.LinkOnceODRLinkage, decl("from_a"))},
		{"b", def("f", ir.ExternalLinkage, decl("from_b"))},
		{"c", def("f", ir.ExternalLinkage, decl("from_c"))},
	} {
		c := callgraph.Collect(f.fn)
		b.Add(f.path, f.fn, &c)
	}
	g := b.Graph()
	if got := strings.Join(edges(g), ","); got != "f -> from_b 1/0" {
		t.Errorf("edges %s", got)
	}
	if n := g.Nodes[0]; n.Module != "b" || n.Definitions != 3 {
		t.Errorf("node %+v", n)
	}
	// A call with a function type other than the callee's is indirect.
	other := &ir.Type{Kind: ir.FunctionType, Ret: void, Params: []*ir.Type{{Kind: ir.IntegerType, BitWidth: 32}}}
	f := def("g", ir.ExternalLinkage, decl("h"))
	f.Blocks[0].Instrs[0].FuncType = other
	if c := callgraph.Collect(f); len(c.Direct) != 0 || c.Indirect != 1 {
		t.Errorf("mismatched call: %+v", c)
	}
}

func TestWrite(t *testing.T) {
	g := build(t, "m1.bc", "m2.bc")
	var dot, js bytes.Buffer
	if err := g.WriteDOT(&dot); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"\t\"m1.bc::helper\" [label=\"helper\\nm1.bc\"];\n",
		"\t\"printf\" [label=\"printf\", style=dashed];\n",
		"\t\"main\" -> \"<indirect>\" [label=\"2\"];\n",
		"\t\"main\" -> \"puts\";\n",
	} {
		if !strings.Contains(dot.String(), w) {
			t.Errorf("DOT lacks %q:\n%s", w, dot.String())
		}
	}
	if err := g.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		`{"id":"m2.bc::helper","name":"helper","module":"m2.bc","local":true,"defined":true,"definitions":1}`,
		`{"caller":"main","callee":"<indirect>","sites":2,"via_alias":0}`,
	} {
		if !strings.Contains(js.String(), w) {
			t.Errorf("JSON lacks %s:\n%s", w, js.String())
		}
	}
}

// Two modules linked: app's main calls util's exported parse, which app
// only declares.
func ExampleBuilder() {
	void := &ir.Type{Kind: ir.VoidType}
	sig := &ir.Type{Kind: ir.FunctionType, Ret: void}
	define := func(name string, callees ...*ir.Function) *ir.Function {
		var instrs []*ir.Instruction
		for _, c := range callees {
			instrs = append(instrs, &ir.Instruction{Op: ir.Call, Typ: void, Callee: c, FuncType: sig})
		}
		instrs = append(instrs, &ir.Instruction{Op: ir.Ret, Typ: void})
		return &ir.Function{GlobalHeader: ir.GlobalHeader{Name: name, ValueType: sig}, Sig: sig,
			HasBody: true, Blocks: []*ir.Block{{Instrs: instrs}}}
	}
	parseDecl := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: "parse", ValueType: sig}, Sig: sig}
	exitDecl := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: "exit", ValueType: sig}, Sig: sig}

	var b callgraph.Builder
	for _, m := range []struct {
		path string
		fn   *ir.Function
	}{
		{"app.o:.llvmbc#1", define("main", parseDecl, parseDecl, exitDecl)},
		{"util.o:.llvmbc#1", define("parse")},
	} {
		calls := callgraph.Collect(m.fn) // the body must be loaded
		b.Add(m.path, m.fn, &calls)
	}
	g := b.Graph()
	for _, e := range g.Edges {
		callee := g.Nodes[e.Callee]
		fmt.Printf("%s -> %s (%d sites, defined in %q)\n", g.Nodes[e.Caller].Name, callee.Name, e.Sites, callee.Module)
	}
	// Output:
	// main -> parse (2 sites, defined in "util.o:.llvmbc#1")
	// main -> exit (1 sites, defined in "")
}

// TestUnnamed: unnamed functions (@0, @1) are nodes of their own, known by
// their module and the order they are met in.
func TestUnnamed(t *testing.T) {
	void := &ir.Type{Kind: ir.VoidType}
	sig := &ir.Type{Kind: ir.FunctionType, Ret: void}
	f0 := &ir.Function{GlobalHeader: ir.GlobalHeader{ValueType: sig}, Sig: sig, HasBody: true,
		Blocks: []*ir.Block{{Instrs: []*ir.Instruction{{Op: ir.Ret, Typ: void}}}}}
	f1 := &ir.Function{GlobalHeader: ir.GlobalHeader{ValueType: sig}, Sig: sig, HasBody: true,
		Blocks: []*ir.Block{{Instrs: []*ir.Instruction{{Op: ir.Call, Typ: void, Callee: f0, FuncType: sig}, {Op: ir.Ret, Typ: void}}}}}
	var b callgraph.Builder
	for _, f := range []*ir.Function{f0, f1} {
		c := callgraph.Collect(f)
		b.Add("m.bc#1", f, &c)
	}
	if got := strings.Join(edges(b.Graph()), ","); got != "m.bc#1::<unnamed 1> -> m.bc#1::<unnamed 0> 1/0" {
		t.Errorf("edges %s", got)
	}
}
