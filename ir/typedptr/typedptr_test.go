package typedptr

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/bcextract/bcextract/internal/irfixtures"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// readModule reads the module of bitcode file path, its bodies not
// loaded; ok is false when the file holds not one module that reads.
func readModule(t *testing.T, path string) (*ir.Module, *bitcode.Reader, bool) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := bitcode.Options{}.Open(data)
	if err != nil || len(f.Modules) != 1 {
		return nil, nil, false
	}
	r := f.Modules[0]
	m, err := r.Module()
	return m, r, err == nil
}

// lowered reads the module of bitcode file path with every body loaded
// and lowers it; ok is false when it does not read cleanly.
func lowered(t *testing.T, path string) (*ir.Module, Stats, error, bool) {
	t.Helper()
	m, r, ok := readModule(t, path)
	if !ok {
		return nil, Stats{}, nil, false
	}
	for _, fn := range m.Functions {
		if fn.HasBody {
			if err := r.LoadBody(fn); err != nil {
				return nil, Stats{}, nil, false
			}
		}
	}
	if len(r.Skipped()) > 0 {
		return nil, Stats{}, nil, false
	}
	st, err := Lower(m)
	return m, st, err, true
}

// TestLowerInvariants lowers every IR fixture and checks what LLVM 14's
// reader and verifier check of typed pointers: no opaque pointer is
// left, and every pointer operand points to what its instruction loads,
// stores, indexes or calls, every other operand has the type its place
// wants.
func TestLowerInvariants(t *testing.T) {
	n := 0
	for _, path := range irfixtures.IR("../../testdata/ir") {
		m, _, err, ok := lowered(t, path)
		if !ok {
			continue
		}
		var ue *UnsupportedError
		if errors.As(err, &ue) {
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		n++
		if err := checkTyped(m); err != nil {
			t.Errorf("%s: %v", filepath.Base(path), err)
		}
	}
	if n < 50 {
		t.Errorf("only %d fixtures lowered", n)
	}
}

// checkTyped returns the first place in m whose types LLVM 14 would
// refuse.
func checkTyped(m *ir.Module) error {
	for _, g := range m.Globals {
		if g.Typ.Pointee != g.ValueType {
			return fmt.Errorf("@%s: type does not point to its value type", g.Name)
		}
		if g.Init != nil && g.Init.Type() != g.ValueType {
			return fmt.Errorf("@%s: initializer of another type", g.Name)
		}
		if g.Init != nil {
			if err := checkConst(g.Init); err != nil {
				return fmt.Errorf("@%s: %v", g.Name, err)
			}
		}
	}
	for _, a := range m.Aliases {
		if a.Aliasee.Type() != a.Typ {
			return fmt.Errorf("alias @%s: aliasee of another type", a.Name)
		}
	}
	for _, f := range m.Functions {
		if f.Typ.Pointee != f.Sig {
			return fmt.Errorf("@%s: type does not point to its function type", f.Name)
		}
		for i, a := range f.Params {
			if a.Typ != f.Sig.Params[i] {
				return fmt.Errorf("@%s: argument %d of another type than its parameter", f.Name, i)
			}
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if err := checkInstr(f, in); err != nil {
					return fmt.Errorf("@%s: %s: %v", f.Name, in.Op, err)
				}
			}
		}
	}
	return nil
}

// opaque reports whether t holds an opaque pointer.
func opaque(t *ir.Type, depth int) bool {
	if t == nil || depth > 8 {
		return false
	}
	if t.Kind == ir.PointerType {
		return t.Pointee == nil
	}
	if t.Kind == ir.StructType && t.Identified {
		depth = 7 // its fields once
	}
	for _, s := range t.Contained() {
		if opaque(s, depth+1) {
			return true
		}
	}
	return false
}

