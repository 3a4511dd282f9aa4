package bcwrite

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// This file numbers and writes metadata as LLVM 22's ValueEnumerator
// (EnumerateMetadata, organizeMetadata) and writer
// (writeModuleMetadata, writeFunctionMetadata, the attachment records)
// do: strings, constants, tuples and debug-info nodes (di.go writes the
// latter's records).

// An mdEntry is the numbering of one metadata: the function it belongs
// to (the function's value number plus one; 0 for the module) and its
// number, from 1 in the order met until organize, then its place.
type mdEntry struct {
	f, id uint32
	md    ir.Metadata
	// key and order are mdKey(md) and mdTypeOrder(md) when met: a
	// reader may recycle a released body's nodes, so md is not looked
	// into again once its function's body is gone.
	key   any
	order uint8
	// nid is the node's reader number, 0 for other metadata (kept by
	// key); final is the number organize gives it.
	nid   uint32
	final uint32
	// dead says the entry was dropped (a string's: see entry).
	dead bool
}

// A nodeKey identifies a node: its pointer and the number its reader gave
// it, which a recycled node does not keep.
type nodeKey struct {
	p  ir.Metadata
	id uint32
}

// mdState is the metadata half of the enumerator.
type mdState struct {
	entries []*mdEntry // in the order met (LLVM's MDs)
	// seq numbers the entries in the order met (the last one's id).
	seq   uint32
	nodes paged[*mdEntry] // nodes with a reader number, by it
	// retired are the numbers (ids) of the nodes a function alone used
	// when its body was first numbered, by reader number, 0 for none:
	// their entries are gone (retireFunction), and one is made anew,
	// with its number, when another function or the module uses the
	// node (unretire); promoted are those, out of entries' order.
	retired  paged[uint32]
	promoted []*mdEntry
	strs     map[string]*mdEntry
	strPtrs  map[*ir.MDString]*mdEntry // the string objects met, see entry
	byKey    map[any]*mdEntry          // the others, by mdKey
	// After organize: the module's metadata, strings first, and each
	// function's, numbered on from the module's.
	module     []ir.Metadata
	moduleStrs int
	fn         map[uint32][]*mdEntry
	fnStrs     map[uint32]int
	fnNodes    map[uint32]bool // the functions with nodes of their own
	// reloaded says the bodies are loaded again to be written, their
	// nodes maybe made anew (refreshFunctionMD); else they stay in
	// memory as numbered. Then the first pass keeps no entry for a node
	// only one function uses (retireFunction).
	reloaded   bool
	localFinal map[any]uint32 // the locals' numbers, by localKey
	// locals are the function-local metadata of the body being written,
	// numbered after its other metadata: values (*ir.ValueAsMetadata),
	// then argument lists (*ir.DIArgList).
	locals []ir.Metadata
	// odr are the composite types by identifier (see odrType); err is
	// what the numbering met that the writer cannot write.
	odr map[string]*ir.SpecializedNode
	err error
	// lastLoc is what enumLocMD numbered last.
	lastLoc locCache
	// slab is the chunk newEntry takes entries from, after those of
	// free, the entries of nodes dropped (dropEntry).
	slab []mdEntry
	free []*mdEntry
	// work, delayed and ops are enumMD's stacks, kept from call to
	// call.
	work    []mdFrame
	delayed []ir.Metadata
	ops     []ir.Metadata
	// refresh and opBuf are refreshFunctionMD's, kept from call to call.
	refresh []refreshItem
	opBuf   []ir.Value
}

// A refreshItem is an entry of a function's own metadata and its place
// among those of its kind (refreshFunctionMD).
type refreshItem struct {
	ent *mdEntry
	seq int
}

// entry returns md's entry, nil when md is not numbered.
func (e *enumerator) entry(md ir.Metadata) *mdEntry {
	s := &e.md
	if id := nodeID(md); id != 0 {
		return s.nodes.get(id)
	}
	if str, ok := md.(*ir.MDString); ok {
		// Strings are known by their text; the entry of a module-level
		// string is kept by the string object's pointer too, which
		// saves hashing long names again (the map keeps the object
		// alive: its address is no other string's).
		if ent, ok := s.strPtrs[str]; ok && !ent.dead {
			return ent
		}
		ent := s.strs[str.Value]
		if ent != nil && ent.f == 0 {
			if s.strPtrs == nil {
				s.strPtrs = map[*ir.MDString]*mdEntry{}
			}
			s.strPtrs[str] = ent
		}
		return ent
	}
	return s.byKey[e.mdKey(md)]
}

