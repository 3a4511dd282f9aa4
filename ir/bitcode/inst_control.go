package bitcode

import (
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
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
	if n := len(c.v); n < 3 || n%2 == 0 {
		c.invalid("%d operands, not an odd number from 3", n)
		return c.err
	}
	if c.v[0]>>16 == 0x4B5 {
		c.invalid("the switch record of LLVM 3.3, with case ranges")
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
