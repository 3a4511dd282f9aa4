package assembly

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// chainModule is a module whose named node !named heads a chain of n
// tuples, each naming the next (!0 = !{!1} ...), the last holding a
// constant of the identified struct %T; %U, in the type table too, is used
// by nothing, so that the type finder never has every type and walks the
// whole chain to find %T.
func chainModule(n int) *ir.Module {
	st := &ir.Type{Kind: ir.StructType, Identified: true, Name: "T", Fields: []*ir.Type{i32}}
	unused := &ir.Type{Kind: ir.StructType, Identified: true, Name: "U", Fields: []*ir.Type{i64}}
	nodes := make([]ir.MDTuple, n)
	for i := range nodes {
		nodes[i].ID = uint32(i + 1)
		if i+1 < n {
			nodes[i].Ops = []ir.Metadata{&nodes[i+1]}
		}
	}
	nodes[n-1].Ops = []ir.Metadata{&ir.ValueAsMetadata{Value: &ir.ConstNull{Typ: st}}}
	return &ir.Module{
		Types:         []*ir.Type{st, unused},
		NamedMetadata: []*ir.NamedMetadata{{Name: "named", Ops: []ir.MDNode{&nodes[0]}}},
	}
}

// TestWriteDeepChain prints a chain of metadata nodes as llvm-dis-22 does
// (its head worked out with llvm-as-22 on a chain of three), long enough
// that a printer walking it by recursion would need tens of megabytes of
// stack: the test runs itself again in a process whose stacks may not
// grow past 4 MB.
func TestWriteDeepChain(t *testing.T) {
	const n = 300_000
	inSmallStack(t, "TestWriteDeepChain", func(t *testing.T) {
		var b bytes.Buffer
		if err := Write(&b, chainModule(n), Options{}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		head := "\n%T = type { i32 }\n\n!named = !{!0}\n\n!0 = !{!1}\n!1 = !{!2}\n"
		if !strings.HasPrefix(out, head) {
			t.Fatalf("output starts\n%.200s\nwant\n%s", out, head)
		}
		tail := fmt.Sprintf("!%d = !{!%d}\n!%d = !{%%T zeroinitializer}\n", n-2, n-1, n-1)
		if !strings.HasSuffix(out, tail) {
			t.Fatalf("output ends\n%s\nwant\n%s", out[max(0, len(out)-200):], tail)
		}
		if got := strings.Count(out, "\n"); got != n+5 {
			t.Fatalf("%d lines, want %d", got, n+5)
		}
	})
}

// deepConstModule is a module whose constant C, used by a global's
// initializer (twice: as is and under ptrtoint) and by a ret, is a chain
// of n getelementptr expressions: n-1 on i8 over one on the identified
// struct %T, which only the innermost names; %U, in the type table too, is
// used by nothing, so that the type finder never has every type and walks
// the whole chain to find %T.
func deepConstModule(n int) *ir.Module {
	st := &ir.Type{Kind: ir.StructType, Identified: true, Name: "T", Fields: []*ir.Type{i32}}
	unused := &ir.Type{Kind: ir.StructType, Identified: true, Name: "U", Fields: []*ir.Type{i64}}
	g := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: "g", Typ: ptr, ValueType: i8}, Init: cint(i8, 0)}
	one := cint(i64, 1)
	var c ir.Constant = &ir.ConstExpr{Typ: ptr, Op: ir.GetElementPtr, SrcElem: st, Operands: []ir.Constant{g, one}}
	for i := 1; i < n; i++ {
		c = &ir.ConstExpr{Typ: ptr, Op: ir.GetElementPtr, SrcElem: i8, Operands: []ir.Constant{c, one}}
	}
	pair := &ir.Type{Kind: ir.StructType, Fields: []*ir.Type{ptr, i64}}
	init := &ir.ConstAggregate{Typ: pair, Elems: []ir.Constant{c, &ir.ConstExpr{Typ: i64, Op: ir.PtrToInt, Operands: []ir.Constant{c}}}}
	p := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: "p", Typ: ptr, ValueType: pair}, Init: init}
	f := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: "f", Typ: ptr}, Sig: &ir.Type{Kind: ir.FunctionType, Ret: ptr}, HasBody: true}
	f.Blocks = []*ir.Block{{Instrs: []*ir.Instruction{{Op: ir.Ret, Typ: void, Operands: []ir.Value{c}}}}}
	return &ir.Module{
		Types:     []*ir.Type{st, unused},
		Globals:   []*ir.GlobalVar{g, p},
		Functions: []*ir.Function{f},
	}
}