// newEntry makes and keeps md's entry for function f.
func (e *enumerator) newEntry(f uint32, md ir.Metadata) *mdEntry {
	s := &e.md
	var ent *mdEntry
	if n := len(s.free); n > 0 {
		ent = s.free[n-1]
		s.free = s.free[:n-1]
		*ent = mdEntry{f: f, md: md, order: mdTypeOrder(md)}
	} else {
		if len(s.slab) == cap(s.slab) {
			// Entries are made by the hundred thousand: a chunk at a
			// time.
			s.slab = make([]mdEntry, 0, 1024)
		}
		s.slab = append(s.slab, mdEntry{f: f, md: md, order: mdTypeOrder(md)})
		ent = &s.slab[len(s.slab)-1]
	}
	if id := nodeID(md); id != 0 {
		ent.nid = id
		s.nodes.set(id, ent)
		return ent
	}
	if str, ok := md.(*ir.MDString); ok {
		if s.strs == nil {
			s.strs = map[string]*mdEntry{}
		}
		ent.key = str.Value
		s.strs[str.Value] = ent
		return ent
	}
	ent.key = e.mdKey(md)
	s.byKey[ent.key] = ent
	return ent
}

// dropEntry forgets ent.
func (e *enumerator) dropEntry(ent *mdEntry) {
	if ent.nid != 0 {
		// Nothing else holds a node's entry: the next one made may be it.
		e.md.nodes.set(ent.nid, nil)
		*ent = mdEntry{}
		e.md.free = append(e.md.free, ent)
		return
	}
	if ent.order == 0 {
		delete(e.md.strs, ent.key.(string))
		if str, ok := ent.md.(*ir.MDString); ok {
			delete(e.md.strPtrs, str)
		}
		ent.dead = true
		return
	}
	delete(e.md.byKey, ent.key)
}

// mdKey returns what identifies metadata md: strings by their text,
// constants by the constant, nodes by identity.
func (e *enumerator) mdKey(md ir.Metadata) any {
	switch m := md.(type) {
	case *ir.MDString:
		return "!s:" + m.Value
	case *ir.ValueAsMetadata:
		return [2]any{"!v", e.valueKey(m.Value)}
	}
	if isNode(md) {
		return nodeKey{md, nodeID(md)}
	}
	return md
}

// mdOperands returns a node's operands in LLVM's order.
func mdOperands(md ir.Metadata) []ir.Metadata {
	switch m := md.(type) {
	case *ir.MDTuple:
		return m.Ops
	case *ir.SpecializedNode:
		return appendDIOperands(nil, m)
	case *ir.DILocation:
		return []ir.Metadata{m.Scope, m.InlinedAt}
	}
	return nil
}

// appendMDOperands appends a node's operands in LLVM's order to dst.
func appendMDOperands(dst []ir.Metadata, md ir.Metadata) []ir.Metadata {
	switch m := md.(type) {
	case *ir.MDTuple:
		return append(dst, m.Ops...)
	case *ir.SpecializedNode:
		return appendDIOperands(dst, m)
	case *ir.DILocation:
		return append(dst, m.Scope, m.InlinedAt)
	}
	return dst
}

func isNode(md ir.Metadata) bool {
	switch md.(type) {
	case *ir.MDTuple, *ir.SpecializedNode, *ir.DILocation:
		return true
	}
	return false
}

func isDistinct(md ir.Metadata) bool {
	if n, ok := md.(*ir.SpecializedNode); ok {
		return n.Distinct || odrType(n)
	}
	n, ok := md.(ir.MDNode)
	return ok && n.IsDistinct()
}

// odrType reports whether n is a composite type with an identifier: opt
// reads the bitcode into a context that uniques debug types by their ODR
// identifier (DICompositeType::buildODRType), which makes the first such
// type of each identifier distinct.
func odrType(n *ir.SpecializedNode) bool {
	return n.Kind == "DICompositeType" && mdField(n, fIdentifier) != nil
}

// An mdSeen is the metadata a check has walked, by seenKey: a module's
// debug info is reached from every instruction's location, and is walked
// once.
// The last node checked is kept apart: consecutive instructions mostly
// have locations in one scope.
type mdSeen struct {
	// fn is the function whose body is checked, nil at the module level.
	fn *ir.Function
	// badIntrinsics are the declarations of intrinsics of a type they do
	// not take (mistypedIntrinsics), which no call may call.
	badIntrinsics map[*ir.Function]bool
	nodes         paged[bool] // nodes with a reader number, by it
	m             map[any]bool
	last          nodeKey
	// The operands of the instruction location checked last.
	lastScope, lastInlinedAt nodeKey
	ops                      []ir.Metadata // checkMD's stack of operands
}

