package bitcode

import (
	"github.com/bcextract/bcextract/ir"
)

// Constant expressions that LLVM 22 no longer has (icmp and fcmp since
// LLVM 19, mul since LLVM 21, among others) become instructions while a
// body is read, as LLVM's reader materializes them (BitcodeReader's
// materializeValue):
//
//   - An instruction operand that is one, or holds one, becomes
//     instructions named %constexpr, %constexpr1, ... (%constexpr.ins for
//     an aggregate built element by element) inserted before the
//     instruction, operands first, in the order LLVM's reader reads the
//     instruction's operands; each operand is built anew, a part it uses
//     twice once.
//   - A phi's incoming value becomes instructions in a block of its own on
//     the edge from the incoming block, %phi.constexpr (one block per edge,
//     shared by the phis of the block), which branches to the phi's block;
//     see funcState.phiValue and finishEdges.
//   - Where there is no block to put them in (a global's initializer, an
//     aliasee, an ifunc's resolver, a function's prefix, prologue or
//     personality, a landingpad clause), LLVM refuses the module, and so
//     does the reader (checkInitializer).
//
// The names come from the function's symbol table as LLVM's do
// (funcState.claim): a name in use gets the table's next number.

// maxExpandDepth bounds the nesting of an expanded constant expression.
const maxExpandDepth = 64

// removedConstOp reports whether LLVM 22 has no constant expression op.
func removedConstOp(op ir.Opcode) bool {
	switch op {
	case ir.ICmp, ir.FCmp, ir.Shl, ir.Mul, ir.And, ir.Or, ir.LShr, ir.AShr, ir.ZExt, ir.SExt,
		ir.UDiv, ir.SDiv, ir.URem, ir.SRem, ir.FNeg, ir.FPTrunc, ir.FPExt, ir.UIToFP, ir.SIToFP,
		ir.FPToUI, ir.FPToSI, ir.Select, ir.FAdd, ir.FSub, ir.FMul, ir.FDiv, ir.FRem:
		return true
	}
	return false
}

// unsupportedConstExpr reports whether LLVM 22 makes instructions of ce
// (isConstExprSupported): a removed expression that does not fold, or a
// getelementptr over a scalable type (isSupportedGetElementPtr).
func unsupportedConstExpr(ce *ir.ConstExpr) bool {
	if ce.Op == ir.GetElementPtr {
		return isScalableTy(ce.SrcElem, 0)
	}
	return removedConstOp(ce.Op) && foldRemoved(ce) == nil
}

// isScalableTy is Type::isScalableTy: a scalable vector, or an array or
// struct that holds one.
func isScalableTy(t *ir.Type, depth int) bool {
	if t == nil || depth > maxExpandDepth {
		return false
	}
	switch t.Kind {
	case ir.ScalableVectorType:
		return true
	case ir.ArrayType:
		return isScalableTy(t.Elem, depth+1)
	case ir.StructType:
		for _, f := range t.Fields {
			if isScalableTy(f, depth+1) {
				return true
			}
		}
	}
	return false
}

// needsExpand reports whether c must become instructions: a removed
// constant expression that does not fold, or a constant expression or
// aggregate (struct, array, fixed vector) with such an operand. memo holds
// the answers so far (constants share operands).
func needsExpand(c ir.Value, depth int, memo map[ir.Value]bool) bool {
	var ops []ir.Constant
	removed := false
	switch c := c.(type) {
	case *ir.ConstExpr:
		ops = c.Operands
		removed = unsupportedConstExpr(c)
	case *ir.ConstAggregate:
		if c.Typ.Kind == ir.ScalableVectorType {
			return false
		}
		ops = c.Elems
	default:
		return false
	}
	if depth > maxExpandDepth {
		return false
	}
	if v, ok := memo[c]; ok {
		return v
	}
	v := removed
	for _, op := range ops {
		if v {
			break
		}
		v = needsExpand(op, depth+1, memo)
	}
	memo[c] = v
	return v
}

