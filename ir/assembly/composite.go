package assembly

import (
	"math"

	"github.com/bcextract/bcextract/ir"
)

// Constants made of other constants nest as deeply as their producer made
// them: a chain of 50,000 getelementptr expressions is valid IR, which
// llvm-dis-22 prints given the stack. The printer writes them with a stack
// of its own (printer.cstack), one frame per constant being written, so
// that their depth costs heap, not goroutine stack, and the frames of one
// constant serve the next.

// A constKind says how the operands of a composite constant are written.
type constKind uint8

const (
	ckExpr    constKind = iota // op (T a, T b ...) [to T]: each operand after its own type
	ckStruct                   // { T a, T b } or <{ ... }>: likewise
	ckArray                    // [E a, E b] or <E a, E b>: each after the element type
	ckPtrAuth                  // ptrauth (T a, T b[, T c ...])
	ckGlobal                   // dso_local_equivalent V, no_cfi V: one operand, no type
)

// A constFrame is a composite constant being written: the constant, how
// its operands are written, the index of the next and how many there are.
type constFrame struct {
	c    ir.Constant
	i, n int32
	kind constKind
}

// maxConstDepth bounds how deeply the printer follows constants nested in
// one another. A module read from bitcode cannot nest them deeper than it
// has constants (the reader refuses a cycle), so the bound only stops a
// cyclic model built by hand before its frames take more than some tens
// of megabytes; the budget bounds the time.
const maxConstDepth = 1 << 20

// composite writes an aggregate, expression, ptrauth, dso_local_equivalent
// or no_cfi constant, with the constants it is made of, in one loop over
// p.cstack: prefix, operands (a composite one opening a frame of its own),
// suffix.
func (p *printer) composite(c ir.Constant) {
	base := len(p.cstack)
	p.openConst(c)
	for len(p.cstack) > base {
		top := len(p.cstack) - 1
		f := &p.cstack[top]
		if f.i >= f.n {
			c, kind := f.c, f.kind
			*f = constFrame{} // not to keep c alive
			p.cstack = p.cstack[:top]
			p.closeConst(c, kind)
			continue
		}
		i := f.i
		f.i++
		if cap(p.b)-len(p.b) < 1024 {
			p.b = grow(p.b)
		}
		if i > 0 {
			p.str(", ")
		}
		op := p.constOperand(f.c, f.kind, int(i))
		switch op.(type) {
		case nil:
		case *ir.ConstAggregate, *ir.ConstExpr, *ir.PtrAuth, *ir.DSOLocalEquivalent, *ir.NoCFI:
			p.openConst(op)
		default:
			p.value(op, 0)
		}
	}
}

// openConst writes the start of composite constant c and, when it has
// operands to write, pushes its frame. What LLVM prints as a splat is
// written whole: its one operand is a scalar.
func (p *printer) openConst(c ir.Constant) {
	switch c.(type) {
	case *ir.ConstAggregate, *ir.ConstExpr, *ir.PtrAuth:
		if p.budget--; p.budget < 0 {
			p.limited("<constant too large>")
			return
		}
	}
	if len(p.cstack) >= maxConstDepth {
		p.limited("<recursive constant>")
		return
	}
	f := constFrame{c: c}
	var n int
	switch c := c.(type) {
	case *ir.ConstExpr:
		if e := splatOf(c); e != nil {
			p.splat(e.Type(), e)
			return
		}
		p.str(c.Op.String())
		p.flags(c.Op, c.Flags, 0)
		if c.Op == ir.GetElementPtr && c.HasInRange {
			p.str(" inrange(")
			p.bigSigned(c.InRangeLo)
			p.str(", ")
			p.bigSigned(c.InRangeHi)
			p.byte1(')')
		}
		if c.Op == ir.ICmp || c.Op == ir.FCmp {
			p.byte1(' ')
			p.str(c.Pred.String())
		}
		p.str(" (")
		if c.Op == ir.GetElementPtr {
			p.typ(c.SrcElem)
			p.str(", ")
		}
		f.kind, n = ckExpr, len(c.Operands)
	case *ir.ConstAggregate:
		t := c.Typ
		if t == nil {
			p.str("<placeholder or erroneous Constant>")
			return
		}
		switch t.Kind {
		case ir.StructType:
			if t.Packed {
				p.byte1('<')
			}
			p.byte1('{')
			if len(c.Elems) > 0 {
				p.byte1(' ')
			}
			f.kind = ckStruct
		case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
			if t.IsVector() {
				if e := splatElem(c.Elems); e != nil {
					p.splat(t.Elem, e)
					return
				}
				p.byte1('<')
			} else {
				p.byte1('[')
			}
			f.kind = ckArray
		default:
			p.str("<placeholder or erroneous Constant>")
			return
		}
		n = len(c.Elems)
	case *ir.PtrAuth:
		p.str("ptrauth (")
		f.kind, n = ckPtrAuth, 2
		for i := 2; i < 5; i++ {
			if op := ptrAuthOperand(c, i); op != nil && !isZero(op) {
				n = i + 1
			}
		}
	case *ir.DSOLocalEquivalent:
		p.str("dso_local_equivalent ")
		f.kind, n = ckGlobal, 1
	case *ir.NoCFI:
		p.str("no_cfi ")
		f.kind, n = ckGlobal, 1
	default:
		p.str("<placeholder or erroneous Constant>")
		return
	}
	if n > math.MaxInt32 {
		p.limited("<constant too large>")
		return
	}
	f.n = int32(n)
	if len(p.cstack) == cap(p.cstack) {
		p.cstack = grow(p.cstack)
	}
	p.cstack = append(p.cstack, f)
}

