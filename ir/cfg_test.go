package ir

import "testing"

// TestReachable: the blocks of a diamond with an unwind edge reached
// from its entry, all edges taken, and without the edge to one side.
//
//	entry -> l, r; l -> join; r -> join, unwind pad; join, pad: ret
func TestReachable(t *testing.T) {
	entry, l, r, join, pad := &Block{Name: "entry"}, &Block{Name: "l"}, &Block{Name: "r"}, &Block{Name: "join"}, &Block{Name: "pad"}
	entry.Instrs = []*Instruction{{Op: Br, Succs: []*Block{l, r}}}
	l.Instrs = []*Instruction{{Op: Br, Succs: []*Block{join}}}
	r.Instrs = []*Instruction{{Op: Invoke, Succs: []*Block{join}, Unwind: pad}}
	join.Instrs = []*Instruction{{Op: Ret}}
	pad.Instrs = []*Instruction{{Op: Ret}}
	all := func(*Block, int, *Block) bool { return true }
	noRight := func(b *Block, i int, _ *Block) bool { return b != entry || i != 1 }
	noUnwind := func(b *Block, i int, _ *Block) bool { return b != r || i != 1 }
	for _, tt := range []struct {
		name   string
		from   []*Block
		follow func(*Block, int, *Block) bool
		want   []*Block
	}{
		{"all", []*Block{entry}, all, []*Block{entry, l, r, join, pad}},
		{"not to r", []*Block{entry}, noRight, []*Block{entry, l, join}},
		{"not unwinding", []*Block{entry}, noUnwind, []*Block{entry, l, r, join}},
		{"from r and l", []*Block{r, l, r}, all, []*Block{l, r, join, pad}},
	} {
		got := Reachable(tt.from, tt.follow)
		if len(got) != len(tt.want) {
			t.Errorf("%s: %d blocks, want %d", tt.name, len(got), len(tt.want))
		}
		for _, b := range tt.want {
			if !got[b] {
				t.Errorf("%s: %s not reached", tt.name, b.Name)
			}
		}
	}
}

// TestCallBrUsedPastIndirect: where a callbr's result may be used for LLVM
// 13 to 16 (dominated by the edge to its default destination) and where
// not. The function:
//
//	entry: %r = callbr ... to label %def [label %ind]
//	def:   br label %join
//	ind:   br label %join
//	join:  ...
func TestCallBrUsedPastIndirect(t *testing.T) {
	i32 := &Type{Kind: IntegerType, BitWidth: 32}
	void := &Type{Kind: VoidType}
	for _, tt := range []struct {
		name string
		use  func(cb *Instruction, entry, def, ind, join *Block)
		want bool
	}{
		{"in the default destination", func(cb *Instruction, _, def, _, _ *Block) {
			def.Instrs = append([]*Instruction{{Op: Add, Typ: i32, Operands: []Value{cb, cb}}}, def.Instrs...)
		}, false},
		{"in the indirect destination", func(cb *Instruction, _, _, ind, _ *Block) {
			ind.Instrs = append([]*Instruction{{Op: Add, Typ: i32, Operands: []Value{cb, cb}}}, ind.Instrs...)
		}, true},
		{"past both", func(cb *Instruction, _, _, _, join *Block) {
			join.Instrs = append([]*Instruction{{Op: Add, Typ: i32, Operands: []Value{cb, cb}}}, join.Instrs...)
		}, true},
		{"a phi from the default destination", func(cb *Instruction, _, def, ind, join *Block) {
			phi := &Instruction{Op: PHI, Typ: i32, Operands: []Value{cb, &ConstInt{Typ: i32}}, Incoming: []*Block{def, ind}}
			join.Instrs = append([]*Instruction{phi}, join.Instrs...)
		}, false},
		{"a phi from the indirect destination", func(cb *Instruction, _, def, ind, join *Block) {
			phi := &Instruction{Op: PHI, Typ: i32, Operands: []Value{&ConstInt{Typ: i32}, cb}, Incoming: []*Block{def, ind}}
			join.Instrs = append([]*Instruction{phi}, join.Instrs...)
		}, true},
		{"a phi of the indirect destination from the callbr's block", func(cb *Instruction, entry, _, ind, _ *Block) {
			phi := &Instruction{Op: PHI, Typ: i32, Operands: []Value{cb}, Incoming: []*Block{entry}}
			ind.Instrs = append([]*Instruction{phi}, ind.Instrs...)
		}, true},
		{"a phi of the default destination from the callbr's block", func(cb *Instruction, entry, def, _, _ *Block) {
			phi := &Instruction{Op: PHI, Typ: i32, Operands: []Value{cb}, Incoming: []*Block{entry}}
			def.Instrs = append([]*Instruction{phi}, def.Instrs...)
		}, false},
	} {
		entry, def, ind, join := &Block{Name: "entry"}, &Block{Name: "def"}, &Block{Name: "ind"}, &Block{Name: "join"}
		cb := &Instruction{Op: CallBr, Typ: i32, Succs: []*Block{def, ind}}
		entry.Instrs = []*Instruction{cb}
		def.Instrs = []*Instruction{{Op: Br, Typ: void, Succs: []*Block{join}}}
		ind.Instrs = []*Instruction{{Op: Br, Typ: void, Succs: []*Block{join}}}
		join.Instrs = []*Instruction{{Op: Ret, Typ: void}}
		tt.use(cb, entry, def, ind, join)
		f := &Function{HasBody: true, Blocks: []*Block{entry, def, ind, join}}
		if got := CallBrUsedPastIndirect(f, entry, cb); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}