// firstRemoved returns the opcode of the removed constant expression LLVM
// meets first in c (operands before the expression, left to right), BadOp
// when c holds none.
func firstRemoved(c ir.Value, depth int) ir.Opcode {
	var ops []ir.Constant
	switch c := c.(type) {
	case *ir.ConstExpr:
		ops = c.Operands
	case *ir.ConstAggregate:
		ops = c.Elems
	case *ir.PtrAuth:
		ops = []ir.Constant{c.Ptr, c.Key, c.Disc, c.AddrDisc}
	default:
		return ir.BadOp
	}
	if depth > maxExpandDepth {
		return ir.BadOp
	}
	for _, op := range ops {
		if o := firstRemoved(op, depth+1); o != ir.BadOp {
			return o
		}
	}
	if ce, ok := c.(*ir.ConstExpr); ok && unsupportedConstExpr(ce) {
		return ce.Op
	}
	return ir.BadOp
}

// checkInitializer fails when c, used where LLVM has no block to put
// instructions in (what names it), holds a constant expression LLVM 22
// no longer has: LLVM 22's reader refuses such a module.
func (r *Reader) checkInitializer(c ir.Value, what string) error {
	if !r.oldConstExprs {
		return nil
	}
	if op := firstRemoved(c, 0); op != ir.BadOp {
		return r.errorf("%s refers to an unsupported constant expression of type %s (LLVM 22 has no %s constant expressions)", what, op, op)
	}
	return nil
}

// foldRemoved folds what LLVM's folder folds of a removed expression: an
// equality comparison of a global that cannot be null (not extern_weak,
// address space 0) with null.
func foldRemoved(ce *ir.ConstExpr) ir.Constant {
	if ce.Op != ir.ICmp || len(ce.Operands) != 2 || (ce.Pred != ir.ICmpEQ && ce.Pred != ir.ICmpNE) {
		return nil
	}
	a, b := ce.Operands[0], ce.Operands[1]
	if _, ok := a.(*ir.ConstNull); ok {
		a, b = b, a
	}
	if _, ok := b.(*ir.ConstNull); !ok {
		return nil
	}
	var h *ir.GlobalHeader
	switch g := a.(type) {
	case *ir.GlobalVar:
		h = &g.GlobalHeader
	case *ir.Function:
		h = &g.GlobalHeader
	default:
		return nil
	}
	if h.Linkage == ir.ExternalWeakLinkage || h.Typ == nil || h.Typ.AddrSpace != 0 {
		return nil
	}
	v := int64(0)
	if ce.Pred == ir.ICmpNE {
		v = -1 // i1 true, sign-extended
	}
	return &ir.ConstInt{Typ: ce.Typ, V: v}
}

// expandOperands turns the removed constant expressions among in's
// operands into instructions at the end of the current block, where in
// goes next: operand bundles' inputs first, then the operands in the order
// LLVM's reader reads them (a store's pointer before its value, a select's
// values before its condition, a call's callee before its arguments). A
// landingpad clause holding one makes the module invalid.
func (r *Reader) expandOperands(fs *funcState, in *ir.Instruction) error {
	switch in.Op {
	case ir.PHI:
		return nil // phiValue did it
	case ir.LandingPad:
		for _, cl := range in.Clauses() {
			if err := r.checkInitializer(cl.Value, "a landingpad clause"); err != nil {
				return err
			}
		}
		return nil
	case ir.Store:
		if len(in.Operands) == 2 {
			r.expandOperand(fs, &in.Operands[1])
			r.expandOperand(fs, &in.Operands[0])
		}
		return nil
	case ir.Select:
		if len(in.Operands) == 3 {
			r.expandOperand(fs, &in.Operands[1])
			r.expandOperand(fs, &in.Operands[2])
			r.expandOperand(fs, &in.Operands[0])
		}
		return nil
	case ir.Call, ir.Invoke, ir.CallBr:
		for i := range in.Bundles() {
			for j := range in.Bundles()[i].Inputs {
				r.expandOperand(fs, &in.Bundles()[i].Inputs[j])
			}
		}
		if in.Callee != nil {
			r.expandOperand(fs, &in.Callee)
		}
	}
	for i := range in.Operands {
		r.expandOperand(fs, &in.Operands[i])
	}
	return nil
}

// expandOperand replaces *v, when it is a constant that must become
// instructions, by the last of the instructions it becomes, appended to
// the current block.
func (r *Reader) expandOperand(fs *funcState, v *ir.Value) {
	if r.mustExpand(fs, v) {
		r.expandInto(fs, fs.blocks[fs.cur], v)
	}
}

