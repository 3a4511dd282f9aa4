package bitcode

import "github.com/bcextract/bcextract/ir"

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
	n.Fields = append([]ir.Field(nil), fs...)
	clear(fs)
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
	if n := len(r.freeInsts); n > 0 {
		in := r.freeInsts[n-1]
		r.freeInsts[n-1] = nil
		r.freeInsts = r.freeInsts[:n-1]
		return in
	}
	return &ir.Instruction{}
}

// freeInstruction clears in, which no one uses any more, for
// newInstruction to hand out again.
func (r *Reader) freeInstruction(in *ir.Instruction) {
	*in = ir.Instruction{}
	r.freeInsts = append(r.freeInsts, in)
}

// newBlock returns an empty block for the body being loaded: one of a
// released body, with the arrays of its instructions and predecessors, if
// there is one.
func (r *Reader) newBlock() *ir.Block {
	if n := len(r.freeBlocks); n > 0 {
		b := r.freeBlocks[n-1]
		r.freeBlocks[n-1] = nil
		r.freeBlocks = r.freeBlocks[:n-1]
		return b
	}
	return &ir.Block{}
}

// ReleaseBody hands the memory of f's body, loaded by LoadBody, back to r,
// for the bodies it loads next to reuse, and makes f bodiless again as it
// was before its load: f.Params and f.Blocks nil, f.Metadata cut back to
// the attachments it had before. The caller must hold no pointer into that
// body any more: its arguments, blocks, instructions and the slices they
// hold. Other bodies loaded meanwhile stay as they are.
//
// What is taken back is what f.Blocks holds, so call ReleaseBody rather
// than setting f.Blocks to nil. It does nothing for a function whose body
// r has not loaded or has released already. It implements
// ir.BodyReleaser.
func (r *Reader) ReleaseBody(f *ir.Function) {
	if _, ok := r.fnMD[f]; !ok {
		return
	}
	r.release(f, f.Blocks)
}

// release makes f bodiless and hands back blocks, the blocks LoadBody
// gave f, and their instructions.
func (r *Reader) release(f *ir.Function, blocks []*ir.Block) {
	for _, b := range blocks {
		for _, in := range b.Instrs {
			r.freeInstruction(in)
		}
		clear(b.Instrs)
		clear(b.Preds)
		*b = ir.Block{Instrs: b.Instrs[:0], Preds: b.Preds[:0]}
		r.freeBlocks = append(r.freeBlocks, b)
	}
	if f == r.last {
		r.last, r.lastBlocks = nil, nil
	}
	if n := r.fnMD[f]; n == 0 {
		f.Metadata = nil
	} else if n <= len(f.Metadata) {
		clear(f.Metadata[n:]) // the backing array would keep the nodes alive
		f.Metadata = f.Metadata[:n]
	}
	f.Params, f.Blocks = nil, nil
}

var _ ir.BodyReleaser = (*Reader)(nil)
