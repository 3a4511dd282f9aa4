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
