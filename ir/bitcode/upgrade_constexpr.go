package bitcode

import (
	"strconv"

	"github.com/bcextract/bcextract/ir"
)

// Constant expressions that LLVM 22 no longer has (icmp and fcmp since
// LLVM 19, among others) are turned into instructions named %constexpr,
// %constexpr1, ... placed before each instruction that uses them, when
// LLVM's folder cannot fold them (BitcodeReader's materializeValue).

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

// needsExpand reports whether c must become instructions. memo holds
// the answers so far (constant expressions may share operands).
func needsExpand(c ir.Value, depth int, memo map[*ir.ConstExpr]bool) bool {
	ce, ok := c.(*ir.ConstExpr)
	if !ok || depth > maxExpandDepth {
		return false
	}
	if v, ok := memo[ce]; ok {
		return v
	}
	v := removedConstOp(ce.Op) && foldRemoved(ce) == nil
	for _, op := range ce.Operands {
		if v {
			break
		}
		v = needsExpand(op, depth+1, memo)
	}
	memo[ce] = v
	return v
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

// constexprNamer gives the names %constexpr, %constexpr1, ... not yet
// used in a function, and remembers which constant expressions need
// expanding.
type constexprNamer struct {
	used map[string]bool
	last int
	memo map[*ir.ConstExpr]bool
}

func newConstexprNamer(f *ir.Function) *constexprNamer {
	n := &constexprNamer{used: map[string]bool{}, memo: map[*ir.ConstExpr]bool{}}
	for _, p := range f.Params {
		n.used[p.Name] = true
	}
	for _, b := range f.Blocks {
		n.used[b.Name] = true
		for _, in := range b.Instrs {
			n.used[in.Name] = true
		}
	}
	return n
}

func (n *constexprNamer) next() string {
	name := "constexpr"
	for n.used[name] {
		n.last++
		name = "constexpr" + strconv.Itoa(n.last)
	}
	n.used[name] = true
	return name
}

// expandConstExprs replaces, in the operands of in, the constant
// expressions LLVM 22 lacks with instructions appended to out before in;
// each use gets its own instructions, shared parts within it made once.
func expandConstExprs(f *ir.Function, namer **constexprNamer, in *ir.Instruction, out []*ir.Instruction) []*ir.Instruction {
	if in.Op == ir.PHI {
		return out
	}
	for i, op := range in.Operands {
		ce, ok := op.(*ir.ConstExpr)
		if !ok {
			continue
		}
		if *namer == nil {
			*namer = newConstexprNamer(f)
		}
		n := *namer
		if c := foldRemoved(ce); c != nil {
			in.Operands[i] = c
			continue
		}
		if !needsExpand(ce, 0, n.memo) {
			continue
		}
		var v ir.Value
		v, out = expandOne(ce, n, map[*ir.ConstExpr]ir.Value{}, out, 0)
		in.Operands[i] = v
	}
	return out
}

func expandOne(ce *ir.ConstExpr, n *constexprNamer, done map[*ir.ConstExpr]ir.Value, out []*ir.Instruction, depth int) (ir.Value, []*ir.Instruction) {
	if v, ok := done[ce]; ok {
		return v, out
	}
	if c := foldRemoved(ce); c != nil {
		return c, out
	}
	ops := make([]ir.Value, len(ce.Operands))
	for i, op := range ce.Operands {
		if sub, ok := op.(*ir.ConstExpr); ok && needsExpand(sub, depth+1, n.memo) {
			ops[i], out = expandOne(sub, n, done, out, depth+1)
		} else {
			ops[i] = op
		}
	}
	in := &ir.Instruction{Op: ce.Op, Typ: ce.Typ, Operands: ops, Flags: ce.Flags, Pred: ce.Pred, ElemType: ce.SrcElem,
		Name: n.next()}
	done[ce] = in
	return in, append(out, in)
}
