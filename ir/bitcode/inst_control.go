package bitcode

import (
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
	"math/big"
)

// The terminators but invoke and callbr (see inst_call.go), and the
// exception-handling pads.

// instRet reads INST_RET: [] or [opval].
func (r *Reader) instRet(c *opCursor, in *ir.Instruction) error {
	in.Op = ir.Ret
	if c.more() {
		v := c.pair("returned value")
		c.end()
		if c.err != nil {
			return c.err
		}
		in.Operands = append(in.Operands[:0], v)
	}
	return nil
}

// instBr reads INST_BR: [bb] or [bbtrue, bbfalse, cond].
func (r *Reader) instBr(c *opCursor, fs *funcState, in *ir.Instruction) error {
	if n := len(c.v); n != 1 && n != 3 {
		c.invalid("%d operands, not 1 or 3", n)
		return c.err
	}
	t := c.block("destination")
	if c.err != nil {
		return c.err
	}
	in.Op = ir.Br
	if !c.more() {
		in.Succs = append(in.Succs[:0], t)
		fs.useBlocks(t)
		return nil
	}
	f := c.block("false destination")
	cond := c.value(r.i1(), "condition")
	if c.err != nil {
		return c.err
	}
	in.Operands, in.Succs = append(in.Operands[:0], cond), append(in.Succs[:0], t, f)
	fs.useBlocks(f, t)
	return nil
}

// instSwitch reads INST_SWITCH: [opty, cond, default, (value, bb)...].
func (r *Reader) instSwitch(c *opCursor, fs *funcState, in *ir.Instruction) error {
	if len(c.v) > 0 && c.v[0]>>16 == switchInstMagic {
		return r.instSwitchRanges(c, fs, in)
	}
	if n := len(c.v); n < 3 || n%2 == 0 {
		c.invalid("%d operands, not an odd number from 3", n)
		return c.err
	}
	t := c.typ("condition type")
	cond := c.value(t, "condition")
	def := c.block("default destination")
	if c.err != nil {
		return c.err
	}
	in.Op, in.Operands, in.Succs = ir.Switch, append(in.Operands[:0], cond), append(in.Succs[:0], def)
	for c.more() {
		cv := c.absValue(t, "case value")
		dest := c.block("case destination")
		if c.err != nil {
			return c.err
		}
		ci, ok := cv.(*ir.ConstInt)
		if !ok {
			return r.errorf("invalid switch case value")
		}
		ex := extraOf(in)
		ex.Cases = append(ex.Cases, ci)
		in.Succs = append(in.Succs, dest)
	}
	fs.useBlocks(in.Succs...)
	return nil
}

// switchInstMagic marks, in the high bits of its first operand, the
// switch record of LLVM 3.3 that gave its cases as ranges.
const switchInstMagic = 0x4B5

// maxRangeCases bounds the cases a switch record's ranges may make.
const maxRangeCases = 1 << 20

// instSwitchRanges reads the switch record of LLVM 3.3 (SWITCH_INST_MAGIC
// in its first operand): [magic, opty, cond, default, ncases, (nitems,
// (single, low[, high])..., bb)...], each bound a sign-rotated word (a
// word count first when the condition is wider than 64 bits). A range
// low..high, inclusive and unsigned, is a case per value, as LLVM 22
// reads it.
func (r *Reader) instSwitchRanges(c *opCursor, fs *funcState, in *ir.Instruction) error {
	c.u64("magic")
	t := c.typ("condition type")
	if c.err == nil && t.Kind != ir.IntegerType {
		c.invalid("a switch of a %v condition", t.Kind)
	}
	cond := c.value(t, "condition")
	def := c.block("default destination")
	ncases := c.u64("case count")
	if c.err != nil {
		return c.err
	}
	width := uint64(t.BitWidth)
	bound := func() *big.Int {
		words := uint64(1)
		if width > 64 {
			words = c.u64("word count")
		}
		if c.err == nil && words > uint64(c.left()) {
			c.invalid("a case bound of %d words", words)
		}
		if c.err != nil {
			return new(big.Int)
		}
		ws := c.v[c.i : c.i+int(words)]
		c.i += int(words)
		return wideInt(ws, width)
	}
	unsigned := func(x *big.Int) *big.Int {
		if x.Sign() < 0 {
			return new(big.Int).Add(x, new(big.Int).Lsh(big.NewInt(1), uint(width)))
		}
		return x
	}
	in.Op, in.Operands, in.Succs = ir.Switch, append(in.Operands[:0], cond), append(in.Succs[:0], def)
	made := 0
	for i := uint64(0); i < ncases && c.err == nil; i++ {
		var vals []*big.Int
		nitems := c.u64("item count")
		for j := uint64(0); j < nitems && c.err == nil; j++ {
			single := c.flag("single")
			low := bound()
			if single {
				vals = append(vals, low)
				continue
			}
			high := unsigned(bound())
			for v := unsigned(low); c.err == nil && v.Cmp(high) <= 0; v = new(big.Int).Add(v, big.NewInt(1)) {
				if made++; made > maxRangeCases {
					c.invalid("case ranges of more than %d values", maxRangeCases)
				}
				vals = append(vals, v)
			}
		}
		dest := c.block("case destination")
		if c.err != nil {
			return c.err
		}
		ex := extraOf(in)
		for _, v := range vals {
			x := signExtend(v, width)
			ci := &ir.ConstInt{Typ: t, Big: x}
			if width <= 64 {
				ci = &ir.ConstInt{Typ: t, V: x.Int64()}
			}
			ex.Cases = append(ex.Cases, ci)
			in.Succs = append(in.Succs, dest)
		}
	}
	if c.err != nil {
		return c.err
	}
	fs.useBlocks(in.Succs...)
	return nil
}