// nodeID returns the number a reader gave node md, 0 for other metadata.
func nodeID(md ir.Metadata) uint32 {
	switch m := md.(type) {
	case *ir.MDTuple:
		return m.ID
	case *ir.SpecializedNode:
		return m.ID
	case *ir.DILocation:
		return m.ID
	}
	return 0
}

// seenKey is what identifies md for an mdSeen: a node by pointer and
// reader number, as a recycled node is another.
func seenKey(md ir.Metadata) any {
	if isNode(md) {
		return nodeKey{md, nodeID(md)}
	}
	return md
}

// checkMD returns what in md this writer cannot write yet.
func checkMD(md ir.Metadata, seen *mdSeen) error {
	switch md.(type) {
	case nil, *ir.MDString:
		return nil // a string is always written
	}
	id := nodeID(md)
	if seen.last.p == md && seen.last.id == id {
		return nil
	}
	if id != 0 {
		if seen.nodes.get(id) {
			return nil
		}
		seen.nodes.set(id, true)
	} else {
		k := seenKey(md)
		if seen.m[k] {
			return nil
		}
		seen.m[k] = true
	}
	if isNode(md) {
		seen.last = nodeKey{md, id}
	}
	switch m := md.(type) {
	case *ir.ValueAsMetadata:
		if c, ok := m.Value.(ir.Constant); ok {
			return checkConstIn(c, seen.fn)
		}
		return &UnsupportedError{What: "metadata of function-local values"}
	case *ir.SpecializedNode:
		if err := checkDI(m); err != nil {
			return err
		}
	case *ir.MDTuple, *ir.DILocation:
	default:
		return &UnsupportedError{What: fmt.Sprintf("metadata of kind %T", md)}
	}
	// The operands go on seen.ops, a stack the nested calls share.
	start := len(seen.ops)
	seen.ops = appendMDOperands(seen.ops, md)
	end := len(seen.ops)
	var err error
	for i := start; i < end && err == nil; i++ {
		err = checkMD(seen.ops[i], seen)
	}
	clear(seen.ops[start:end])
	seen.ops = seen.ops[:start]
	return err
}

// enumMD numbers md and what it refers to for function f (0 for the
// module), in post-order, a distinct node met from a uniqued one delayed
// until that uniqued subgraph is done (EnumerateMetadata).
func (e *enumerator) enumMD(f uint32, md ir.Metadata) {
	n := e.enumMDImpl(f, md)
	if n == nil {
		return
	}
	// The stacks are kept for the next call; the operands of the nodes
	// on work are on ops, each frame's after those of the one below.
	work, delayed, ops := e.md.work[:0], e.md.delayed[:0], e.md.ops[:0]
	ops = appendMDOperands(ops, n)
	work = append(work, mdFrame{n, 0, 0, len(ops)})
	for len(work) > 0 {
		top := &work[len(work)-1]
		var next ir.Metadata
		for top.op < top.end {
			o := ops[top.op]
			top.op++
			if n := e.enumMDImpl(f, o); n != nil {
				next = n
				break
			}
		}
		if next != nil {
			if isDistinct(next) && !isDistinct(top.n) {
				delayed = append(delayed, next)
			} else {
				lo := len(ops)
				ops = appendMDOperands(ops, next)
				work = append(work, mdFrame{next, lo, lo, len(ops)})
			}
			continue
		}
		n := top.n
		clear(ops[top.start:])
		ops = ops[:top.start]
		work = work[:len(work)-1]
		ent := e.entry(n)
		e.md.entries = append(e.md.entries, ent)
		e.md.seq++
		ent.id = e.md.seq
		if len(work) == 0 || isDistinct(work[len(work)-1].n) {
			for _, d := range delayed {
				lo := len(ops)
				ops = appendMDOperands(ops, d)
				work = append(work, mdFrame{d, lo, lo, len(ops)})
			}
			clear(delayed)
			delayed = delayed[:0]
		}
	}
	e.md.work, e.md.delayed, e.md.ops = work, delayed, ops
}

// An mdFrame is a node enumMD numbers the operands of: they are
// ops[start:end] of enumMD's operand stack, op the next one.
type mdFrame struct {
	n              ir.Metadata
	start, op, end int
}

