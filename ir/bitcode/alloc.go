package bitcode

import (
	"github.com/bcextract/bcextract/internal/bodypool"
	"github.com/bcextract/bcextract/ir"
)

// shape is findType for a type given by value: a type already known costs
// no allocation (findType's argument escapes, so a composite literal
// passed to it is allocated on every call).
func (r *Reader) shape(t ir.Type) *ir.Type {
	if r.shapes != nil {
		if k, ok := keyOf(&t); ok {
			if u := r.shapes[k]; u != nil {
				return u
			}
		}
	}
	nt := new(ir.Type)
	*nt = t
	return r.findType(nt)
}

// ownFields gives n Fields of their own, exactly as long as they are: a
// node's fields are gathered in r.diFields (which grows once to the longest
// node's) and copied once, rather than grown field by field.
func (r *Reader) ownFields(n *ir.SpecializedNode) {
	fs := n.Fields
	if cap(fs) > cap(r.diFields) {
		r.diFields = fs[:0]
	}
	if len(fs) == 0 {
		n.Fields = nil
		return
	}
	n.Fields = r.takeFields(len(fs))
	copy(n.Fields, fs)
	clear(fs)
}

// refScratch returns r's scratch for a node's Refs, empty and not nil:
// ownRefs then copies them once into an array of their own.
func (r *Reader) refScratch() []ir.Metadata {
	if r.diRefs == nil {
		r.diRefs = make([]ir.Metadata, 0, 16)
	}
	return r.diRefs[:0]
}

// ownRefs gives n Refs of their own, exactly as long as they are, as
// ownFields its Fields.
func (r *Reader) ownRefs(n *ir.SpecializedNode) {
	refs := n.Refs
	if refs == nil {
		return
	}
	if cap(refs) > cap(r.diRefs) {
		r.diRefs = refs[:0]
	}
	if len(refs) == 0 {
		n.Refs = []ir.Metadata{}
		return
	}
	n.Refs = r.takeRefs(len(refs))
	copy(n.Refs, refs)
	clear(refs)
}

// maxPooled is the longest Fields and Refs arrays recycled (see
// ReleaseBody); longer ones, rare, are left to the collector.
const maxPooled = 32

// An ownedMD lists the debug-info nodes and locations a body's load made
// that no other body can meet (a body's own metadata, and locations whose
// scope or inlinedAt is one of its nodes): once the body is released, no
// one uses them, and they are recycled for the next loads.
type ownedMD struct {
	nodes []*ir.SpecializedNode
	locs  []*ir.DILocation
}

// pop takes the last element off a free list; false when it is empty.
func pop[T any](free *[]T) (T, bool) {
	var zero T
	n := len(*free)
	if n == 0 {
		return zero, false
	}
	x := (*free)[n-1]
	(*free)[n-1] = zero // the list would keep it alive once handed out
	*free = (*free)[:n-1]
	return x, true
}

// newNode returns a specialized node for diNode to fill in: a recycled one
// when there is one.
func (r *Reader) newNode() *ir.SpecializedNode {
	if n, ok := pop(&r.freeNodes); ok {
		return n
	}
	return new(ir.SpecializedNode)
}

// newLocation returns a location for location to fill in: a recycled one
// when there is one.
func (r *Reader) newLocation() *ir.DILocation {
	if d, ok := pop(&r.freeLocs); ok {
		return d
	}
	return new(ir.DILocation)
}

// takeFields returns n zero fields: a recycled array when there is one.
func (r *Reader) takeFields(n int) []ir.Field {
	if n <= maxPooled {
		if fs, ok := pop(&r.freeFields[n]); ok {
			return fs
		}
	}
	return make([]ir.Field, n)
}

// takeRefs returns n null refs: a recycled array when there is one.
func (r *Reader) takeRefs(n int) []ir.Metadata {
	if n <= maxPooled {
		if refs, ok := pop(&r.freeRefs[n]); ok {
			return refs
		}
	}
	return make([]ir.Metadata, n)
}

// startOwning starts listing the nodes the body being loaded makes, when
// bodies are recycled.
func (r *Reader) startOwning() {
	if !r.recycle {
		return
	}
	if o, ok := pop(&r.freeOwned); ok {
		r.owning = o
	} else {
		r.owning = new(ownedMD)
	}
}

// endOwning ends the list of f's load, kept for ReleaseBody when the load
// succeeded. The list of an earlier load of f, whose body its caller may
// still hold, is forgotten, its nodes left to the collector.
func (r *Reader) endOwning(f *ir.Function, ok bool) {
	o := r.owning
	if o == nil {
		return
	}
	r.owning = nil
	if !ok {
		r.forgetOwned(o)
		return
	}
	if r.owned == nil {
		r.owned = make(map[*ir.Function]*ownedMD)
	}
	if old := r.owned[f]; old != nil {
		r.forgetOwned(old)
	}
	r.owned[f] = o
}

// forgetOwned empties o, leaving its nodes to the collector.
func (r *Reader) forgetOwned(o *ownedMD) {
	clear(o.nodes)
	clear(o.locs)
	o.nodes, o.locs = o.nodes[:0], o.locs[:0]
	r.freeOwned = append(r.freeOwned, o)
}

