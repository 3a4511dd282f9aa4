package link

import "github.com/bcextract/bcextract/ir"

// A nodeTable numbers the metadata nodes (tuples, specialized nodes,
// locations) the context meets, so that what the linker keeps per node is
// a slice indexed by that number rather than a map: a node's number is
// its ID field (ir.MDTuple.ID), which a reader sets to a number of its
// own module; a node whose ID is not the table's is given one when first
// met (the table's entry names the node, so a reader's number that
// happens to be taken is told apart). The linked module is numbered anew
// at the end (Linker.Module).
type nodeTable struct {
	nodes []ir.Metadata // by number; 0 is none
	// memo is each node's canonical node (mdUniquer), busy whether it
	// is being made unique.
	memo []ir.Metadata
	busy []bool
	// seen is, per node, the walk that last met it (walk numbers the
	// walks); done the mover that last mapped it (mover numbers them).
	seen        []uint32
	done        []uint32
	walk, mover uint32
}

func newNodeTable() *nodeTable {
	return &nodeTable{nodes: []ir.Metadata{nil}, memo: []ir.Metadata{nil}, busy: []bool{false},
		seen: []uint32{0}, done: []uint32{0}}
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
	if id := *p; id != 0 && int(id) < len(t.nodes) && t.nodes[id] == md {
		return id
	}
	id := uint32(len(t.nodes))
	t.nodes = append(t.nodes, md)
	t.memo = append(t.memo, nil)
	t.busy = append(t.busy, false)
	t.seen = append(t.seen, 0)
	t.done = append(t.done, 0)
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
	if t.seen[id] == t.walk {
		return false
	}
	t.seen[id] = t.walk
	return true
}