// enumMDImpl notes md for function f and returns it when it is a node
// met for the first time (its operands are to be numbered before it);
// a string or a constant is numbered at once.
func (e *enumerator) enumMDImpl(f uint32, md ir.Metadata) ir.Metadata {
	if md == nil {
		return nil
	}
	if ent := e.entry(md); ent != nil {
		if ent.f != f {
			e.dropFunction(ent)
		}
		return nil
	}
	if ent := e.unretire(md); ent != nil {
		e.dropFunction(ent)
		return nil
	}
	ent := e.newEntry(f, md)
	if n, ok := md.(*ir.SpecializedNode); ok && odrType(n) {
		id := mdField(n, fIdentifier).(*ir.MDString).Value
		if e.md.odr == nil {
			e.md.odr = map[string]*ir.SpecializedNode{}
		}
		if o, ok := e.md.odr[id]; ok && o != n && e.md.err == nil {
			// LLVM's context makes the two one node.
			e.md.err = &UnsupportedError{What: "two DICompositeTypes of one identifier (" + id + ")"}
		}
		e.md.odr[id] = n
	}
	if isNode(md) {
		return md
	}
	e.md.entries = append(e.md.entries, ent)
	e.md.seq++
	ent.id = e.md.seq
	if v, ok := md.(*ir.ValueAsMetadata); ok {
		e.enumValue(v.Value)
	}
	return nil
}

// dropFunction makes ent module-level, and the numbered nodes it refers
// to (dropFunctionFromMetadata).
func (e *enumerator) dropFunction(ent *mdEntry) {
	work := []*mdEntry{}
	push := func(x *mdEntry) {
		if x.f == 0 {
			return
		}
		x.f = 0
		if x.id != 0 && isNode(x.md) {
			work = append(work, x)
		}
	}
	push(ent)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, o := range mdOperands(x.md) {
			if o == nil {
				continue
			}
			if y := e.entry(o); y != nil {
				push(y)
			} else if y := e.unretire(o); y != nil {
				push(y)
			}
		}
	}
}

// retireFunction drops the entries of the nodes that function tag
// alone uses, of those numbered since entries[mark] (its body's), keeping
// their numbers in retired: a node read with the body (in its function's
// METADATA block) is no other function's, and most of the metadata the
// first pass meets is such (inlined-at locations and their scopes).
// Without it the first pass would keep an entry for every node of every
// body until organizeMD, which drops those of the functions' own nodes
// (compact): a node met again by another function is given its entry
// again (unretire).
func (e *enumerator) retireFunction(tag uint32, mark int) {
	s := &e.md
	kept := s.entries[:mark]
	for _, ent := range s.entries[mark:] {
		if ent.f != tag || ent.nid == 0 {
			kept = append(kept, ent)
			continue
		}
		s.retired.set(ent.nid, ent.id)
		s.nodes.set(ent.nid, nil)
		*ent = mdEntry{}
		s.free = append(s.free, ent)
	}
	if n := len(s.entries) - len(kept); n > 0 {
		// The function has nodes of its own (see compact).
		if s.fnNodes == nil {
			s.fnNodes = map[uint32]bool{}
		}
		s.fnNodes[tag] = true
		clear(s.entries[len(kept):])
		s.entries = kept
	}
}

// unretire returns a new entry for node md when a function's numbering
// retired it (retireFunction), with the number it had then, nil for
// other metadata. The entry's function is none of the module's: the
// caller makes it the module's (dropFunction), as a second function
// uses the node.
func (e *enumerator) unretire(md ir.Metadata) *mdEntry {
	s := &e.md
	id := nodeID(md)
	if id == 0 || s.retired.get(id) == 0 {
		return nil
	}
	ent := e.newEntry(^uint32(0), md)
	ent.id = s.retired.get(id)
	s.retired.set(id, 0)
	s.promoted = append(s.promoted, ent)
	return ent
}

// entriesInOrder returns the entries in the order met: entries, and the
// promoted ones merged in by number.
func (s *mdState) entriesInOrder() []*mdEntry {
	if len(s.promoted) == 0 {
		return s.entries
	}
	p := s.promoted
	slices.SortFunc(p, func(a, b *mdEntry) int { return cmp.Compare(a.id, b.id) })
	all := make([]*mdEntry, 0, len(s.entries)+len(p))
	for _, ent := range s.entries {
		for len(p) > 0 && p[0].id < ent.id {
			all = append(all, p[0])
			p = p[1:]
		}
		all = append(all, ent)
	}
	s.promoted = nil
	return append(all, p...)
}