// recycleOwned clears the nodes and locations of f's load, which no one
// uses any more, for the next loads to fill in again.
func (r *Reader) recycleOwned(f *ir.Function) {
	o := r.owned[f]
	if o == nil {
		return
	}
	delete(r.owned, f)
	for _, n := range o.nodes {
		if k := len(n.Fields); k > 0 && k <= maxPooled {
			clear(n.Fields)
			r.freeFields[k] = append(r.freeFields[k], n.Fields)
		}
		if k := len(n.Refs); k > 0 && k <= maxPooled {
			clear(n.Refs)
			r.freeRefs[k] = append(r.freeRefs[k], n.Refs)
		}
		*n = ir.SpecializedNode{}
		r.freeNodes = append(r.freeNodes, n)
	}
	for _, d := range o.locs {
		*d = ir.DILocation{}
		r.freeLocs = append(r.freeLocs, d)
	}
	r.forgetOwned(o)
}

// nodeID returns the ID of a new metadata node (ir.MDTuple.ID): IDs count
// from 1 over the reader's life, so that nodes of every function body are
// told apart; 0 once they run out.
func (r *Reader) nodeID() uint32 {
	if r.lastID == 1<<32-1 {
		return 0
	}
	r.lastID++
	return r.lastID
}

// newInstruction returns a zero instruction for the body being loaded:
// one of a released body (see ReleaseBody) if there is one.
func (r *Reader) newInstruction() *ir.Instruction {
	if in, ok := pop(&r.freeInsts); ok {
		return in
	}
	return &ir.Instruction{}
}

// extraOf returns in's Extra, taking a new one when it has none (an
// instruction keeps its Extra, emptied, across ReleaseBody).
func extraOf(in *ir.Instruction) *ir.InstrExtra {
	if in.Extra == nil {
		in.Extra = new(ir.InstrExtra)
	}
	return in.Extra
}

// dropBundles removes in's operand bundles.
func dropBundles(in *ir.Instruction) {
	if in.Extra != nil {
		in.Extra.Bundles = nil
	}
}

// freeInstruction clears in, which no one uses any more, for
// newInstruction to hand out again with the short arrays it had, emptied,
// for decodeInst to append to (see bodypool.ScrubInstruction).
func (r *Reader) freeInstruction(in *ir.Instruction) {
	bodypool.ScrubInstruction(in)
	r.freeInsts = append(r.freeInsts, in)
}

// The printer may scrub a body with bodypool.Scrub before its release.
func init() {
	bodypool.Register(func(l ir.BodyLoader) bool { _, ok := l.(*Reader); return ok })
}

// newBlock returns an empty block for the body being loaded: one of a
// released body, with the arrays of its instructions and predecessors, if
// there is one.
func (r *Reader) newBlock() *ir.Block {
	if b, ok := pop(&r.freeBlocks); ok {
		return b
	}
	return &ir.Block{}
}

// ReleaseBody hands the memory of f's body, loaded by LoadBody, back to r,
// for the bodies it loads next to reuse, and makes f bodiless again as it
// was before its load: f.Params and f.Blocks nil, f.Metadata cut back to
// the attachments it had before. The caller must hold no pointer into that
// body any more: its arguments, blocks, instructions and the slices they
// hold, nor into the debug-info nodes of the function's own metadata and
// the DILocations of its instructions (which, from the first ReleaseBody
// on, are recycled too); strings are not recycled. Other bodies loaded
// meanwhile stay as they are.
//
// What is taken back is what f.Blocks holds, so call ReleaseBody rather
// than setting f.Blocks to nil. It does nothing for a function whose body
// r has not loaded or has released already. It implements
// ir.BodyReleaser.
func (r *Reader) ReleaseBody(f *ir.Function) {
	if _, ok := r.fnMD[f]; !ok {
		return
	}
	r.recycle = true
	r.release(f, f.Blocks)
}

// maxFreeInsts and maxFreeBlocks bound the instructions and blocks kept
// for the next loads: about what the bodies a printer reads ahead hold
// (see assembly's aheadBudget). What a body larger than that held is left
// to the collector, rather than kept for as long as the reader lives.
const (
	maxFreeInsts  = 4096
	maxFreeBlocks = 1024
)

// release makes f bodiless and hands back blocks, the blocks LoadBody
// gave f, and their instructions.
func (r *Reader) release(f *ir.Function, blocks []*ir.Block) {
	for _, b := range blocks {
		for _, in := range b.Instrs {
			if len(r.freeInsts) >= maxFreeInsts {
				break
			}
			if in.Op != ir.BadOp { // else bodypool.Scrub cleared it
				bodypool.ScrubInstruction(in)
			}
			r.freeInsts = append(r.freeInsts, in)
		}
		if len(r.freeBlocks) >= maxFreeBlocks {
			continue
		}
		clear(b.Instrs)
		clear(b.Preds)
		*b = ir.Block{Instrs: b.Instrs[:0], Preds: b.Preds[:0]}
		r.freeBlocks = append(r.freeBlocks, b)
	}
	if f == r.last {
		r.last, r.lastBlocks = nil, nil
	}
	r.recycleOwned(f)
	if n := r.fnMD[f]; n == 0 {
		f.Metadata = nil
	} else if n <= len(f.Metadata) {
		clear(f.Metadata[n:]) // the backing array would keep the nodes alive
		f.Metadata = f.Metadata[:n]
	}
	f.Params, f.Blocks, f.UseListOrders, f.Names = nil, nil, nil, nil
}

var _ ir.BodyReleaser = (*Reader)(nil)
