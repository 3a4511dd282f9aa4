package link

import "github.com/bcextract/bcextract/ir"

// A nodeTable numbers the metadata nodes (tuples, specialized nodes,
// locations) the context meets, so that what the linker keeps per node is
// an entry found by that number rather than a map: a node's number is its
// ID field (ir.MDTuple.ID), which a reader sets to a number of its own
// module; a node whose ID is not the table's is given one when first met
// (the entry names the node, so a reader's number that happens to be
// taken is told apart). The linked module is numbered anew at the end
// (Linker.Module). Entries are kept in chunks, which growing never
// copies.
type nodeTable struct {
	chunks [][]nodeEntry
	n      uint32 // entries made, the first (0) none
	// free are the numbers of the entries released (release), to be
	// given again.
	free []uint32
	// walk numbers the walks (nodeEntry.seen), mover the movers
	// (nodeEntry.done).
	walk, mover uint32
}

// A nodeEntry is what the linker keeps of one node: the node, its
// canonical node (mdUniquer), whether it is being made unique, the walk
// that last met it and the mover that last mapped it.
type nodeEntry struct {
	node, memo ir.Metadata
	seen, done uint32
	busy       bool
}

const nodeChunk = 1 << 12

func newNodeTable() *nodeTable {
	return &nodeTable{chunks: [][]nodeEntry{make([]nodeEntry, nodeChunk)}, n: 1}
}

// entry returns the entry of number id (which the table gave).
func (t *nodeTable) entry(id uint32) *nodeEntry {
	return &t.chunks[id/nodeChunk][id%nodeChunk]
}

// idField returns the ID field of node md, nil for other metadata.
func idField(md ir.Metadata) *uint32 {
	switch n := md.(type) {
	case *ir.MDTuple:
		if n != nil {
			return &n.ID
		}
	case *ir.SpecializedNode:
		if n != nil {
			return &n.ID
		}
	case *ir.DILocation:
		if n != nil {
			return &n.ID
		}
	}
	return nil
}

// num returns node md's number, giving it one when it has none; 0 for
// metadata that is not a node.
func (t *nodeTable) num(md ir.Metadata) uint32 {
	p := idField(md)
	if p == nil {
		return 0
	}
	if id := *p; id != 0 && id < t.n && t.entry(id).node == md {
		return id
	}
	if k := len(t.free); k > 0 {
		id := t.free[k-1]
		t.free = t.free[:k-1]
		t.entry(id).node = md
		*p = id
		return id
	}
	id := t.n
	if int(id/nodeChunk) == len(t.chunks) {
		t.chunks = append(t.chunks, make([]nodeEntry, nodeChunk))
	}
	t.n++
	t.entry(id).node = md
	*p = id
	return id
}

// startWalk begins a walk: visit reports each node once until the next.
func (t *nodeTable) startWalk() { t.walk++ }

// visit reports whether md is met for the first time in the current
// walk; metadata that is not a node is met every time.
func (t *nodeTable) visit(md ir.Metadata) bool {
	id := t.num(md)
	if id == 0 {
		return true
	}
	e := t.entry(id)
	if e.seen == t.walk {
		return false
	}
	e.seen = t.walk
	return true
}

// release forgets node md's entry, unless others stand for md (its
// canonical node is itself): the number is given to the next node met.
// A node released that is met again is given a new entry, its memo
// forgotten.
func (t *nodeTable) release(md ir.Metadata) {
	p := idField(md)
	if p == nil {
		return
	}
	id := *p
	if id == 0 || id >= t.n {
		return
	}
	e := t.entry(id)
	if e.node != md || e.memo == md || e.busy {
		return
	}
	*e = nodeEntry{}
	t.free = append(t.free, id)
}