// mdTypeOrder is getMetadataTypeOrder: strings, then constants, then
// distinct nodes, then uniqued ones.
func mdTypeOrder(md ir.Metadata) uint8 {
	switch {
	case isMDString(md):
		return 0
	case !isNode(md):
		return 1
	case isDistinct(md):
		return 2
	}
	return 3
}

func isMDString(md ir.Metadata) bool {
	_, ok := md.(*ir.MDString)
	return ok
}

// organizeMD orders the metadata by function (the module's first), kind
// and number, and gives each its final number (organizeMetadata).
func (e *enumerator) organizeMD() {
	s := &e.md
	s.entries = s.entriesInOrder()
	s.retired = paged[uint32]{}
	// The entries are in the order of their numbers: a stable counting
	// sort by function and kind orders them.
	maxF := uint32(0)
	for _, ent := range s.entries {
		maxF = max(maxF, ent.f)
	}
	const kinds = 4 // mdTypeOrder's
	start := make([]int, (int(maxF)+1)*kinds+1)
	for _, ent := range s.entries {
		start[int(ent.f)*kinds+int(ent.order)+1]++
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	order := make([]*mdEntry, len(s.entries))
	for _, ent := range s.entries {
		k := int(ent.f)*kinds + int(ent.order)
		order[start[k]] = ent
		start[k]++
	}
	s.fn = map[uint32][]*mdEntry{}
	s.fnStrs = map[uint32]int{}
	order = s.compact(order)
	for _, ent := range order {
		if ent.f == 0 {
			ent.final = uint32(len(s.module))
			s.module = append(s.module, ent.md)
			if ent.order == 0 {
				s.moduleStrs++
			}
			continue
		}
		l := s.fn[ent.f]
		ent.final = uint32(len(s.module) + len(l))
		s.fn[ent.f] = append(l, ent)
		if ent.order == 0 {
			s.fnStrs[ent.f]++
		}
	}
	// The bodies' numbering starts anew (refreshFunctionMD).
	s.entries = nil
}

// compact returns the entries of order that the bodies' numbering keeps,
// in order. When bodies are loaded again to be written (reloaded), those
// are the module's and each function's strings and constants, moved to
// one new array: a function's nodes are dropped, as refreshFunctionMD
// numbers them anew from the body loaded then, so that the entries of the
// first pass, most of them a function's nodes, are left to the
// collector. Bodies in memory keep all.
func (s *mdState) compact(order []*mdEntry) []*mdEntry {
	if !s.reloaded {
		return order // all are kept as they are
	}
	keep := 0
	for _, ent := range order {
		if ent.f == 0 || ent.order < 2 {
			keep++
		}
	}
	slab := make([]mdEntry, keep)
	kept := order[:0]
	if s.fnNodes == nil {
		s.fnNodes = map[uint32]bool{}
	}
	for _, ent := range order {
		node := ent.f != 0 && ent.order >= 2
		switch {
		case ent.nid != 0:
			s.nodes.set(ent.nid, nil)
		case ent.order == 0:
			delete(s.strs, ent.key.(string))
		default:
			delete(s.byKey, ent.key)
		}
		if node {
			s.fnNodes[ent.f] = true
			continue
		}
		n := &slab[len(kept)]
		*n = *ent
		switch {
		case n.nid != 0:
			s.nodes.set(n.nid, n)
		case n.order == 0:
			s.strs[n.key.(string)] = n
		default:
			s.byKey[n.key] = n
		}
		kept = append(kept, n)
	}
	for str := range s.strPtrs {
		if n := s.strs[str.Value]; n != nil {
			s.strPtrs[str] = n
		} else {
			delete(s.strPtrs, str)
		}
	}
	s.slab, s.free = nil, nil
	return kept
}

// mdID returns md's final number (from 0).
func (e *enumerator) mdID(md ir.Metadata) uint64 {
	if ent := e.entry(md); ent != nil {
		return uint64(ent.final)
	}
	return 0
}

// mdOrNullID returns md's number plus one, 0 for nil.
func (e *enumerator) mdOrNullID(md ir.Metadata) uint64 {
	if md == nil {
		return 0
	}
	return e.mdID(md) + 1
}

// kindID returns the ID of metadata kind name: a fixed kind's, or
// NumFixedMetadataKinds plus its place among the module's.
func (w *writer) kindID(name string) uint64 {
	if id, ok := llvmir.FixedMetadataKind(name); ok {
		return uint64(id)
	}
	for i, k := range w.kinds {
		if k == name {
			return uint64(llvmir.NumFixedMetadataKinds + i)
		}
	}
	w.kinds = append(w.kinds, name)
	return uint64(llvmir.NumFixedMetadataKinds + len(w.kinds) - 1)
}

// metadataStrings writes a METADATA_STRINGS record of strs: their count,
// the offset of their characters in the blob, and a blob of their
// lengths (VBR6, word aligned) followed by the characters.
func (w *writer) metadataStrings(strs []ir.Metadata) {
	if len(strs) == 0 {
		return
	}
	lens := bitstream.NewWriter(w.strBlob[:0])
	size := 0
	for _, s := range strs {
		n := len(s.(*ir.MDString).Value)
		lens.EmitVBR(uint64(n), 6)
		size += n
	}
	lens.Align32()
	blob := lens.Bytes()
	off := len(blob)
	blob = slices.Grow(blob, size)
	for _, s := range strs {
		blob = append(blob, s.(*ir.MDString).Value...)
	}
	w.strBlob = blob[:0] // kept for the next block's
	a := w.bs.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.METADATA_STRINGS)), vbr(6), vbr(6), blobOp))
	w.bs.WriteAbbrevRecord(a, uint32(llvmir.METADATA_STRINGS), []uint64{uint64(len(strs)), uint64(off)}, blob)
}