// TestWriteDeepConstant prints a 50,000-deep constant expression as
// llvm-dis-22 does given the stack (worked out with llvm-as-22 on a chain
// of two; it prints a chain of 50,000 alike), in a process whose stacks
// may not grow past 4 MB.
func TestWriteDeepConstant(t *testing.T) {
	const n = 50_000
	inSmallStack(t, "TestWriteDeepConstant", func(t *testing.T) {
		var b bytes.Buffer
		if err := Write(&b, deepConstModule(n), Options{}); err != nil {
			t.Fatal(err)
		}
		c := strings.Repeat("getelementptr (i8, ptr ", n-1) + "getelementptr (%T, ptr @g, i64 1)" + strings.Repeat(", i64 1)", n-1)
		want := "\n%T = type { i32 }\n\n@g = global i8 0\n" +
			"@p = global { ptr, i64 } { ptr " + c + ", i64 ptrtoint (ptr " + c + " to i64) }\n\n" +
			"define ptr @f() {\n  ret ptr " + c + "\n}\n"
		if got := b.String(); got != want {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Fatalf("output of %d bytes differs from the %d wanted at byte %d: %.80q, want %.80q", len(got), len(want), i, got[i:], want[i:])
		}
	})
}

// inSmallStack runs test in a process of its own (the test binary, run
// again for the top-level test name) whose goroutine stacks may not grow
// past 4 MB, so that what it prints by recursion overflows.
func inSmallStack(t *testing.T, name string, test func(t *testing.T)) {
	t.Helper()
	if os.Getenv("BCX_SMALL_STACK_CHILD") == name {
		debug.SetMaxStack(4 << 20)
		test(t)
		return
	}
	if testing.Short() {
		t.Skip("runs a process of its own")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(exe, "-test.run=^"+name+"$", "-test.v")
	cmd.Env = append(os.Environ(), "BCX_SMALL_STACK_CHILD="+name)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, tail(out, 2000))
	}
}

// tail returns the last n bytes of b.
func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}

// BenchmarkWriteConstants prints 10,000 globals whose initializers are
// shallow constants, the common case the composite printer must keep
// fast: { ptr getelementptr inbounds (i8, ptr @g, i64 N), i64 ptrtoint
// (ptr @g to i64), [2 x i32] [i32 1, i32 N] }.
func BenchmarkWriteConstants(b *testing.B) {
	g := &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: "g", Typ: ptr, ValueType: i8}, Init: cint(i8, 0)}
	arr := &ir.Type{Kind: ir.ArrayType, Len: 2, Elem: i32}
	st := &ir.Type{Kind: ir.StructType, Fields: []*ir.Type{ptr, i64, arr}}
	m := &ir.Module{Globals: []*ir.GlobalVar{g}}
	for i := range 10_000 {
		init := &ir.ConstAggregate{Typ: st, Elems: []ir.Constant{
			&ir.ConstExpr{Typ: ptr, Op: ir.GetElementPtr, Flags: ir.InBounds, SrcElem: i8, Operands: []ir.Constant{g, cint(i64, int64(i))}},
			&ir.ConstExpr{Typ: i64, Op: ir.PtrToInt, Operands: []ir.Constant{g}},
			&ir.ConstAggregate{Typ: arr, Elems: []ir.Constant{cint(i32, 1), cint(i32, int64(i))}},
		}}
		m.Globals = append(m.Globals, &ir.GlobalVar{GlobalHeader: ir.GlobalHeader{Name: fmt.Sprintf("v%d", i), Typ: ptr, ValueType: st}, Init: init})
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := Write(io.Discard, m, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
