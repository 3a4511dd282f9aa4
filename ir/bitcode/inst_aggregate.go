package bitcode

import (
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// The instructions on aggregates and vectors, and the others that take
// values and make one: select, phi, va_arg, freeze and landingpad.

// instExtractValue reads INST_EXTRACTVAL: [opval, index...].
func (r *Reader) instExtractValue(c *opCursor, in *ir.Instruction) error {
	agg := c.pair("aggregate")
	if c.err == nil && !c.more() {
		c.short("index")
	}
	if c.err != nil {
		return c.err
	}
	t, ok := aggIndices(in, agg.Type(), c.rest())
	if !ok {
		return r.errorf("invalid extractvalue index")
	}
	in.Op, in.Typ, in.Operands = ir.ExtractValue, t, append(in.Operands[:0], agg)
	return nil
}

// instInsertValue reads INST_INSERTVAL: [opval, opval, index...].
func (r *Reader) instInsertValue(c *opCursor, in *ir.Instruction) error {
	agg := c.pair("aggregate")
	v := c.pair("inserted value")
	if c.err == nil && !c.more() {
		c.short("index")
	}
	if c.err != nil {
		return c.err
	}
	if _, ok := aggIndices(in, agg.Type(), c.rest()); !ok {
		return r.errorf("invalid insertvalue index")
	}
	in.Op, in.Typ, in.Operands = ir.InsertValue, agg.Type(), append(in.Operands[:0], agg, v)
	return nil
}

// instSelect reads INST_SELECT, [opval, opval, i1 cond], and INST_VSELECT,
// [opval, opval, pred]; both with fast-math flags after them.
func (r *Reader) instSelect(c *opCursor, in *ir.Instruction) error {
	tv := c.pair("true value")
	fv := c.value(typeOf(tv), "false value")
	var cond ir.Value
	if c.code == llvmir.FUNC_CODE_INST_SELECT {
		cond = c.value(r.i1(), "condition")
	} else {
		cond = c.pair("condition")
	}
	if c.err != nil {
		return c.err
	}
	in.Op, in.Typ, in.Operands = ir.Select, tv.Type(), append(in.Operands[:0], cond, tv, fv)
	if f, ok := c.opt(); ok && fpMath(tv.Type()) {
		in.FMF = decodeFMF(f)
	}
	return nil
}

// instExtractElement reads INST_EXTRACTELT: [opval, opval].
func (r *Reader) instExtractElement(c *opCursor, in *ir.Instruction) error {
	vec := c.pair("vector")
	idx := c.pair("index")
	if c.err != nil {
		return c.err
	}
	if !vec.Type().IsVector() {
		c.invalid("extractelement from a value not a vector")
		return c.err
	}
	in.Op, in.Typ, in.Operands = ir.ExtractElement, vec.Type().Elem, append(in.Operands[:0], vec, idx)
	return nil
}

// instInsertElement reads INST_INSERTELT: [opval, opval, opval].
func (r *Reader) instInsertElement(c *opCursor, in *ir.Instruction) error {
	vec := c.pair("vector")
	if c.err != nil {
		return c.err
	}
	if !vec.Type().IsVector() {
		c.invalid("insertelement into a value not a vector")
		return c.err
	}
	el := c.value(vec.Type().Elem, "element")
	idx := c.pair("index")
	if c.err != nil {
		return c.err
	}
	in.Op, in.Typ, in.Operands = ir.InsertElement, vec.Type(), append(in.Operands[:0], vec, el, idx)
	return nil
}

// instShuffleVector reads INST_SHUFFLEVEC: [opval, opval, opval].
func (r *Reader) instShuffleVector(c *opCursor, in *ir.Instruction) error {
	v1 := c.pair("first vector")
	v2 := c.value(typeOf(v1), "second vector")
	mask := c.pair("mask")
	if c.err != nil {
		return c.err
	}
	if !v1.Type().IsVector() || !mask.Type().IsVector() {
		c.invalid("shufflevector of values or mask not vectors")
		return c.err
	}
	var err error
	if extraOf(in).Mask, err = r.constMask(mask); err != nil {
		return err
	}
	mt := mask.Type()
	in.Op, in.Operands = ir.ShuffleVector, append(in.Operands[:0], v1, v2)
	in.Typ = r.findType(&ir.Type{Kind: mt.Kind, Len: mt.Len, Elem: v1.Type().Elem})
	return nil
}

// instPhi reads INST_PHI: [ty, (signed value, bb)..., fmf?].
func (r *Reader) instPhi(c *opCursor, fs *funcState, in *ir.Instruction) error {
	t, tid := c.typID("type")
	c.setResult(uint32(tid))
	if c.err != nil {
		return c.err
	}
	ops := c.rest()
	if len(ops)%2 == 1 && !fpMath(t) {
		return r.errorf("invalid phi record")
	}
	seen := map[*ir.Block]ir.Value{}
	for j := 0; j+1 < len(ops); j += 2 {
		b := c.blockID(ops[j+1])
		if c.err != nil {
			return c.err
		}
		// A block repeated takes the value it came with first, and is
		// left out when its edge has a block of its own.
		edge := fs.edgeBlock(b)
		if v, ok := seen[b]; ok {
			if edge == nil {
				in.Operands = append(in.Operands, v)
				in.Incoming = append(in.Incoming, b)
			}
			continue
		}
		id := ops[j]
		if r.relative {
			id = uint64(uint32(fs.next - decodeSigned(id)))
		}
		v, err := r.fnValue(id, t)
		if err != nil {
			return err
		}
		v = r.phiValue(fs, b, edge, v)
		seen[b] = v
		in.Operands = append(in.Operands, v)
		in.Incoming = append(in.Incoming, b)
	}
	in.Op, in.Typ = ir.PHI, t
	if len(ops)%2 == 1 {
		in.FMF = decodeFMF(ops[len(ops)-1])
	}
	return nil
}

// instLandingPad reads INST_LANDINGPAD: [ty, cleanup, n, (filter?,
// opval) x n], and INST_LANDINGPAD_OLD of LLVM 3.6 and older, whose
// personality function, after the type, is the function's since.
func (r *Reader) instLandingPad(c *opCursor, in *ir.Instruction) error {
	old := c.code == llvmir.FUNC_CODE_INST_LANDINGPAD_OLD
	if n := len(c.v); n < 3 || old && n < 4 {
		c.invalid("%d operands, too few", n)
		return c.err
	}
	t, tid := c.typID("type")
	c.setResult(uint32(tid))
	if old {
		pers, ok := c.pair("personality function").(ir.Constant)
		if c.err != nil {
			return c.err
		}
		f := c.fs.f
		switch {
		case !ok:
			return r.errorf("invalid landingpad personality")
		case f.Personality == nil:
			f.Personality = pers
			if r.bodyPers == nil {
				r.bodyPers = map[*ir.Function]bool{}
			}
			r.bodyPers[f] = true
		case f.Personality != pers:
			return r.errorf("personality function mismatch")
		}
	}
	cleanup := c.flag("cleanup flag")
	n := c.u64("clause count")
	if c.err != nil {
		return c.err
	}
	in.Op, in.Typ = ir.LandingPad, t
	if cleanup {
		in.Flags |= ir.Cleanup
	}
	for ; n > 0 && c.ok(); n-- {
		filter := c.u64("clause kind") == 1
		v := c.pair("clause")
		if c.err != nil {
			return c.err
		}
		cv, ok := v.(ir.Constant)
		if !ok {
			return r.errorf("invalid landingpad clause")
		}
		ex := extraOf(in)
		ex.Clauses = append(ex.Clauses, ir.Clause{Filter: filter, Value: cv})
	}
	return c.err
}

// instVAArg reads INST_VAARG: [valistty, valist, instty].
func (r *Reader) instVAArg(c *opCursor, in *ir.Instruction) error {
	ot := c.typ("va_list type")
	v := c.value(ot, "va_list")
	rt, tid := c.typID("result type")
	c.setResult(uint32(tid))
	if c.err != nil {
		return c.err
	}
	in.Op, in.Typ, in.Operands = ir.VAArg, rt, append(in.Operands[:0], v)
	return nil
}

// instFreeze reads INST_FREEZE: [opval].
func (r *Reader) instFreeze(c *opCursor, in *ir.Instruction) error {
	v := c.pair("operand")
	if c.end(); c.err != nil {
		return c.err
	}
	in.Op, in.Typ, in.Operands = ir.Freeze, v.Type(), append(in.Operands[:0], v)
	return nil
}

// aggIndices appends the extractvalue or insertvalue indices idxs to
// in.Indices and returns the type they select in t, false if one does not
// name a field or element.
func aggIndices(in *ir.Instruction, t *ir.Type, idxs []uint64) (*ir.Type, bool) {
	for _, idx := range idxs {
		switch {
		case t.Kind == ir.StructType && idx < uint64(len(t.Fields)):
			t = t.Fields[idx]
		case t.Kind == ir.ArrayType && idx < t.Len:
			t = t.Elem
		default:
			return nil, false
		}
		ex := extraOf(in)
		ex.Indices = append(ex.Indices, uint32(idx))
	}
	return t, true
}

func (r *Reader) constMask(v ir.Value) ([]int32, error) {
	switch c := v.(type) {
	case *ir.ConstData:
		m := make([]int32, len(c.Elems))
		for i, e := range c.Elems {
			m[i] = int32(e)
		}
		return m, nil
	case *ir.ConstNull:
		if c.Typ.Len > maxMask {
			return nil, r.errorf("shufflevector mask too long")
		}
		return make([]int32, c.Typ.Len), nil
	case *ir.Undef, *ir.Poison:
		n := v.Type().Len
		if n > maxMask {
			return nil, r.errorf("shufflevector mask too long")
		}
		m := make([]int32, n)
		for i := range m {
			m[i] = -1
		}
		return m, nil
	case *ir.ConstAggregate:
		m := make([]int32, len(c.Elems))
		for i, e := range c.Elems {
			switch e := e.(type) {
			case *ir.ConstInt:
				m[i] = int32(e.V)
			default:
				m[i] = -1
			}
		}
		return m, nil
	}
	return nil, r.errorf("invalid shufflevector mask")
}