var blobOp = bitstream.AbbrevOp{Enc: bitstream.Blob}

// The abbreviations of locations and generic debug nodes
// (createDILocationAbbrev, createGenericDINodeAbbrev).
var (
	locationAbbrev = bitstream.MakeAbbrev(lit(uint64(llvmir.METADATA_LOCATION)),
		fixed(1), vbr(6), vbr(8), vbr(6), vbr(6), fixed(1), vbr(6), fixed(3))
	genericDIAbbrev = bitstream.MakeAbbrev(lit(uint64(llvmir.METADATA_GENERIC_DEBUG)),
		fixed(1), vbr(6), fixed(1), vbr(6), array, vbr(6))
)

// mdAbbrevs are the abbreviation IDs of a metadata block's locations and
// generic debug nodes, 0 until defined: the module's block defines both
// first, a function's when it writes its first record of either.
type mdAbbrevs struct{ loc, generic uint32 }

// metadataRecords writes the records of the metadata mds, noting where
// each starts in index when index is not nil.
func (w *writer) metadataRecords(mds []ir.Metadata, index *[]uint64, abbrevs *mdAbbrevs) {
	e, b := w.e, w.bs
	for _, md := range mds {
		if index != nil {
			*index = append(*index, b.BitPos())
		}
		switch m := md.(type) {
		case *ir.MDTuple:
			ops := make([]uint64, 0, len(m.Ops))
			for i, o := range m.Ops {
				if i == 1 && w.weightsOrigin(m) || w.localImport(o) {
					continue
				}
				ops = append(ops, e.mdOrNullID(o))
			}
			code := llvmir.METADATA_NODE
			if m.Distinct {
				code = llvmir.METADATA_DISTINCT_NODE
			}
			b.WriteRecord(uint32(code), ops)
		case *ir.ValueAsMetadata:
			b.WriteRecord(uint32(llvmir.METADATA_VALUE), []uint64{uint64(e.typeID(m.Value.Type())), uint64(e.valueID(m.Value))})
		case *ir.DILocation:
			ops := []uint64{b2u(m.Distinct), uint64(m.Line), uint64(m.Column), e.mdID(m.Scope),
				e.mdOrNullID(m.InlinedAt), b2u(m.ImplicitCode), m.AtomGroup, uint64(m.AtomRank)}
			if w.older() {
				w.loseAtom(m)
				b.WriteRecord(uint32(llvmir.METADATA_LOCATION), ops[:6])
				continue
			}
			if abbrevs.loc == 0 {
				abbrevs.loc = b.DefineAbbrev(locationAbbrev)
			}
			b.WriteAbbrevRecord(abbrevs.loc, uint32(llvmir.METADATA_LOCATION), ops, nil)
		case *ir.SpecializedNode:
			code, ops := w.diRecord(m)
			if w.older() {
				code, ops = w.olderDIRecord(m, code, ops)
			}
			if code == llvmir.METADATA_GENERIC_DEBUG {
				if abbrevs.generic == 0 {
					abbrevs.generic = b.DefineAbbrev(genericDIAbbrev)
				}
				b.WriteAbbrevRecord(abbrevs.generic, uint32(code), ops, nil)
				continue
			}
			b.WriteRecord(uint32(code), ops)
		}
	}
}

