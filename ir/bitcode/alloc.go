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

// instSlabChunk is how many instructions an instSlab allocates at a time.
const instSlabChunk = 512

// An instSlab hands out the instructions of the body being loaded. Unless
// reuse is set, each is allocated on its own; with reuse (ReuseBodies) they
// come from chunks that the next body's reset clears and hands out again.
type instSlab struct {
	reuse  bool
	chunks [][]ir.Instruction
	chunk  int // the chunk handing out
	next   int // the next free instruction in it
}

// reset makes every instruction handed out so far free again, cleared.
func (s *instSlab) reset() {
	if !s.reuse {
		return
	}
	for i := 0; i <= s.chunk && i < len(s.chunks); i++ {
		n := len(s.chunks[i])
		if i == s.chunk {
			n = s.next
		}
		clear(s.chunks[i][:n])
	}
	s.chunk, s.next = 0, 0
}

// newInstruction returns a zero instruction for the body being loaded.
func (r *Reader) newInstruction() *ir.Instruction {
	s := &r.insts
	if !s.reuse {
		return &ir.Instruction{}
	}
	if s.chunk < len(s.chunks) && s.next == len(s.chunks[s.chunk]) {
		s.chunk, s.next = s.chunk+1, 0
	}
	if s.chunk == len(s.chunks) {
		s.chunks = append(s.chunks, make([]ir.Instruction, instSlabChunk))
	}
	in := &s.chunks[s.chunk][s.next]
	s.next++
	return in
}