// checkConst checks the parts of constant c.
func checkConst(c ir.Constant) error {
	if opaque(c.Type(), 0) {
		return fmt.Errorf("constant %T of an opaque pointer type", c)
	}
	switch c := c.(type) {
	case *ir.ConstAggregate:
		for i, e := range c.Elems {
			want := c.Typ.Elem
			if c.Typ.Kind == ir.StructType {
				want = c.Typ.Fields[i]
			}
			if e.Type() != want {
				return fmt.Errorf("aggregate element %d of another type", i)
			}
			if err := checkConst(e); err != nil {
				return err
			}
		}
	case *ir.ConstExpr:
		if c.Op == ir.GetElementPtr && c.Operands[0].Type().Scalar().Pointee != c.SrcElem {
			return fmt.Errorf("constant getelementptr whose base does not point to its source element type")
		}
		for _, o := range c.Operands {
			if err := checkConst(o); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkInstr checks the types of instruction in of f.
func checkInstr(f *ir.Function, in *ir.Instruction) error {
	if opaque(in.Typ, 0) {
		return fmt.Errorf("of an opaque pointer type")
	}
	ops := in.Operands
	for _, o := range ops {
		if _, ok := o.(*ir.MetadataValue); !ok && opaque(o.Type(), 0) {
			return fmt.Errorf("operand of an opaque pointer type")
		}
	}
	pointsTo := func(p ir.Value, t *ir.Type) bool { return p.Type().Scalar().Pointee == t }
	switch in.Op {
	case ir.Load:
		if !pointsTo(ops[0], in.Typ) {
			return fmt.Errorf("pointer does not point to the type loaded")
		}
	case ir.Store:
		if !pointsTo(ops[1], ops[0].Type()) {
			return fmt.Errorf("pointer does not point to the type stored")
		}
	case ir.GetElementPtr:
		if !pointsTo(ops[0], in.ElemType) {
			return fmt.Errorf("base does not point to the source element type")
		}
	case ir.AtomicCmpXchg, ir.AtomicRMW:
		if !pointsTo(ops[0], ops[1].Type()) {
			return fmt.Errorf("pointer does not point to the value's type")
		}
	case ir.Call, ir.Invoke, ir.CallBr:
		if _, asm := in.Callee.(*ir.InlineAsm); !asm && !pointsTo(in.Callee, in.FuncType) {
			return fmt.Errorf("callee does not point to the call's function type")
		}
		for i, a := range ops {
			if i < len(in.FuncType.Params) && a.Type() != in.FuncType.Params[i] {
				return fmt.Errorf("argument %d of another type than its parameter", i)
			}
		}
	case ir.PHI:
		for i, o := range ops {
			if o.Type() != in.Typ {
				return fmt.Errorf("incoming value %d of another type", i)
			}
		}
	case ir.Select:
		if ops[1].Type() != in.Typ || ops[2].Type() != in.Typ {
			return fmt.Errorf("value of another type")
		}
	case ir.Ret:
		if len(ops) == 1 && ops[0].Type() != f.Sig.Ret {
			return fmt.Errorf("value of another type than the function returns")
		}
	case ir.ICmp:
		if ops[0].Type() != ops[1].Type() {
			return fmt.Errorf("operands of two types")
		}
	}
	return nil
}

// TestLowerWorked checks a module lowered by hand (testdata/typed.bc,
// from typed.c): what points to what, and where bitcasts go.
func TestLowerWorked(t *testing.T) {
	m, st, err, ok := lowered(t, "testdata/typed.bc")
	if !ok || err != nil {
		t.Fatalf("lowering: %v", err)
	}
	// @f: one bitcast to load the i32 through the i8* loaded from @gp;
	// @sum: its three field accesses each cast the i8* loaded from its
	// alloca to %struct.S*; @call: the i8* loaded from @fp cast to
	// void ()* to be called. The initializer of @gp is @g cast to i8*.
	if st.Casts != 5 || st.ConstCasts != 1 {
		t.Errorf("stats %+v, want 5 casts and 1 constant cast", st)
	}
	names := map[string]*ir.Function{}
	for _, f := range m.Functions {
		names[f.Name] = f
	}
	if names["llvm.memcpy.p0i8.p0i8.i64"] == nil {
		t.Errorf("no llvm.memcpy.p0i8.p0i8.i64 declaration")
	}
	for _, g := range m.Globals {
		switch g.Name {
		case "g":
			if g.Typ.Pointee.Kind != ir.IntegerType || g.Typ.Pointee.BitWidth != 32 {
				t.Errorf("@g is not an i32*")
			}
		case "gp":
			ce, ok := g.Init.(*ir.ConstExpr)
			if !ok || ce.Op != ir.BitCast || ce.Operands[0] != ir.Value(m.Globals[0]) || ce.Typ.Pointee.BitWidth != 8 {
				t.Errorf("@gp's initializer is not a bitcast of @g to i8*")
			}
		}
	}
	casts := 0
	for _, b := range names["sum"].Blocks {
		for _, in := range b.Instrs {
			if in.Op != ir.BitCast {
				continue
			}
			casts++
			if p := in.Typ.Pointee; p == nil || p.Name != "struct.S" {
				t.Errorf("@sum casts to %v, want %%struct.S*", in.Typ)
			}
		}
	}
	if casts != 3 {
		t.Errorf("@sum has %d bitcasts, want 3", casts)
	}
}

// TestIntrinsicOlderName checks the typed names of intrinsics whose
// signature is not LLVM 22's (olderName gave them their older one): each
// opaque pointer suffix takes the pointee of the pointer it stands for,
// as LLVM 14's names have them (a name that does not match its types is
// remangled by LLVM 13 and 14, the call made again without `tail`).
func TestIntrinsicOlderName(t *testing.T) {
	l := &lowerer{interned: map[string]*ir.Type{}, ptrs: map[ptrKey]*ir.Type{}}
	i1 := l.intern(&ir.Type{Kind: ir.IntegerType, BitWidth: 1})
	i32 := l.intern(&ir.Type{Kind: ir.IntegerType, BitWidth: 32})
	i64 := l.intern(&ir.Type{Kind: ir.IntegerType, BitWidth: 64})
	vec := func(n uint64, e *ir.Type) *ir.Type {
		return l.intern(&ir.Type{Kind: ir.FixedVectorType, Len: n, Elem: e})
	}
	fn := func(ret *ir.Type, params ...*ir.Type) *ir.Type {
		return l.intern(&ir.Type{Kind: ir.FunctionType, Ret: ret, Params: params})
	}
	p64 := l.ptrTo(i64, 0)
	tests := []struct {
		name string
		sig  *ir.Type
		want string
	}{
		// LLVM 19's masked.gather: <4 x i64*>, its alignment, mask, pass-through.
		{"llvm.masked.gather.v4i64.v4p0", fn(vec(4, i64), vec(4, p64), i32, vec(4, i1), vec(4, i64)),
			"llvm.masked.gather.v4i64.v4p0i64"},
		// masked.load of a <4 x i64> through a <4 x i64>*.
		{"llvm.masked.load.v4i64.p0", fn(vec(4, i64), l.ptrTo(vec(4, i64), 0), i32, vec(4, i1), vec(4, i64)),
			"llvm.masked.load.v4i64.p0v4i64"},
		// No pointer of the suffix's address space: i8.
		{"llvm.masked.load.v4i64.p1", fn(vec(4, i64), l.ptrTo(vec(4, i64), 0), i32, vec(4, i1), vec(4, i64)),
			"llvm.masked.load.v4i64.p1i8"},
	}
	for _, tt := range tests {
		if got, _ := l.intrinsic(tt.name, tt.sig); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
}

// TestBodiesReadAfterStart lowers every IR fixture whose reader upgrades
// no body (bitcode.Reader.UpgradesBodies) as bcwrite lowers a module
// for a typed reader: the module level first (Start), then each body
// read after it, and again once every body was dropped and read anew.
// Each time the casts made are those of Lower, which reads every body
// first, and LLVM 14's invariants hold (checkTyped).
func TestBodiesReadAfterStart(t *testing.T) {
	n := 0
	for _, path := range irfixtures.IR("../../testdata/ir") {
		_, want, err, ok := lowered(t, path)
		if !ok || err != nil {
			continue
		}
		m, r, ok := readModule(t, path)
		if !ok {
			t.Fatalf("%s: read once, not twice", path)
		}
		if r.UpgradesBodies() {
			continue
		}
		lw, err := Start(m)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		n++
		for round := range 2 {
			before := lw.Stats()
			for _, fn := range m.Functions {
				if !fn.HasBody {
					continue
				}
				if err := r.LoadBody(fn); err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				if err := lw.Body(fn); err != nil {
					t.Fatalf("%s: @%s: %v", path, fn.Name, err)
				}
			}
			st := lw.Stats()
			// The first round's constant casts are the module level's
			// and the bodies': all of Lower's.
			if casts := st.Casts - before.Casts; casts != want.Casts || round == 0 && st.ConstCasts != want.ConstCasts {
				t.Errorf("%s: round %d: %d casts, %d constant casts in all; Lower %+v", filepath.Base(path), round, casts, st.ConstCasts, want)
			}
			if err := checkTyped(m); err != nil {
				t.Errorf("%s: round %d: %v", filepath.Base(path), round, err)
			}
			for _, fn := range m.Functions {
				if fn.HasBody {
					r.ReleaseBody(fn)
				}
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d fixtures lowered", n)
	}
}

// lockCheck is a sync.Locker that checks a metadata node's constant is
// changed while it is held, and only then.
type lockCheck struct {
	t            *testing.T
	n            *ir.ValueAsMetadata
	before       ir.Value
	locks, held  int
	changedAfter bool
}

func (c *lockCheck) Lock() {
	c.locks++
	c.held++
	if c.n.Value != c.before {
		c.t.Error("the node's constant changed before the lock was taken")
	}
}

func (c *lockCheck) Unlock() {
	c.held--
	c.changedAfter = c.n.Value != c.before
}

// TestBodySharedChanges checks what Body does with what a body shares
// with the module level, which the reader of another body may read
// meanwhile: it changes the constant of a module-level metadata node it
// meets (ptr null, i8* null when typed) under Lowering.Shared, once, at
// its end; and it gives calls a lowered copy of their attribute list
// (byval({ ptr, i32 }), byval({ i8*, i32 }) when typed), one for both,
// the list read left as it was.
func TestBodySharedChanges(t *testing.T) {
	m, r, ok := readModule(t, "testdata/shared-md.bc")
	if !ok {
		t.Fatal("shared-md.bc does not read")
	}
	lw, err := Start(m)
	if err != nil {
		t.Fatal(err)
	}
	f := m.Functions[0]
	if err := r.LoadBody(f); err != nil {
		t.Fatal(err)
	}
	st := f.Blocks[0].Instrs[0]
	if len(st.Metadata) != 1 || st.Metadata[0].Kind != "shared" {
		t.Fatalf("the store's attachments are %v, want one !shared", st.Metadata)
	}
	n := st.Metadata[0].Node.(*ir.MDTuple).Ops[0].(*ir.ValueAsMetadata)
	read := f.Blocks[0].Instrs[1].Attrs
	c := &lockCheck{t: t, n: n, before: n.Value}
	lw.Shared = c
	if err := lw.Body(f); err != nil {
		t.Fatal(err)
	}
	if c.locks != 1 || c.held != 0 || !c.changedAfter {
		t.Errorf("%d locks (held %d), changed under the lock %t; want 1 lock, the constant changed under it", c.locks, c.held, c.changedAfter)
	}
	if got := n.Value.Type(); !isI8Ptr(got) {
		t.Errorf("the node's constant is of type %v, want i8*", got)
	}
	byval := func(l ir.AttrList) *ir.Type {
		for _, a := range l.Param(0) {
			if a.Kind == ir.AttrByVal {
				return a.Type
			}
		}
		t.Fatal("no byval")
		return nil
	}
	var calls []*ir.Instruction // (after the bitcasts of %p Body inserted)
	for _, in := range f.Blocks[0].Instrs {
		if in.Op == ir.Call {
			calls = append(calls, in)
		}
	}
	if len(calls) != 2 {
		t.Fatalf("%d calls, want 2", len(calls))
	}
	c1, c2 := calls[0], calls[1]
	if got := byval(c1.Attrs).Fields[0]; !isI8Ptr(got) {
		t.Errorf("the call's byval struct's field is of type %v, want i8*", got)
	}
	if &c1.Attrs.Params[0] != &c2.Attrs.Params[0] {
		t.Error("the two calls' attribute lists were copied apart")
	}
	if got := byval(read).Fields[0]; got.Kind != ir.PointerType || got.Pointee != nil {
		t.Errorf("the attribute list read was changed: the byval struct's field is of type %v, want ptr", got)
	}
}

// isI8Ptr reports whether t is the typed pointer i8*.
func isI8Ptr(t *ir.Type) bool {
	return t.Kind == ir.PointerType && t.Pointee != nil && t.Pointee.Kind == ir.IntegerType && t.Pointee.BitWidth == 8
}