// mdIndexThreshold is LLVM's -bitcode-mdindex-threshold: a module
// metadata block with more records than this gets an index.
const mdIndexThreshold = 25

// moduleMetadata writes the module's METADATA block
// (writeModuleMetadata).
func (w *writer) moduleMetadata() {
	m, e, b := w.m, w.e, w.bs
	if len(e.md.module) == 0 && len(m.NamedMetadata) == 0 {
		return
	}
	b.EnterBlock(uint32(llvmir.METADATA_BLOCK_ID), 4)
	// The abbreviations come first, so that a reader may start anywhere.
	abbrevs := mdAbbrevs{loc: b.DefineAbbrev(locationAbbrev), generic: b.DefineAbbrev(genericDIAbbrev)}
	offsetAbbrev := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.METADATA_INDEX_OFFSET)), fixed(32), fixed(32)))
	indexAbbrev := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.METADATA_INDEX)), array, vbr(6)))
	strs := e.md.module[:e.md.moduleStrs]
	rest := e.md.module[e.md.moduleStrs:]
	w.metadataStrings(strs)
	w.strBlob = nil // the module's strings: the functions' are few
	indexed := len(rest) > mdIndexThreshold
	if indexed {
		b.WriteAbbrevRecord(offsetAbbrev, uint32(llvmir.METADATA_INDEX_OFFSET), []uint64{0, 0}, nil)
	}
	after := b.BitPos()
	var index []uint64
	if indexed {
		w.metadataRecords(rest, &index, &abbrevs)
		b.Patch64(after-64, b.BitPos()-after)
		prev := after
		for i, p := range index {
			index[i] = p - prev
			prev = p
		}
		b.WriteAbbrevRecord(indexAbbrev, uint32(llvmir.METADATA_INDEX), index, nil)
	} else {
		w.metadataRecords(rest, nil, &abbrevs)
	}
	// Named metadata.
	if len(m.NamedMetadata) > 0 {
		name := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.METADATA_NAME)), array, fixed(8)))
		for _, nmd := range m.NamedMetadata {
			b.WriteAbbrevRecord(name, uint32(llvmir.METADATA_NAME), w.stringOps(nmd.Name), nil)
			ops := make([]uint64, 0, len(nmd.Ops))
			for _, n := range nmd.Ops {
				ops = append(ops, e.mdID(n))
			}
			b.WriteRecord(uint32(llvmir.METADATA_NAMED_NODE), ops)
		}
	}
	// The attachments of declarations and global variables.
	for _, f := range m.Functions {
		if !f.HasBody && len(f.Metadata) > 0 {
			w.globalAttachment(f, f.Metadata)
		}
	}
	for _, g := range m.Globals {
		if len(g.Metadata) > 0 {
			w.globalAttachment(g, g.Metadata)
		}
	}
	b.ExitBlock()
}

// globalAttachment writes a GLOBAL_DECL_ATTACHMENT record: [value ID,
// (kind, metadata)...].
func (w *writer) globalAttachment(v ir.Value, atts []ir.Attachment) {
	ops := []uint64{uint64(w.e.valueID(v))}
	ops = w.appendAttachments(ops, atts)
	w.bs.WriteRecord(uint32(llvmir.METADATA_GLOBAL_DECL_ATTACHMENT), ops)
}

// appendAttachments appends (kind, metadata number) pairs.
func (w *writer) appendAttachments(ops []uint64, atts []ir.Attachment) []uint64 {
	for _, a := range atts {
		ops = append(ops, w.kindID(a.Kind), w.e.mdID(a.Node))
	}
	return ops
}

// functionMetadata writes the METADATA block of function number f's own
// metadata (writeFunctionMetadata).
func (w *writer) functionMetadata(f uint32) {
	ents := w.e.md.fn[f]
	if len(ents) == 0 && len(w.e.md.locals) == 0 {
		return
	}
	mds := w.fnMDs[:0]
	for _, ent := range ents {
		mds = append(mds, ent.md)
	}
	defer func() { clear(mds); w.fnMDs = mds[:0] }()
	w.bs.EnterBlock(uint32(llvmir.METADATA_BLOCK_ID), 3)
	n := w.e.md.fnStrs[f]
	w.metadataStrings(mds[:n])
	w.metadataRecords(mds[n:], nil, &mdAbbrevs{})
	w.localRecords()
	w.bs.ExitBlock()
}

