package bitcode

import (
	"errors"
	"os"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

func loadFixture(t *testing.T, name string) (*ir.Module, *Reader) {
	t.Helper()
	data, err := os.ReadFile("../../testdata/ir/" + name)
	if err != nil {
		t.Skip(err)
	}
	ms, rs, err := loadAll(data)
	if err != nil {
		t.Fatal(err)
	}
	return ms[0], rs[0]
}

func global(m *ir.Module, name string) *ir.GlobalVar {
	for _, g := range m.Globals {
		if g.Name == name {
			return g
		}
	}
	return nil
}

func instr(f *ir.Function, name string) *ir.Instruction {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Name == name {
				return in
			}
		}
	}
	return nil
}

// TestConstants checks initializers against constants.dis (llvm-dis-22).
func TestConstants(t *testing.T) {
	m, _ := loadFixture(t, "constants.bc")
	tests := []struct {
		name  string
		check func(c ir.Constant) bool
	}{
		{"i.zero", func(c ir.Constant) bool { x, ok := c.(*ir.ConstInt); return ok && x.V == 0 }},
		{"i.neg", func(c ir.Constant) bool { x, ok := c.(*ir.ConstInt); return ok && x.V == -1<<63 }},
		{"i.max", func(c ir.Constant) bool { x, ok := c.(*ir.ConstInt); return ok && x.V == 1<<63-1 }},
		{"i.true", func(c ir.Constant) bool { x, ok := c.(*ir.ConstInt); return ok && x.V == -1 }},
		{"i.wide.neg", func(c ir.Constant) bool {
			x, ok := c.(*ir.ConstInt)
			return ok && x.Big != nil && x.Big.String() == "-170141183460469231731687303715884105728"
		}},
		{"i.wide.pos", func(c ir.Constant) bool { x, ok := c.(*ir.ConstInt); return ok && x.Big != nil && x.Big.Int64() == -1 }},
		{"null", func(c ir.Constant) bool { _, ok := c.(*ir.ConstNull); return ok }},
		{"zero.struct", func(c ir.Constant) bool { _, ok := c.(*ir.ConstNull); return ok }},
		{"zero.arr", func(c ir.Constant) bool { _, ok := c.(*ir.ConstNull); return ok }},
		{"undef.s", func(c ir.Constant) bool { _, ok := c.(*ir.Undef); return ok }},
		{"poison.v", func(c ir.Constant) bool { _, ok := c.(*ir.Poison); return ok }},
		{"mixed.undef", func(c ir.Constant) bool {
			x, ok := c.(*ir.ConstAggregate)
			if !ok || len(x.Elems) != 2 {
				return false
			}
			_, u := x.Elems[0].(*ir.Undef)
			_, p := x.Elems[1].(*ir.Poison)
			return u && p
		}},
		{"vec.undef.elts", func(c ir.Constant) bool { x, ok := c.(*ir.ConstAggregate); return ok && len(x.Elems) == 4 }},
		{"str", func(c ir.Constant) bool {
			x, ok := c.(*ir.ConstData)
			return ok && len(x.Elems) == 13 && x.Elems[0] == 'H' && x.Elems[12] == 0
		}},
	}
	for _, tt := range tests {
		g := global(m, tt.name)
		if g == nil || g.Init == nil {
			t.Errorf("@%s: missing", tt.name)
			continue
		}
		if !tt.check(g.Init) {
			t.Errorf("@%s: unexpected initializer %#v", tt.name, g.Init)
		}
	}
	if len(m.Types) != 2 || m.Types[0].Name != "struct.T" || !m.Types[1].Packed || len(m.Types[0].Fields) != 4 {
		t.Errorf("identified types: %+v", m.Types)
	}
}

// TestFlags checks instruction flags against instr-arith.dis.
func TestFlags(t *testing.T) {
	m, _ := loadFixture(t, "instr-arith.bc")
	var f *ir.Function
	for _, fn := range m.Functions {
		if fn.HasBody && instr(fn, "add.nuw") != nil {
			f = fn
		}
	}
	if f == nil {
		t.Fatal("no function with %add.nuw")
	}
	tests := []struct {
		name  string
		op    ir.Opcode
		flags ir.Flags
	}{
		{"add.nuw", ir.Add, ir.NUW},
		{"add.both", ir.Add, ir.NUW | ir.NSW},
		{"sub.nuw", ir.Sub, ir.NUW},
		{"mul.both", ir.Mul, ir.NUW | ir.NSW},
		{"shl.nuw", ir.Shl, ir.NUW},
		{"udiv.exact", ir.UDiv, ir.Exact},
		{"ashr.exact", ir.AShr, ir.Exact},
	}
	for _, tt := range tests {
		in := instr(f, tt.name)
		if in == nil {
			t.Errorf("%%%s: missing", tt.name)
			continue
		}
		if in.Op != tt.op || in.Flags != tt.flags {
			t.Errorf("%%%s: %v flags %b, want %v %b", tt.name, in.Op, in.Flags, tt.op, tt.flags)
		}
	}
}

// TestErrors checks that malformed inputs give errors, not panics.
func TestErrors(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ir/switch-O2.bc")
	if err != nil {
		t.Skip(err)
	}
	if _, err := Open([]byte("not bitcode")); !errors.Is(err, ErrNotBitcode) {
		t.Errorf("Open(text) = %v, want ErrNotBitcode", err)
	}
	// Every truncation is an error or a shorter module, never a panic.
	for n := 0; n < len(data); n += 7 {
		f, err := Open(data[:n])
		if err != nil {
			var e *Error
			if !errors.Is(err, ErrNotBitcode) && !errors.As(err, &e) {
				t.Fatalf("Open(%d bytes): error %T %v", n, err, err)
			}
			continue
		}
		for _, r := range f.Modules {
			m, err := r.Module()
			if err != nil {
				continue
			}
			for _, fn := range m.Functions {
				_ = r.LoadBody(fn)
			}
		}
	}
}
