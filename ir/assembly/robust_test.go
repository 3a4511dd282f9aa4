package assembly

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// broken is a module with what a careless reader could return: nil
// operands and types, typed nil pointers, out-of-range enumerations, a
// blockaddress to a block that does not exist, a metadata cycle, values
// used outside their function.
func broken() *ir.Module {
	other := &ir.Instruction{Op: ir.Add, Typ: i32}
	cyc := &ir.MDTuple{}
	cyc.Ops = []ir.Metadata{cyc, nil, (*ir.MDTuple)(nil), &ir.ValueAsMetadata{}, (*ir.MDString)(nil)}
	f := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: "f"}, HasBody: true}
	ba := &ir.BlockAddress{Typ: ptr, Func: f, Block: 7}
	bad := []*ir.Instruction{
		{Op: ir.Opcode(200), Typ: i32},
		{Op: ir.Add, Typ: i32, Operands: []ir.Value{nil, (*ir.ConstInt)(nil)}},
		{Op: ir.Br, Typ: void, Operands: []ir.Value{nil}},
		{Op: ir.Switch, Typ: void, Extra: &ir.InstrExtra{Cases: []ir.Constant{nil, cint(i32, 1)}}},
		{Op: ir.Call, Typ: nil, Callee: nil, Operands: []ir.Value{other}, Tail: ir.TailKind(9), CallConv: 999},
		{Op: ir.Call, Typ: i32, Callee: (*ir.Function)(nil), FuncType: &ir.Type{Kind: ir.FunctionType, VarArg: true}},
		{Op: ir.Invoke, Typ: void, Callee: f},
		{Op: ir.CallBr, Typ: void, Callee: &ir.InlineAsm{Typ: ptr}},
		{Op: ir.ICmp, Typ: i1, Pred: ir.Predicate(99), Flags: ir.SameSign},
		{Op: ir.AtomicRMW, Typ: i32, RMW: ir.RMWOp(77), Ordering: ir.AtomicOrdering(42)},
		{Op: ir.AtomicCmpXchg, Typ: nil, Ordering: 99, FailOrdering: 99},
		{Op: ir.Load, Typ: i32, Ordering: ir.Acquire, Extra: &ir.InstrExtra{SyncScope: "\x00"}},
		{Op: ir.PHI, Typ: i32, Operands: []ir.Value{ba}, Incoming: []*ir.Block{nil}},
		{Op: ir.LandingPad, Typ: nil, Flags: ir.Cleanup, Extra: &ir.InstrExtra{Clauses: []ir.Clause{{Value: nil}}}},
		{Op: ir.CatchSwitch, Typ: nil, Succs: []*ir.Block{nil}},
		{Op: ir.ShuffleVector, Typ: nil, Extra: &ir.InstrExtra{Mask: []int32{-1, 0, 5}}},
		{Op: ir.ExtractValue, Typ: i32},
		{Op: ir.Alloca, Typ: ptr},
		{Op: ir.ZExt, Typ: i64},
		{Op: ir.GetElementPtr, Typ: ptr, Operands: []ir.Value{&ir.ConstExpr{Op: ir.GetElementPtr, HasInRange: true, Operands: []ir.Constant{nil}}}},
		{Op: ir.Store, Typ: void, Operands: []ir.Value{
			&ir.ConstData{Typ: &ir.Type{Kind: ir.FixedVectorType, Elem: i32}},
			&ir.ConstData{Typ: &ir.Type{Kind: ir.ArrayType}},
			&ir.ConstAggregate{Typ: &ir.Type{Kind: ir.FixedVectorType, Elem: i32}, Elems: []ir.Constant{nil, nil}},
			&ir.ConstAggregate{},
			&ir.ConstInt{Typ: nil, Big: nil},
			&ir.ConstFP{},
			&ir.ConstNull{},
			&ir.PtrAuth{Typ: ptr},
			&ir.DSOLocalEquivalent{},
			&ir.MetadataValue{MD: cyc},
			&ir.MetadataValue{MD: &ir.DIArgList{Args: []*ir.ValueAsMetadata{nil}}},
			&ir.BlockAddress{},
		}},
		{Op: ir.Ret, Typ: void, Operands: []ir.Value{other}, DebugLoc: &ir.SpecializedNode{Kind: "DILocation", Fields: []ir.Field{{Name: ir.FieldNameOf("scope"), Kind: ir.FieldMD}}},
			Metadata:     []ir.Attachment{{Kind: "", Node: nil}, {Kind: "x y", Node: cyc}},
			DebugRecords: []*ir.DebugRecord{nil, {Kind: 9, Ops: []ir.Metadata{nil, cyc}}}},
		nil,
	}
	f.Blocks = []*ir.Block{{Instrs: bad, Preds: []*ir.Block{nil}}, nil, {Name: "x"}}
	f.Params = []*ir.Argument{nil}
	f.Attrs = ir.AttrList{Fn: ir.AttrSet{{Kind: 9999}, {Kind: ir.AttrMemory, Int: 1 << 40}, {Kind: ir.AttrByVal}}}
	rec := &ir.Type{Kind: ir.ArrayType, Len: 1}
	rec.Elem = rec
	return &ir.Module{
		Asm:   []string{"", ""},
		Types: []*ir.Type{nil, {Kind: ir.StructType, Identified: true}},
		Globals: []*ir.GlobalVar{nil, {GlobalHeader: ir.GlobalHeader{ValueType: rec, Linkage: ir.Linkage(99), Visibility: 9}, Init: ba,
			Metadata: []ir.Attachment{{Kind: "k", Node: cyc}}, CodeModel: 99}},
		Functions:     []*ir.Function{nil, f, {HasBody: false, Sig: &ir.Type{Kind: ir.IntegerType}}},
		Aliases:       []*ir.Alias{nil, {}},
		IFuncs:        []*ir.IFunc{nil, {}},
		Comdats:       []*ir.Comdat{nil},
		NamedMetadata: []*ir.NamedMetadata{nil, {Ops: []ir.MDNode{nil, cyc, (*ir.MDTuple)(nil)}}},
	}
}