// instIndirectBr reads INST_INDIRECTBR: [opty, addr, bb...].
func (r *Reader) instIndirectBr(c *opCursor, fs *funcState, in *ir.Instruction) error {
	if n := len(c.v); n < 2 {
		c.invalid("%d operands, fewer than 2", n)
		return c.err
	}
	t := c.typ("address type")
	addr := c.value(t, "address")
	if c.err != nil {
		return c.err
	}
	in.Op, in.Operands = ir.IndirectBr, append(in.Operands[:0], addr)
	for c.more() {
		if b := c.block("destination"); b != nil {
			in.Succs = append(in.Succs, b)
		}
	}
	if c.err != nil {
		return c.err
	}
	fs.useBlocks(in.Succs...)
	return nil
}

// instResume reads INST_RESUME: [opval].
func (r *Reader) instResume(c *opCursor, in *ir.Instruction) error {
	v := c.pair("exception")
	if c.err != nil {
		return c.err
	}
	in.Op, in.Operands = ir.Resume, append(in.Operands[:0], v)
	return nil
}

// instCleanupRet reads INST_CLEANUPRET: [pad] or [pad, bb].
func (r *Reader) instCleanupRet(c *opCursor, fs *funcState, in *ir.Instruction) error {
	if n := len(c.v); n != 1 && n != 2 {
		c.invalid("%d operands, not 1 or 2", n)
		return c.err
	}
	pad := c.value(r.tokenType(), "cleanup pad")
	if c.err != nil {
		return c.err
	}
	in.Op, in.Operands = ir.CleanupRet, append(in.Operands[:0], pad)
	if c.more() {
		b := c.block("unwind destination")
		if c.err != nil {
			return c.err
		}
		in.Succs = append(in.Succs[:0], b)
		fs.useBlocks(b)
	}
	return nil
}

// instCatchRet reads INST_CATCHRET: [pad, bb].
func (r *Reader) instCatchRet(c *opCursor, fs *funcState, in *ir.Instruction) error {
	if n := len(c.v); n != 2 {
		c.invalid("%d operands, not 2", n)
		return c.err
	}
	pad := c.value(r.tokenType(), "catch pad")
	b := c.block("destination")
	if c.err != nil {
		return c.err
	}
	in.Op, in.Operands, in.Succs = ir.CatchRet, append(in.Operands[:0], pad), append(in.Succs[:0], b)
	fs.useBlocks(b)
	return nil
}

// instCatchSwitch reads INST_CATCHSWITCH: [parent, n, bb x n, unwind?].
func (r *Reader) instCatchSwitch(c *opCursor, fs *funcState, in *ir.Instruction) error {
	parent := c.value(r.tokenType(), "parent pad")
	n := c.u64("handler count")
	if c.err != nil {
		return c.err
	}
	if n > uint64(c.left()) {
		c.invalid("%d handlers, more than the %d operands left", n, c.left())
		return c.err
	}
	for ; n > 0; n-- {
		if b := c.block("handler"); b != nil {
			in.Succs = append(in.Succs, b)
		}
	}
	if c.left() == 1 {
		in.Unwind = c.block("unwind destination")
	}
	if c.end(); c.err != nil {
		return c.err
	}
	in.Op, in.Operands, in.Typ = ir.CatchSwitch, append(in.Operands[:0], parent), r.tokenType()
	if in.Unwind != nil {
		fs.useBlocks(in.Unwind)
	}
	fs.useBlocks(in.Succs...)
	return nil
}

// instPad reads INST_CATCHPAD and INST_CLEANUPPAD: [parent, n, args x n].
func (r *Reader) instPad(c *opCursor, in *ir.Instruction) error {
	parent := c.value(r.tokenType(), "parent pad")
	n := c.u64("argument count")
	if c.err != nil {
		return c.err
	}
	in.Operands = append(in.Operands[:0], parent)
	for ; n > 0 && c.ok(); n-- {
		if v := c.pair("argument"); v != nil {
			in.Operands = append(in.Operands, v)
		}
	}
	if c.end(); c.err != nil {
		return c.err
	}
	in.Op = ir.CatchPad
	if c.code == llvmir.FUNC_CODE_INST_CLEANUPPAD {
		in.Op = ir.CleanupPad
	}
	in.Typ = r.tokenType()
	return nil
}
