package typedptr

import (
	"slices"
	"strconv"

	"github.com/bcextract/bcextract/ir"
)

// constant lowers constant c in place (once) and returns it, of its
// natural lowered type: a global value points to its value type, a
// getelementptr to the element it indexes; everything else has the
// lowered type of its opaque-pointer form.
func (l *lowerer) constant(c ir.Constant) ir.Constant {
	if c == nil || l.consts[c] {
		return c
	}
	if l.inBody {
		// A body's operand is lowered as a copy: the constant may be
		// the module level's, which the reader may be reading for the
		// next body meanwhile (bcwrite reads bodies ahead).
		if lc, ok := l.copies[c]; ok {
			return lc
		}
		if cc := l.copyConstant(c); cc != nil {
			l.copies[c] = cc
			c = cc
		}
	}
	l.consts[c] = true
	switch c := c.(type) {
	case *ir.GlobalVar, *ir.Function, *ir.Alias, *ir.IFunc:
		// Typed with the module.
	case *ir.ConstInt:
		if t := l.ty(c.Typ); t != c.Typ {
			c.Typ = t
		}
	case *ir.ConstFP:
		if t := l.ty(c.Typ); t != c.Typ {
			c.Typ = t
		}
	case *ir.ConstNull:
		if t := l.ty(c.Typ); t != c.Typ {
			c.Typ = t
		}
	case *ir.Undef:
		if t := l.ty(c.Typ); t != c.Typ {
			c.Typ = t
		}
	case *ir.Poison:
		if t := l.ty(c.Typ); t != c.Typ {
			c.Typ = t
		}
	case *ir.ConstData:
		if t := l.ty(c.Typ); t != c.Typ {
			c.Typ = t
		}
	case *ir.ConstAggregate:
		c.Typ = l.ty(c.Typ)
		for i, e := range c.Elems {
			c.Elems[i] = l.coerceConst(l.constant(e), elemType(c.Typ, i))
		}
	case *ir.BlockAddress:
		// blockaddress is i8* in its function's address space.
		c.Typ = l.ptrTo(l.i8, c.Typ.AddrSpace)
	case *ir.DSOLocalEquivalent:
		c.Global = l.constant(c.Global)
		c.Typ = c.Global.Type()
	case *ir.NoCFI:
		c.Global = l.constant(c.Global)
		c.Typ = c.Global.Type()
	case *ir.PtrAuth:
		// The readers of typed pointers know no ptrauth: the writer
		// gives its pointer (of its own type) bitcast to i8*; the other
		// operands are not written.
		c.Ptr = l.constant(c.Ptr)
		c.Typ = l.ptrTo(l.i8, c.Typ.AddrSpace)
	case *ir.ConstExpr:
		l.constExpr(c)
	default:
		l.fail("constants of kind %T", c)
	}
	return c
}

// copyConstant returns a copy of c whose parts lowering changes are its
// own: nil for a global value (typed with the module) and for a constant
// of a type that does not change, which lowering leaves as it is.
func (l *lowerer) copyConstant(c ir.Constant) ir.Constant {
	switch c.(type) {
	case *ir.ConstInt, *ir.ConstFP, *ir.ConstNull, *ir.Undef, *ir.Poison, *ir.ConstData:
		if l.ty(c.Type()) == c.Type() {
			return nil
		}
	}
	switch c := c.(type) {
	case *ir.ConstInt:
		n := *c
		return &n
	case *ir.ConstFP:
		n := *c
		return &n
	case *ir.ConstNull:
		n := *c
		return &n
	case *ir.Undef:
		n := *c
		return &n
	case *ir.Poison:
		n := *c
		return &n
	case *ir.ConstData:
		n := *c
		return &n
	case *ir.ConstAggregate:
		n := *c
		n.Elems = slices.Clone(c.Elems)
		return &n
	case *ir.BlockAddress:
		n := *c
		return &n
	case *ir.DSOLocalEquivalent:
		n := *c
		return &n
	case *ir.NoCFI:
		n := *c
		return &n
	case *ir.PtrAuth:
		n := *c
		return &n
	case *ir.ConstExpr:
		n := *c
		n.Operands = slices.Clone(c.Operands)
		return &n
	}
	return nil
}

// elemType returns the type of element i of aggregate type t.
func elemType(t *ir.Type, i int) *ir.Type {
	if t.Kind == ir.StructType {
		return t.Fields[i]
	}
	return t.Elem
}

// constExpr lowers constant expression c in place.
func (l *lowerer) constExpr(c *ir.ConstExpr) {
	for i, op := range c.Operands {
		c.Operands[i] = l.constant(op)
	}
	switch {
	case c.Op == ir.GetElementPtr:
		c.SrcElem = l.ty(c.SrcElem)
		base := c.Operands[0]
		c.Operands[0] = l.coerceConst(base, l.gepBase(base.Type(), c.SrcElem))
		c.Typ = l.gepResult(l.ty(c.Typ), c.Operands[0].Type(), c.SrcElem, constValues(c.Operands[1:]))
	case c.Op == ir.BitCast || c.Op == ir.AddrSpaceCast || c.Op == ir.PtrToInt || c.Op == ir.PtrToAddr:
		// Any pointer will do.
		c.Typ = l.ty(c.Typ)
	default:
		c.Typ = l.opaque(c.Typ)
		for i, op := range c.Operands {
			c.Operands[i] = l.coerceConst(op, l.canonical(op.Type()))
		}
	}
}

