package ir

import "slices"

// Reachable returns the blocks reached from the blocks from (themselves
// included) along the edges of their terminators that follow takes: the
// edge from block b to block to, the i-th of b's terminator (its Succs in
// order, then the block it unwinds to, at len(Succs)). A block without
// instructions goes nowhere.
func Reachable(from []*Block, follow func(b *Block, i int, to *Block) bool) map[*Block]bool {
	seen := make(map[*Block]bool, len(from))
	work := make([]*Block, 0, len(from))
	for _, b := range from {
		if !seen[b] {
			seen[b] = true
			work = append(work, b)
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if len(b.Instrs) == 0 {
			continue
		}
		t := b.Instrs[len(b.Instrs)-1]
		visit := func(i int, to *Block) {
			if to != nil && !seen[to] && follow(b, i, to) {
				seen[to] = true
				work = append(work, to)
			}
		}
		for i, s := range t.Succs {
			visit(i, s)
		}
		visit(len(t.Succs), t.Unwind)
	}
	return seen
}

// CallBrUsedPastIndirect reports whether the result of cb, the callbr
// ending block a of f, is used where the edge to its default destination does
// not dominate the use: where a path from the entry reaches without that
// edge (an indirect destination, a block past one). A phi's use is at
// the end of its incoming block, and one in the default destination
// coming from a is dominated when a goes there by the default edge only.
// The verifiers of LLVM 13 to 16 refuse such a use ("Instruction does not
// dominate all uses!"): before LLVM 17 the result is defined on the
// default edge only. A use in a block the entry does not reach is
// dominated (as LLVM's dominator tree has it).
func CallBrUsedPastIndirect(f *Function, a *Block, cb *Instruction) bool {
	used := false
	CallBrUsesPastIndirect(f, a, cb, func(*Instruction, int) bool {
		used = true
		return false
	})
	return used
}

// CallBrUsesPastIndirect calls yield for each use of the result of cb,
// the callbr ending block a of f, that CallBrUsedPastIndirect finds: the
// instruction, and for a phi the index of the incoming value (-1 for
// another instruction, all of whose uses of cb are such), until yield
// returns false.
func CallBrUsesPastIndirect(f *Function, a *Block, cb *Instruction, yield func(in *Instruction, incoming int) bool) {
	if len(cb.Succs) == 0 || cb.Typ == nil || cb.Typ.Kind == VoidType || len(f.Blocks) == 0 {
		return
	}
	def := cb.Succs[0]
	var reached map[*Block]bool // from the entry without the default edge
	reach := func(b *Block) bool {
		if reached == nil {
			// The edge of a's terminator to def, its first
			// successor, not taken (another of a to def is).
			reached = Reachable(f.Blocks[:1], func(b *Block, i int, to *Block) bool { return b != a || i != 0 })
		}
		return reached[b]
	}
	var buf []Value
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == PHI {
				for k, v := range in.Operands {
					if v != Value(cb) || k >= len(in.Incoming) {
						continue
					}
					p := in.Incoming[k]
					past := reach(p)
					if p == a {
						past = b != def || slices.Contains(cb.Succs[1:], def)
					}
					if past && !yield(in, k) {
						return
					}
				}
				continue
			}
			if slices.Contains(in.LLVMOperands(&buf), Value(cb)) && reach(b) && !yield(in, -1) {
				return
			}
		}
	}
}
