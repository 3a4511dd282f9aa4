package bitcode

import (
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// The arithmetic instructions: unary and binary operators, casts and
// comparisons.

// instUnop reads INST_UNOP: [opval, opcode, fmf?].
func (r *Reader) instUnop(c *opCursor, in *ir.Instruction) error {
	v := c.pair("operand")
	op := c.u64("opcode")
	if c.err != nil {
		return c.err
	}
	if op != uint64(llvmir.UNOP_FNEG) || !isFPOrFPVector(v.Type()) {
		c.invalid("unary opcode %d on an operand not floating-point", op)
		return c.err
	}
	in.Op, in.Typ, in.Operands = ir.FNeg, v.Type(), append(in.Operands[:0], v)
	if f, ok := c.opt(); ok {
		in.FMF = decodeFMF(f)
	}
	return nil
}

// instBinop reads INST_BINOP: [opval, opval, opcode, flags?].
func (r *Reader) instBinop(c *opCursor, in *ir.Instruction) error {
	l := c.pair("left operand")
	rv := c.value(typeOf(l), "right operand")
	code := c.u64("opcode")
	if c.err != nil {
		return c.err
	}
	op, ok := decodeBinop(code, l.Type())
	if !ok {
		c.invalid("binary opcode %d for the operands' type", code)
		return c.err
	}
	in.Op, in.Typ, in.Operands = op, l.Type(), append(in.Operands[:0], l, rv)
	if f, ok := c.opt(); ok {
		switch op {
		case ir.FAdd, ir.FSub, ir.FMul, ir.FDiv, ir.FRem:
			in.FMF = decodeFMF(f)
		default:
			in.Flags = binopFlags(op, f)
		}
	}
	return nil
}

// instCast reads INST_CAST: [opval, destty, castopc, flags?].
func (r *Reader) instCast(c *opCursor, in *ir.Instruction) error {
	v := c.pair("operand")
	t, tid := c.typID("result type")
	c.setResult(uint32(tid))
	code := c.u64("cast opcode")
	if c.err != nil {
		return c.err
	}
	op, ok := decodeCast(code)
	if !ok {
		c.invalid("cast opcode %d", code)
		return c.err
	}
	in.Op, in.Typ, in.Operands = op, t, append(in.Operands[:0], v)
	f, ok := c.opt()
	if !ok {
		return nil
	}
	switch op {
	case ir.ZExt, ir.UIToFP:
		if f&(1<<llvmir.PNNI_NON_NEG) != 0 {
			in.Flags |= ir.NNeg
		}
	case ir.Trunc:
		if f&(1<<llvmir.TIO_NO_UNSIGNED_WRAP) != 0 {
			in.Flags |= ir.NUW
		}
		if f&(1<<llvmir.TIO_NO_SIGNED_WRAP) != 0 {
			in.Flags |= ir.NSW
		}
	}
	if t.Scalar().IsFloatingPoint() && op != ir.BitCast && op != ir.IntToPtr {
		if op == ir.UIToFP {
			f >>= 1
		}
		if op == ir.UIToFP || op == ir.SIToFP || op == ir.FPTrunc || op == ir.FPExt {
			in.FMF = decodeFMF(f)
		}
	}
	return nil
}

// instCmp reads INST_CMP and INST_CMP2: [opval, opval, pred, flags?].
func (r *Reader) instCmp(c *opCursor, in *ir.Instruction) error {
	l := c.pair("left operand")
	rv := c.value(typeOf(l), "right operand")
	pred := c.u64("predicate")
	if c.err != nil {
		return c.err
	}
	if isFPOrFPVector(l.Type()) {
		if pred > uint64(llvmir.FCMP_TRUE) {
			return r.errorf("invalid fcmp predicate")
		}
		in.Op = ir.FCmp
		if f, ok := c.opt(); ok {
			in.FMF = decodeFMF(f)
		}
	} else {
		if pred < uint64(llvmir.ICMP_EQ) || pred > uint64(llvmir.ICMP_SLE) {
			return r.errorf("invalid icmp predicate")
		}
		in.Op = ir.ICmp
		if f, ok := c.opt(); ok && f&(1<<llvmir.ICMP_SAME_SIGN) != 0 {
			in.Flags |= ir.SameSign
		}
	}
	if c.end(); c.err != nil {
		return c.err
	}
	in.Pred = ir.Predicate(pred)
	in.Typ, in.Operands = r.boolLike(l.Type()), append(in.Operands[:0], l, rv)
	return nil
}

func decodeFMF(v uint64) ir.FastMath {
	var f ir.FastMath
	m := llvmir.FastMathFlag(v) // the flags are the low bits
	if m&llvmir.UnsafeAlgebra != 0 {
		f = ir.AllowReassoc | ir.NoNaNs | ir.NoInfs | ir.NoSignedZeros | ir.AllowReciprocal | ir.AllowContract | ir.ApproxFunc
	}
	if m&llvmir.NoNaNs != 0 {
		f |= ir.NoNaNs
	}
	if m&llvmir.NoInfs != 0 {
		f |= ir.NoInfs
	}
	if m&llvmir.NoSignedZeros != 0 {
		f |= ir.NoSignedZeros
	}
	if m&llvmir.AllowReciprocal != 0 {
		f |= ir.AllowReciprocal
	}
	if m&llvmir.AllowContract != 0 {
		f |= ir.AllowContract
	}
	if m&llvmir.ApproxFunc != 0 {
		f |= ir.ApproxFunc
	}
	if m&llvmir.AllowReassoc != 0 {
		f |= ir.AllowReassoc
	}
	return f
}

// fpMath reports whether a value of type t may carry fast-math flags
// (FPMathOperator for phi, select and call).
func fpMath(t *ir.Type) bool {
	for t.Kind == ir.ArrayType {
		t = t.Elem
	}
	if t.Kind == ir.StructType && !t.Identified && len(t.Fields) > 0 {
		for _, f := range t.Fields {
			if f != t.Fields[0] {
				return false
			}
		}
		t = t.Fields[0]
	}
	return t.Scalar().IsFloatingPoint()
}