// grow returns s with its capacity doubled: the stacks of a deep constant,
// and the line it prints on, grow to hundreds of thousands of entries,
// which append's smaller steps would copy five times over.
func grow[E any](s []E) []E {
	t := make([]E, len(s), 2*cap(s)+64)
	copy(t, s)
	return t
}

// splat writes splat (T e), e being a scalar.
func (p *printer) splat(t *ir.Type, e ir.Constant) {
	p.str("splat (")
	p.typ(t)
	p.byte1(' ')
	p.value(e, 0)
	p.byte1(')')
}

// splatElem returns the element of a vector LLVM prints as a splat: every
// element the same integer or floating-point constant.
func splatElem(elems []ir.Constant) ir.Constant {
	if len(elems) == 0 {
		return nil
	}
	first := elems[0]
	switch first.(type) {
	case *ir.ConstInt, *ir.ConstFP:
	default:
		return nil
	}
	for _, e := range elems[1:] {
		if e != first && !sameScalar(first, e) {
			return nil
		}
	}
	return first
}

// constOperand writes what goes before operand i of c (its type) and
// returns the operand, or writes <null operand!> for a missing one and
// returns nil.
func (p *printer) constOperand(c ir.Constant, kind constKind, i int) ir.Constant {
	var op ir.Constant
	switch kind {
	case ckExpr:
		op = c.(*ir.ConstExpr).Operands[i]
	case ckStruct:
		op = c.(*ir.ConstAggregate).Elems[i]
	case ckArray:
		op = c.(*ir.ConstAggregate).Elems[i]
		p.typ(c.Type().Elem)
		p.byte1(' ')
		if isNilValue(op) {
			p.str("<null operand!>")
			return nil
		}
		return op
	case ckPtrAuth:
		op = ptrAuthOperand(c.(*ir.PtrAuth), i)
	case ckGlobal:
		switch c := c.(type) {
		case *ir.DSOLocalEquivalent:
			op = c.Global
		case *ir.NoCFI:
			op = c.Global
		}
		if isNilValue(op) {
			p.str("<null operand!>")
			return nil
		}
		return op
	}
	if isNilValue(op) {
		p.str("<null operand!>")
		return nil
	}
	p.typ(op.Type())
	p.byte1(' ')
	return op
}

// closeConst writes the end of composite constant c.
func (p *printer) closeConst(c ir.Constant, kind constKind) {
	switch kind {
	case ckExpr:
		if ce := c.(*ir.ConstExpr); ce.Op.IsCast() {
			p.str(" to ")
			p.typ(ce.Typ)
		}
		p.byte1(')')
	case ckStruct:
		ca := c.(*ir.ConstAggregate)
		if len(ca.Elems) > 0 {
			p.byte1(' ')
		}
		p.byte1('}')
		if ca.Typ.Packed {
			p.byte1('>')
		}
	case ckArray:
		if c.Type().IsVector() {
			p.byte1('>')
		} else {
			p.byte1(']')
		}
	case ckPtrAuth:
		p.byte1(')')
	}
}

// ptrAuthOperand returns operand i of c: pointer, key, discriminator,
// address discriminator, deactivation symbol.
func ptrAuthOperand(c *ir.PtrAuth, i int) ir.Constant {
	switch i {
	case 0:
		return c.Ptr
	case 1:
		return c.Key
	case 2:
		return c.Disc
	case 3:
		return c.AddrDisc
	}
	return c.DeactivationSymbol
}