func TestWriteBroken(t *testing.T) {
	var buf bytes.Buffer
	// The broken model has a metadata cycle, cut with a marker.
	if err := Write(&buf, broken(), Options{}); err != ErrLimit {
		t.Fatalf("Write = %v, want ErrLimit", err)
	}
	out := buf.String()
	for _, want := range []string{"<null operand!>", "<badref>", "<bad>", "blockaddress(@f, <badref>)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

type failLoader struct{}

func (failLoader) LoadBody(*ir.Function) error { return errors.New("boom") }

type panicLoader struct{}

func (panicLoader) LoadBody(*ir.Function) error { panic("loader panic") }

// TestWritePanics checks that a loader's panic on the prefetching
// goroutine comes back to Write's caller, whose recover sees it (as a
// command that maps its input recovers a memory fault).
func TestWritePanics(t *testing.T) {
	for _, prefetch := range []int{0, 2} {
		m := hello()
		m.Functions[0].Blocks, m.Functions[0].Params = nil, nil
		got := func() (p any) {
			defer func() { p = recover() }()
			Write(&bytes.Buffer{}, m, Options{Loader: panicLoader{}, Prefetch: prefetch})
			return nil
		}()
		if got != "loader panic" {
			t.Errorf("Prefetch %d: recovered %v, want the loader's panic", prefetch, got)
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteErrors(t *testing.T) {
	m := hello()
	m.Functions[0].Blocks, m.Functions[0].Params = nil, nil
	for _, prefetch := range []int{0, 1} {
		err := Write(&bytes.Buffer{}, m, Options{Loader: failLoader{}, Prefetch: prefetch})
		if err == nil || !strings.Contains(err.Error(), "boom") {
			t.Errorf("Write with a failing loader, Prefetch %d: %v, want the loader's error", prefetch, err)
		}
	}
	err := Write(failWriter{}, hello(), Options{})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Write to a failing writer: %v, want the writer's error", err)
	}
}

// TestWriteExponential checks that constants and types sharing operands
// across 64 levels (2^64 leaves when printed in full) cost bounded output.
func TestWriteExponential(t *testing.T) {
	ty := i32
	var c ir.Constant = cint(i32, 1)
	for i := 0; i < 64; i++ {
		ty = &ir.Type{Kind: ir.StructType, Fields: []*ir.Type{ty, ty}}
		c = &ir.ConstAggregate{Typ: ty, Elems: []ir.Constant{c, c}}
	}
	m := &ir.Module{Globals: []*ir.GlobalVar{{GlobalHeader: ir.GlobalHeader{Name: "g", Typ: ptr, ValueType: ty}, Init: c}}}
	var buf bytes.Buffer
	if err := Write(&buf, m, Options{}); err != ErrLimit {
		t.Fatalf("Write = %v, want ErrLimit", err)
	}
	if buf.Len() > 1<<30 {
		t.Errorf("output of %d bytes", buf.Len())
	}
	if !strings.Contains(buf.String(), "too large>") {
		t.Error("output is not cut")
	}
}

// TestWriteNodeIDs checks that node IDs are only a hint: nodes sharing an
// ID, or with one past the table, are numbered apart; and that locations
// print their fields.
func TestWriteNodeIDs(t *testing.T) {
	s := &ir.MDString{Value: "s"}
	a := &ir.MDTuple{Ops: []ir.Metadata{s}, ID: 7}
	b := &ir.MDTuple{Ops: []ir.Metadata{a}, ID: 7}
	c := &ir.DILocation{Line: 3, Scope: b, ID: 7}
	d := &ir.MDTuple{Ops: []ir.Metadata{c, b}, ID: 1 << 31}
	e := &ir.MDTuple{Ops: []ir.Metadata{a}, ID: 1 << 31}
	m := &ir.Module{NamedMetadata: []*ir.NamedMetadata{{Name: "n", Ops: []ir.MDNode{d, e, a}}}}
	var buf bytes.Buffer
	if err := Write(&buf, m, Options{}); err != nil {
		t.Fatal(err)
	}
	want := `
!n = !{!0, !4, !3}

!0 = !{!1, !2}
!1 = !DILocation(line: 3, scope: !2)
!2 = !{!3}
!3 = !{!"s"}
!4 = !{!3}
`
	if got := buf.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	f := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: "f", Typ: ptr}, Sig: &ir.Type{Kind: ir.FunctionType, Ret: void}, HasBody: true}
	loc := &ir.DILocation{Line: 1, Column: 2, Scope: b, InlinedAt: c, ImplicitCode: true, AtomGroup: 4, AtomRank: 5}
	f.Blocks = []*ir.Block{{Instrs: []*ir.Instruction{{Op: ir.Ret, Typ: void, Metadata: []ir.Attachment{{Kind: "x", Node: a}},
		DebugRecords: []*ir.DebugRecord{{Kind: ir.DbgLabel, Ops: []ir.Metadata{s, loc}}}}}}}
	buf.Reset()
	if err := Write(&buf, &ir.Module{Functions: []*ir.Function{f}}, Options{}); err != nil {
		t.Fatal(err)
	}
	want = `
define void @f() {
    #dbg_label(!"s", !0)
  ret void, !x !2
}

!0 = !DILocation(line: 1, column: 2, scope: !1, inlinedAt: !3, isImplicitCode: true, atomGroup: 4, atomRank: 5)
!1 = !{!2}
!2 = !{!"s"}
!3 = !DILocation(line: 3, scope: !1)
`
	if got := buf.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// countingLoader gives each function a body of size unreachable
// instructions and counts the instructions of the bodies loaded and not
// yet released, keeping the most ever held.
type countingLoader struct {
	size       int
	held, most int
}

func (l *countingLoader) LoadBody(f *ir.Function) error {
	b := &ir.Block{}
	for range l.size {
		b.Instrs = append(b.Instrs, &ir.Instruction{Op: ir.Unreachable})
	}
	f.Blocks = []*ir.Block{b}
	l.held += l.size
	l.most = max(l.most, l.held)
	return nil
}

func (l *countingLoader) ReleaseBody(f *ir.Function) {
	for _, b := range f.Blocks {
		l.held -= len(b.Instrs)
	}
	f.Blocks = nil
}

// TestPrefetchBudget checks that the bodies read ahead hold about
// aheadBudget instructions at most, however many Prefetch allows, and that
// the output is the same as without reading ahead.
func TestPrefetchBudget(t *testing.T) {
	const size, fns = 1000, 40
	sig := &ir.Type{Kind: ir.FunctionType, Ret: &ir.Type{Kind: ir.VoidType}}
	module := func() *ir.Module {
		m := &ir.Module{}
		for i := range fns {
			m.Functions = append(m.Functions, &ir.Function{GlobalHeader: ir.GlobalHeader{Name: fmt.Sprint("f", i), Typ: ptr, ValueType: sig}, Sig: sig, HasBody: true})
		}
		return m
	}
	var want bytes.Buffer
	if err := Write(&want, module(), Options{Loader: &countingLoader{size: size}}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(want.String(), "  unreachable\n"); n != size*fns {
		t.Fatalf("%d unreachable lines, want %d", n, size*fns)
	}
	l := &countingLoader{size: size}
	var got bytes.Buffer
	if err := Write(&got, module(), Options{Loader: l, Prefetch: 16}); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Error("output read ahead differs from the output read in order")
	}
	// Up to aheadBudget counted, one more body loaded, the one printed
	// and one released but not yet handed back.
	if limit := aheadBudget + 3*size; l.most > limit {
		t.Errorf("bodies held %d instructions at most, want <= %d", l.most, limit)
	}
	if l.held != 0 {
		t.Errorf("%d instructions still held after Write", l.held)
	}
}