// constValues returns cs as values.
func constValues(cs []ir.Constant) []ir.Value {
	vs := make([]ir.Value, len(cs))
	for i, c := range cs {
		vs[i] = c
	}
	return vs
}

// coerceConst returns constant c (lowered) as a constant of type want: c
// itself when it has that type, else a bitcast of it (or a null, undef
// or poison of that type).
func (l *lowerer) coerceConst(c ir.Constant, want *ir.Type) ir.Constant {
	if c.Type() == want {
		return c
	}
	if ce, ok := c.(*ir.ConstExpr); ok && l.casts[ce] {
		c = ce.Operands[0]
		if c.Type() == want {
			return c
		}
	}
	switch cc := c.(type) {
	case *ir.ConstAggregate:
		if cc.Typ.Kind == want.Kind && cc.Typ.Len == want.Len && len(cc.Typ.Fields) == len(want.Fields) {
			// An aggregate whose parts want other pointees (as
			// llvm.global_ctors' functions): made anew of the parts
			// coerced.
			n := &ir.ConstAggregate{Typ: want, Elems: make([]ir.Constant, len(cc.Elems))}
			for i, e := range cc.Elems {
				n.Elems[i] = l.coerceConst(e, elemType(want, i))
			}
			return l.done(n)
		}
	case *ir.ConstNull:
		return l.done(&ir.ConstNull{Typ: want})
	case *ir.Undef:
		return l.done(&ir.Undef{Typ: want})
	case *ir.Poison:
		return l.done(&ir.Poison{Typ: want})
	}
	if !castable(c.Type(), want) {
		l.fail("a constant of type %s used as one of type %s", typeString(c.Type()), typeString(want))
		return c
	}
	ce := &ir.ConstExpr{Op: ir.BitCast, Typ: want, Operands: []ir.Constant{c}}
	l.consts[ce], l.casts[ce] = true, true
	l.stats.ConstCasts++
	return ce
}

// done marks constant c lowered and returns it.
func (l *lowerer) done(c ir.Constant) ir.Constant {
	l.consts[c] = true
	return c
}

// castable reports whether a bitcast makes a value of type from one of
// type to: pointers of one address space, or vectors of as many of them.
func castable(from, to *ir.Type) bool {
	if from.IsVector() != to.IsVector() {
		return false
	}
	if from.IsVector() {
		if from.Kind != to.Kind || from.Len != to.Len {
			return false
		}
		from, to = from.Elem, to.Elem
	}
	return from.Kind == ir.PointerType && to.Kind == ir.PointerType && from.AddrSpace == to.AddrSpace
}

// typeString returns a short text of t for messages.
func typeString(t *ir.Type) string {
	switch t.Kind {
	case ir.PointerType:
		if t.Pointee != nil {
			return typeString(t.Pointee) + "*"
		}
		return "ptr"
	case ir.IntegerType:
		return "i" + itoa(uint64(t.BitWidth))
	case ir.StructType:
		if t.Identified {
			return "%" + t.Name
		}
		return "{...}"
	case ir.ArrayType:
		return "[" + itoa(t.Len) + " x " + typeString(t.Elem) + "]"
	case ir.FixedVectorType, ir.ScalableVectorType:
		return "<" + itoa(t.Len) + " x " + typeString(t.Elem) + ">"
	case ir.FunctionType:
		return typeString(t.Ret) + " (...)"
	}
	return "type"
}

// itoa returns n in decimal.
func itoa(n uint64) string { return strconv.FormatUint(n, 10) }

// gepBase returns the type a getelementptr of source element type src
// wants its base of lowered type base to have: a pointer (or vector of
// pointers) to src in its address space.
func (l *lowerer) gepBase(base, src *ir.Type) *ir.Type {
	if base.IsVector() {
		return l.vecOf(base, l.ptrTo(src, base.Elem.AddrSpace))
	}
	return l.ptrTo(src, base.AddrSpace)
}

// gepResult returns the type of a getelementptr whose lowered opaque
// result type is res, of base type base, source element type src and
// indices idx: a pointer to the element indexed (a vector of them for a
// vector result).
func (l *lowerer) gepResult(res, base, src *ir.Type, idx []ir.Value) *ir.Type {
	t := src
	for _, ix := range idx[min(1, len(idx)):] {
		switch t.Kind {
		case ir.StructType:
			n, ok := constIndex(ix)
			if !ok || n >= uint64(len(t.Fields)) {
				l.fail("a getelementptr into a struct by a non-constant index")
				return res
			}
			t = t.Fields[n]
		case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
			t = t.Elem
		default:
			l.fail("a getelementptr indexing into %s", typeString(t))
			return res
		}
	}
	as := base.Scalar().AddrSpace
	p := l.ptrTo(t, as)
	if res.IsVector() {
		return l.vecOf(res, p)
	}
	return p
}

// constIndex returns the value of a constant struct index: an integer,
// or a vector splat of one.
func constIndex(v ir.Value) (uint64, bool) {
	switch c := v.(type) {
	case *ir.ConstInt:
		if c.Big != nil {
			return 0, false
		}
		return uint64(c.V), true
	case *ir.ConstNull:
		return 0, true
	case *ir.ConstData:
		if len(c.Elems) > 0 {
			return c.Elems[0], true
		}
	case *ir.ConstAggregate:
		if len(c.Elems) > 0 {
			return constIndex(c.Elems[0])
		}
	}
	return 0, false
}