// attachments writes the function's METADATA_ATTACHMENT block: the
// function's own attachments, then each instruction's but !dbg, by its
// number among the function's instructions.
func (w *writer) attachments(f *ir.Function) {
	need := len(f.Metadata) > 0
	for _, blk := range f.Blocks {
		for _, in := range blk.Instrs {
			need = need || len(in.Metadata) > 0
		}
	}
	if !need {
		return
	}
	b := w.bs
	b.EnterBlock(uint32(llvmir.METADATA_ATTACHMENT_ID), 3)
	if len(f.Metadata) > 0 {
		w.instOps = w.appendAttachments(w.instOps[:0], f.Metadata)
		b.WriteRecord(uint32(llvmir.METADATA_ATTACHMENT), w.instOps)
	}
	i := uint64(0)
	for _, blk := range f.Blocks {
		for _, in := range blk.Instrs {
			if len(in.Metadata) > 0 {
				w.instOps = w.appendAttachments(append(w.instOps[:0], i), in.Metadata)
				b.WriteRecord(uint32(llvmir.METADATA_ATTACHMENT), w.instOps)
			}
			i++
		}
	}
	b.ExitBlock()
}

// refreshFunctionMD numbers the nodes of function f's own metadata (tag
// is f's number plus one) in the body loaded now. The first pass
// numbered the nodes of an earlier load of the body, which a reader may
// have made anew since (a function's METADATA block is read with its
// body), and their entries were dropped (compact); strings and constants
// are known by their contents and keep their numbers, and the nodes, met
// again in the same order, take the places the earlier ones had.
func (e *enumerator) refreshFunctionMD(f *ir.Function, tag uint32) {
	s := &e.md
	old := s.fn[tag]
	if len(old) == 0 && !s.fnNodes[tag] {
		return
	}
	list := make([]*mdEntry, 0, len(old))
	for _, ent := range old {
		if ent.order >= 2 { // a node
			e.dropEntry(ent)
			continue
		}
		list = append(list, ent)
	}
	start := len(s.entries)
	for _, a := range f.Metadata {
		e.enumMD(tag, a.Node)
	}
	for _, blk := range f.Blocks {
		for _, in := range blk.Instrs {
			e.enumRecordMD(tag, in)
			for _, v := range operands(&s.opBuf, in) {
				if mv, ok := v.(*ir.MetadataValue); ok {
					e.enumNonLocal(tag, mv.MD)
				}
			}
			for _, a := range in.Metadata {
				e.enumMD(tag, a.Node)
			}
			e.enumLocMD(tag, in)
		}
	}
	// The nodes met now, and anything met for the first time (which the
	// first pass should have met: kept, after the others of its kind).
	items := s.refresh[:0]
	for i, ent := range list {
		items = append(items, refreshItem{ent, i})
	}
	for _, ent := range s.entries[start:] {
		if ent.f == tag {
			items = append(items, refreshItem{ent, len(old) + int(ent.id)})
		}
	}
	slices.SortStableFunc(items, func(a, b refreshItem) int {
		return cmp.Or(cmp.Compare(a.ent.order, b.ent.order), cmp.Compare(a.seq, b.seq))
	})
	if cap(list) < len(items) {
		list = make([]*mdEntry, 0, len(items))
	}
	list = list[:0]
	strs := 0
	for _, it := range items {
		list = append(list, it.ent)
		if it.ent.order == 0 {
			strs++
		}
	}
	s.fnStrs[tag] = strs
	for i, ent := range list {
		ent.final = uint32(len(s.module) + i)
	}
	s.fn[tag] = list
	s.entries = s.entries[:start]
	clear(items)
	s.refresh = items[:0]
}

// releaseFunctionMD forgets function f's own metadata (tag is f's
// number plus one) once its body is written: the nodes before a reader
// releases (and may recycle) them, and the rest, which no other function
// uses (the first pass made what two use the module's).
func (e *enumerator) releaseFunctionMD(tag uint32) {
	s := &e.md
	for _, ent := range s.fn[tag] {
		e.dropEntry(ent)
	}
	delete(s.fn, tag)
	delete(s.fnStrs, tag)
	delete(s.fnNodes, tag)
}
