package bitcode

import "github.com/bcextract/bcextract/ir"

// A loopStripper rewrites the loop IDs of one function's body without
// their debug locations, as LLVM 22 does when it strips a module's debug
// info (stripDebugLocFromLoopID, once per loop ID and function):
//   - a loop ID none of whose operands (after the first, itself) reaches
//     a DILocation stays as it is;
//   - one whose operands are all locations, or tuples of nothing but
//     locations (deeply), goes: its !llvm.loop attachment is dropped;
//   - any other becomes a new distinct loop ID, itself first, then its
//     operands: null ones kept, locations and tuples of nothing but
//     locations dropped, tuples that reach a location rebuilt without
//     them (a distinct one as a new distinct tuple, a uniqued one as the
//     uniqued tuple of what is left, which may be a node the module
//     has), the others kept.
//
// A node other than a tuple that reaches a location on the way (LLVM
// would rebuild it as a tuple) and a uniqued tuple that refers to itself
// are reported: no producer writes them.
type loopStripper struct {
	r    *Reader
	f    *ir.Function
	done map[*ir.MDTuple]*ir.MDTuple // loop ID -> its rewrite, nil when dropped
	// The sets of one loop ID's walks: nodes visited, nodes that reach a
	// location, and nodes made of nothing but locations; onStack are the
	// nodes strip is rebuilding.
	visited, reach, allLoc, onStack map[ir.MDNode]bool
}

// loopID returns the rewrite of loop ID n, nil when the attachment goes.
func (s *loopStripper) loopID(n ir.MDNode) ir.MDNode {
	t, ok := n.(*ir.MDTuple)
	if !ok || t == nil || len(t.Ops) == 0 {
		return n
	}
	if s.done == nil {
		s.done = map[*ir.MDTuple]*ir.MDTuple{}
		s.visited, s.reach, s.allLoc = map[ir.MDNode]bool{}, map[ir.MDNode]bool{}, map[ir.MDNode]bool{}
		s.onStack = map[ir.MDNode]bool{}
	}
	if nt, ok := s.done[t]; ok {
		if nt == nil {
			return nil
		}
		return nt
	}
	nt := s.rewrite(t)
	s.done[t] = nt
	if nt == nil {
		return nil
	}
	return nt
}

// rewrite is loopID's work for a loop ID met first.
func (s *loopStripper) rewrite(t *ir.MDTuple) *ir.MDTuple {
	clear(s.visited)
	clear(s.reach)
	clear(s.allLoc)
	s.visited[t] = true
	reaches := false
	for _, op := range t.Ops[1:] {
		// Every operand is walked: the walk fills s.reach.
		reaches = s.reaches(op) || reaches
	}
	if !reaches {
		return t
	}
	clear(s.visited)
	all := true
	for _, op := range t.Ops[1:] {
		if !s.onlyLocations(op) {
			all = false
			break
		}
	}
	if all {
		return nil
	}
	nt := &ir.MDTuple{Ops: make([]ir.Metadata, 1, len(t.Ops)), Distinct: true, ID: s.r.nodeID()}
	nt.Ops[0] = nt
	for _, op := range t.Ops[1:] {
		if ir.IsNilMetadata(op) {
			nt.Ops = append(nt.Ops, nil)
		} else if m := s.strip(op); m != nil {
			nt.Ops = append(nt.Ops, m)
		}
	}
	return nt
}

// reaches reports whether m is a DILocation or a node from which one is
// reached, walking every operand (isDILocationReachable).
func (s *loopStripper) reaches(m ir.Metadata) bool {
	n, ok := m.(ir.MDNode)
	if !ok || ir.IsNilMetadata(m) {
		return false
	}
	if _, ok := n.(*ir.DILocation); ok || s.reach[n] {
		return true
	}
	if s.visited[n] {
		return false
	}
	s.visited[n] = true
	eachNodeOperand(n, func(op ir.Metadata) {
		if s.reaches(op) {
			s.reach[n] = true
		}
	})
	return s.reach[n]
}

// onlyLocations reports whether m is a DILocation or a node that reaches
// one and whose operands (but a reference to itself) all are such nodes
// (isAllDILocation).
func (s *loopStripper) onlyLocations(m ir.Metadata) bool {
	n, ok := m.(ir.MDNode)
	if !ok || ir.IsNilMetadata(m) {
		return false
	}
	if _, ok := n.(*ir.DILocation); ok || s.allLoc[n] {
		return true
	}
	if !s.reach[n] || s.visited[n] {
		return false
	}
	s.visited[n] = true
	all := true
	eachNodeOperand(n, func(op ir.Metadata) {
		if all && op != m && !s.onlyLocations(op) {
			all = false
		}
	})
	if all {
		s.allLoc[n] = true
	}
	return all
}

// strip returns m without the locations it reaches, nil when nothing is
// left of it (stripLoopMDLoc).
func (s *loopStripper) strip(m ir.Metadata) ir.Metadata {
	n, ok := m.(ir.MDNode)
	if !ok || ir.IsNilMetadata(m) {
		return m
	}
	if _, ok := n.(*ir.DILocation); ok || s.allLoc[n] {
		return nil
	}
	if !s.reach[n] {
		return m
	}
	t, ok := n.(*ir.MDTuple)
	if !ok {
		s.r.skip("llvm-dis-22 rebuilds as a tuple a debug-info node of a loop ID of @%s that reaches a location; not done", s.f.Name)
		return m
	}
	if s.onStack[n] || len(s.onStack) >= maxUniqueDepth {
		// A cycle of tuples (not through a tuple's first operand),
		// which LLVM's stripLoopMDLoc never ends on, or one too deep.
		s.r.skip("a loop ID of @%s holds a cycle of tuples that reach a location, which LLVM's strip of its locations does not end on; not done", s.f.Name)
		return m
	}
	s.onStack[n] = true
	defer delete(s.onStack, n)
	ops := make([]ir.Metadata, 0, len(t.Ops))
	self := false
	for i, op := range t.Ops {
		switch {
		case ir.IsNilMetadata(op):
			ops = append(ops, nil)
		case op == m:
			if i != 0 || !t.Distinct {
				s.r.skip("llvm-dis-22 rebuilds a self-referencing tuple of a loop ID of @%s; not done", s.f.Name)
				return m
			}
			self = true
			ops = append(ops, nil)
		default:
			if k := s.strip(op); k != nil {
				ops = append(ops, k)
			}
		}
	}
	if len(ops) == 0 || self && len(ops) == 1 {
		return nil
	}
	if !t.Distinct {
		return s.r.md.tuple(s.r, ops)
	}
	nt := &ir.MDTuple{Ops: ops, Distinct: true, ID: s.r.nodeID()}
	if self {
		nt.Ops[0] = nt
	}
	return nt
}

// eachNodeOperand calls fn with each metadata operand of node n: a tuple's
// operands, a location's scope and inlinedAt, a specialized node's
// references (Refs, or its fields that hold metadata).
func eachNodeOperand(n ir.MDNode, fn func(ir.Metadata)) {
	switch n := n.(type) {
	case *ir.MDTuple:
		for _, op := range n.Ops {
			fn(op)
		}
	case *ir.DILocation:
		fn(n.Scope)
		fn(n.InlinedAt)
	case *ir.SpecializedNode:
		if n.Refs != nil {
			for _, op := range n.Refs {
				fn(op)
			}
			return
		}
		for i := range n.Fields {
			switch f := &n.Fields[i]; f.Kind {
			case ir.FieldMD, ir.FieldMDList, ir.FieldConstInt, ir.FieldSize:
				fn(f.MD)
			}
		}
	}
}
