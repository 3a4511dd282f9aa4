package bitcode

import (
	"fmt"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// An opCursor reads the operands of one FUNCTION_BLOCK record in order,
// as debug/dwarf's buf reads bytes: a read past the last operand, or of
// an operand that does not name what it should, sets err (the first
// error only, with the record's bit offset and what was being read) and
// returns a zero value, and so does every read after it. A decoder reads
// straight through and checks err where it must use what it read (the
// type of a value, say) and once at the end.
//
// It lives on the stack of instRecord: it must not allocate.
type opCursor struct {
	r    *Reader
	fs   *funcState
	v    []uint64
	i    int
	code llvmir.FunctionCode
	err  error
	// rec names the record in messages: "record" when empty.
	rec string
	// In a module with typed pointers (Reader.tids), ids are the
	// absolute IDs of the first values read, nids how many were read, and
	// resTy the type ID of the instruction's result plus one when its
	// decoder knows it (see resultTypeID).
	ids   [4]uint64
	nids  int
	resTy uint32
	// last is the absolute ID of the last value read.
	last uint64
}

// noteID records the absolute ID of a value read.
func (c *opCursor) noteID(id uint64) {
	c.last = id
	if c.nids < len(c.ids) {
		c.ids[c.nids] = id
	}
	c.nids++
}

// opTypeID returns the type ID of the k-th value read, noTypeID when it
// is not known.
func (c *opCursor) opTypeID(k int) uint32 {
	if k >= c.nids || k >= len(c.ids) {
		return noTypeID
	}
	return c.r.valueTypeID(c.ids[k])
}

// lastTypeID returns the type ID of the last value read, noTypeID when it
// is not known.
func (c *opCursor) lastTypeID() uint32 {
	if c.nids == 0 {
		return noTypeID
	}
	return c.r.valueTypeID(c.last)
}

// setResult records the type ID of the instruction's result.
func (c *opCursor) setResult(id uint32) { c.resTy = id + 1 }

// fail keeps err unless an error is kept already.
func (c *opCursor) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

// invalid fails with "invalid record (code N)" and what follows it.
func (c *opCursor) invalid(format string, args ...any) {
	if c.err == nil {
		rec := c.rec
		if rec == "" {
			rec = "record"
		}
		c.err = c.r.errorf("invalid %s (code %d): %s", rec, uint32(c.code), fmt.Sprintf(format, args...))
	}
}

// short fails for a record that ends before what.
func (c *opCursor) short(what string) {
	c.invalid("too short: no %s (operand %d)", what, c.i)
}

// ok reports whether no error is kept.
func (c *opCursor) ok() bool { return c.err == nil }

// more reports whether operands are left and no error is kept.
func (c *opCursor) more() bool { return c.err == nil && c.i < len(c.v) }

// left returns the number of operands not read yet.
func (c *opCursor) left() int { return len(c.v) - c.i }

// u64 reads an operand.
func (c *opCursor) u64(what string) uint64 {
	if c.i < len(c.v) {
		x := c.v[c.i]
		c.i++
		return x
	}
	c.short(what)
	return 0
}

// flag reads an operand that is a boolean.
func (c *opCursor) flag(what string) bool { return c.u64(what) != 0 }

// opt reads a trailing operand the record may leave out.
func (c *opCursor) opt() (uint64, bool) {
	if c.i < len(c.v) {
		x := c.v[c.i]
		c.i++
		return x, true
	}
	return 0, false
}

// rest reads every operand left.
func (c *opCursor) rest() []uint64 {
	s := c.v[c.i:]
	c.i = len(c.v)
	return s
}

// end fails unless every operand was read.
func (c *opCursor) end() {
	if c.err == nil && c.i != len(c.v) {
		c.invalid("%d operands left over after operand %d", len(c.v)-c.i, c.i)
	}
}

// typ reads a type ID.
func (c *opCursor) typ(what string) *ir.Type {
	t, _ := c.typID(what)
	return t
}

// typID is typ that also returns the type's ID.
func (c *opCursor) typID(what string) (*ir.Type, uint64) {
	id := c.u64(what)
	if c.err != nil {
		return nil, 0
	}
	t := c.r.typeByID(id)
	if t == nil {
		c.invalid("invalid type ID %d for the %s", id, what)
	}
	return t, id
}

// relID returns operand x as a value ID: relative to the next value ID
// in a module of version 1 or later.
func (c *opCursor) relID(x uint64) uint64 {
	if c.r.relative {
		return uint64(uint32(c.fs.next - x))
	}
	return x
}

// value reads a value of type t given by its (relative) ID (popValue);
// nothing, as when an error is kept, when t is nil.
func (c *opCursor) value(t *ir.Type, what string) ir.Value {
	x := c.u64(what)
	if !c.typed(t, what) {
		return nil
	}
	id := c.relID(x)
	c.noteID(id)
	return c.check(c.r.fnValue(id, t))
}

// absValue reads a value of type t given by its absolute ID.
func (c *opCursor) absValue(t *ir.Type, what string) ir.Value {
	x := c.u64(what)
	if !c.typed(t, what) {
		return nil
	}
	c.noteID(x)
	return c.check(c.r.fnValue(x, t))
}

// typed reports whether no error is kept and t, the type of a value to
// read, is known.
func (c *opCursor) typed(t *ir.Type, what string) bool {
	if c.err != nil {
		return false
	}
	if t == nil {
		c.invalid("no type for the %s", what)
		return false
	}
	return true
}

// pair reads a value and, when it is a forward reference, its type
// (getValueTypePair).
func (c *opCursor) pair(what string) ir.Value {
	x := c.u64(what)
	if c.err != nil {
		return nil
	}
	id := c.relID(x)
	var t *ir.Type
	if id >= c.fs.next {
		// A forward reference: its type follows.
		if c.i >= len(c.v) {
			c.invalid("too short: no type of the %s (operand %d)", what, c.i)
			return nil
		}
		tid := c.v[c.i]
		c.i++
		if t = c.r.typeByID(tid); t == nil {
			c.invalid("invalid type ID %d for the type of the %s", tid, what)
			return nil
		}
		if tids := c.r.tids; tids != nil {
			if tids.fwd == nil {
				tids.fwd = map[uint64]uint32{}
			}
			tids.fwd[id] = uint32(tid)
		}
	}
	c.noteID(id)
	return c.check(c.r.fnValue(id, t))
}

// check keeps err, if any, and returns v (nil with an error).
func (c *opCursor) check(v ir.Value, err error) ir.Value {
	if err != nil {
		c.fail(err)
		return nil
	}
	if v == nil {
		c.invalid("no value at operand %d", c.i-1)
	}
	return v
}

// block reads a basic block ID.
func (c *opCursor) block(what string) *ir.Block {
	id := c.u64(what)
	if c.err != nil {
		return nil
	}
	return c.blockID(id)
}

// blockID returns basic block id.
func (c *opCursor) blockID(id uint64) *ir.Block {
	if id >= uint64(len(c.fs.blocks)) {
		c.fail(c.r.errorf("invalid basic block ID %d", id))
		return nil
	}
	return c.fs.blocks[id]
}

// align reads an encoded alignment (see decodeAlign).
func (c *opCursor) align(what string) uint64 {
	x := c.u64(what)
	if c.err != nil {
		return 0
	}
	a, err := c.r.decodeAlign(x)
	c.fail(err)
	return a
}

// typeOf returns v's type, nil for no value (a read that failed).
func typeOf(v ir.Value) *ir.Type {
	if v == nil {
		return nil
	}
	return v.Type()
}
