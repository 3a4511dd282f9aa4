package ir

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
