package bitcode

import "github.com/bcextract/bcextract/ir"

// Type IDs in modules with typed pointers (LLVM 14 and older).
//
// LLVM 22 reads a typed pointer as ptr but keeps, for each type ID, the
// IDs of the types it contains (getContainedTypeID: a pointer's pointee,
// an array's or vector's element, a struct's fields, a function's return
// and parameter types), and for each value its type ID (ValueTypeIDs),
// pointers to types the table lacks getting virtual IDs
// (getVirtualTypeID). With them it reads the records of writers from
// before explicit types (LLVM 3.6 and older), whose globals, loads,
// stores, GEPs, calls and allocas leave a type to the pointee of a
// pointer. typeIDs keeps the same, in modules with typed pointers only.
type typeIDs struct {
	// contained holds the contained IDs of each type ID, table types
	// first, then virtual pointers: contained[start[id]:start[id+1]].
	start     []uint32
	contained []uint32
	// ptrs maps (pointee ID, address space) to the ID of that pointer.
	ptrs map[[2]uint32]uint32
	// vals holds each value's type ID plus one (0: not known), by value
	// ID; fwd those of forward references, from their records.
	vals []uint32
	fwd  map[uint64]uint32
	// virtual holds the types of the virtual IDs, from len(Reader.types).
	virtual []*ir.Type
	// typed says the table has a typed pointer; without one, Reader.tids
	// is dropped once the table is read.
	typed bool
	// fnType holds each function's type ID, for its arguments'.
	fnType map[*ir.Function]uint32
}

// noTypeID is the ID of no type: what a value whose type ID is not known
// has.
const noTypeID = ^uint32(0)

// addType records the contained IDs of the next type of the table (or a
// virtual one) and returns its ID.
func (t *typeIDs) addType(ids ...uint64) uint32 {
	if len(t.start) == 0 {
		t.start = append(t.start, 0)
	}
	for _, id := range ids {
		t.contained = append(t.contained, uint32(min(id, uint64(noTypeID))))
	}
	t.start = append(t.start, uint32(len(t.contained)))
	return uint32(len(t.start) - 2)
}

// containedID returns the i-th contained ID of type id, noTypeID when it
// has none.
func (t *typeIDs) containedID(id uint32, i int) uint32 {
	if t == nil || int(id)+1 >= len(t.start) {
		return noTypeID
	}
	s, e := t.start[id], t.start[id+1]
	if i < 0 || uint32(i) >= e-s {
		return noTypeID
	}
	return t.contained[s+uint32(i)]
}

// containedIDs returns the contained IDs of type id.
func (t *typeIDs) containedIDs(id uint32) []uint32 {
	if t == nil || int(id)+1 >= len(t.start) {
		return nil
	}
	return t.contained[t.start[id]:t.start[id+1]]
}

// typeOfID returns the type of a table or virtual type ID, nil when id is
// neither.
func (r *Reader) typeOfID(id uint32) *ir.Type {
	if uint64(id) < uint64(len(r.types)) {
		return r.typeByID(uint64(id))
	}
	if r.tids == nil || int(id)+1 >= len(r.tids.start) {
		return nil
	}
	return r.tids.virtual[int(id)-len(r.types)]
}

// pointerID returns the ID of the pointer to type elem in address space
// as: the table's, or a virtual one made now.
func (r *Reader) pointerID(elem uint32, as uint32) uint32 {
	t := r.tids
	if t == nil || elem == noTypeID {
		return noTypeID
	}
	k := [2]uint32{elem, as}
	if id, ok := t.ptrs[k]; ok {
		return id
	}
	id := t.addType(uint64(elem))
	t.virtual = append(t.virtual, r.ptrType(as))
	t.ptrs[k] = id
	return id
}

// pointee returns the type a typed pointer type points to, by the
// pointer type's ID (table or virtual), and the pointee's ID. ok is false
// when id is not a typed pointer or its pointee is not defined.
func (r *Reader) pointee(id uint64) (elem *ir.Type, elemID uint32, ok bool) {
	if r.tids == nil || id >= uint64(noTypeID) {
		return nil, noTypeID, false
	}
	if t := r.typeOfID(uint32(id)); t == nil || t.Kind != ir.PointerType {
		return nil, noTypeID, false
	}
	elemID = r.tids.containedID(uint32(id), 0)
	if elemID == noTypeID {
		return nil, noTypeID, false
	}
	elem = r.typeOfID(elemID)
	return elem, elemID, elem != nil
}

// valueTypeID returns the type ID of value id (absolute), noTypeID when
// it is not known.
func (r *Reader) valueTypeID(id uint64) uint32 {
	t := r.tids
	if t == nil {
		return noTypeID
	}
	if id < uint64(len(t.vals)) {
		return t.vals[id] - 1 // 0 (not known) wraps to noTypeID
	}
	if ty, ok := t.fwd[id]; ok {
		return ty
	}
	return noTypeID
}

// setValueTypeID records the type ID of the value pushed last.
func (r *Reader) setValueTypeID(ty uint32) {
	if t := r.tids; t != nil && len(t.vals) > 0 {
		t.vals[len(t.vals)-1] = ty + 1
	}
}

// resultTypeID returns the type ID of the result of instruction in, which
// cursor c decoded: what its decoder recorded, or what follows from its
// operands' type IDs; noTypeID when not known (a later record that needs
// it then fails).
func (r *Reader) resultTypeID(c *opCursor, in *ir.Instruction) uint32 {
	if c.resTy != 0 {
		return c.resTy - 1
	}
	switch in.Op {
	case ir.Select, ir.AtomicRMW:
		return c.opTypeID(1)
	case ir.Freeze, ir.InsertElement, ir.InsertValue, ir.ShuffleVector:
		return c.opTypeID(0)
	case ir.ExtractElement:
		return r.tids.containedID(c.opTypeID(0), 0)
	case ir.ExtractValue:
		id := c.opTypeID(0)
		for _, i := range in.Indices() {
			t := r.typeOfID(id)
			if t == nil {
				return noTypeID
			}
			if t.Kind == ir.StructType {
				id = r.tids.containedID(id, int(i))
			} else {
				id = r.tids.containedID(id, 0)
			}
		}
		return id
	}
	return noTypeID
}

// indexedTypeID returns the ID of the type a GEP with source element type
// elem and these indices (after the first) reaches: a struct's field by
// the constant index, an array's or vector's element.
func (r *Reader) indexedTypeID(elem uint32, indices []ir.Value) uint32 {
	id := elem
	for _, x := range indices {
		t := r.typeOfID(id)
		if t == nil {
			return noTypeID
		}
		k := 0
		if t.Kind == ir.StructType {
			ci, ok := x.(*ir.ConstInt)
			if !ok || ci.Big != nil || ci.V < 0 {
				return noTypeID
			}
			k = int(ci.V)
		}
		id = r.tids.containedID(id, k)
	}
	return id
}