// mustExpand reports whether *v is a constant that must become
// instructions; a removed constant expression that folds is replaced by
// what it folds to.
func (r *Reader) mustExpand(fs *funcState, v *ir.Value) bool {
	switch c := (*v).(type) {
	case *ir.ConstExpr:
		if f := foldRemoved(c); f != nil {
			*v = f
			return false
		}
	case *ir.ConstAggregate:
	default:
		return false
	}
	if fs.memo == nil {
		fs.memo = map[ir.Value]bool{}
	}
	return needsExpand(*v, 0, fs.memo)
}

// expandInto replaces *v, which mustExpand accepted, by the last of the
// instructions it becomes, appended to b.
func (r *Reader) expandInto(fs *funcState, b *ir.Block, v *ir.Value) {
	x := expander{r: r, fs: fs, b: b, done: map[ir.Value]ir.Value{}}
	*v = x.expand(*v, 0)
}

// An expander makes the instructions of one operand (one call of LLVM's
// materializeValue): done holds what it has made of each constant.
type expander struct {
	r    *Reader
	fs   *funcState
	b    *ir.Block
	done map[ir.Value]ir.Value
}

// expand returns what c becomes: c itself when it needs no instruction,
// else the last instruction made of it, appended to x.b after those of its
// operands.
func (x *expander) expand(c ir.Value, depth int) ir.Value {
	if v, ok := x.done[c]; ok {
		return v
	}
	if ce, ok := c.(*ir.ConstExpr); ok {
		if f := foldRemoved(ce); f != nil {
			return f
		}
	}
	if !needsExpand(c, depth, x.fs.memo) {
		return c
	}
	var v ir.Value
	switch c := c.(type) {
	case *ir.ConstExpr:
		ops := make([]ir.Value, len(c.Operands))
		for i, op := range c.Operands {
			ops[i] = x.expand(op, depth+1)
		}
		v = x.exprInst(c, ops)
	case *ir.ConstAggregate:
		ops := make([]ir.Value, len(c.Elems))
		for i, op := range c.Elems {
			ops[i] = x.expand(op, depth+1)
		}
		v = x.aggregateInsts(c.Typ, ops)
	}
	x.done[c] = v
	return v
}

// add appends in, named base as the symbol table makes it unique, to x.b.
func (x *expander) add(in *ir.Instruction, base string) *ir.Instruction {
	in.Name = x.fs.claim(base)
	x.b.Instrs = append(x.b.Instrs, in)
	return in
}

// exprInst makes the instruction of constant expression c with operands
// ops: c's opcode, flags (wrap, exact and the getelementptr flags; not
// inrange) and predicate.
func (x *expander) exprInst(c *ir.ConstExpr, ops []ir.Value) ir.Value {
	in := x.r.newInstruction()
	in.Op, in.Typ = c.Op, c.Typ
	switch {
	case c.Op == ir.GetElementPtr:
		in.ElemType = c.SrcElem
		in.Flags = c.Flags & (ir.InBounds | ir.NUSW | ir.NUW)
	case c.Op == ir.ICmp || c.Op == ir.FCmp:
		in.Pred = c.Pred
	case c.Op.IsBinary():
		in.Flags = c.Flags & (ir.NUW | ir.NSW | ir.Exact)
	}
	if c.Op == ir.ShuffleVector && len(ops) == 3 {
		if m, err := x.r.constMask(ops[2]); err == nil {
			extraOf(in).Mask = m
		}
		ops = ops[:2]
	}
	in.Operands = append(in.Operands[:0], ops...)
	return x.add(in, "constexpr")
}

// aggregateInsts builds an aggregate of type t from elems, one
// insertelement (vectors, i32 indices) or insertvalue per element, from
// poison.
func (x *expander) aggregateInsts(t *ir.Type, elems []ir.Value) ir.Value {
	var v ir.Value = &ir.Poison{Typ: t}
	for i, e := range elems {
		in := x.r.newInstruction()
		in.Typ = t
		if t.IsVector() {
			idx := &ir.ConstInt{Typ: x.r.shape(ir.Type{Kind: ir.IntegerType, BitWidth: 32}), V: int64(i)}
			in.Op, in.Operands = ir.InsertElement, append(in.Operands[:0], v, e, idx)
		} else {
			in.Op, in.Operands = ir.InsertValue, append(in.Operands[:0], v, e)
			ex := extraOf(in)
			ex.Indices = append(ex.Indices[:0], uint32(i))
		}
		v = x.add(in, "constexpr.ins")
	}
	return v
}
