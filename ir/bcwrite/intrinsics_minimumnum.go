package bcwrite

import (
	"math/big"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// llvm.minimumnum and llvm.maximumnum (LLVM 20; C23's fminimum_num and
// fmaximum_num) give the lesser or greater of two floating-point values,
// a NaN operand taken for missing (NaN only when both are), -0.0 below
// +0.0. A reader before LLVM 20 is given each call as the compares and
// selects that compute it,
//
//	%an = fcmp uno %a, %a
//	%x = select %an, %b, %a          (a NaN: b)
//	%bn = fcmp uno %b, %b
//	%y = select %bn, %x, %b          (b NaN: x)
//	%lt = fcmp olt %x, %y            (ogt for maximumnum)
//	%m = select %lt, %x, %y
//	%eq = fcmp oeq %x, %y            (+0.0 and -0.0 too)
//	%xi = bitcast %x to iN
//	%neg = icmp slt %xi, 0           (x's sign)
//	%z = select %neg, %x, %y         (%y, %x for maximumnum)
//	%r = select %eq, %z, %m
//
// reported (where both are NaN the result is the second operand, not
// made quiet). The declarations stay: uncalled, they are written as
// declarations of intrinsics the reader lacks are (noteUncalledIntrinsics).
// Of an IEEE type (half, bfloat, float, double, fp128) or a fixed vector
// of one; others are refused.

// olderMinimumNumDecls records in w.minimumNum (true for maximumnum) the
// declarations of llvm.minimumnum and llvm.maximumnum of an IEEE type
// whose calls are given to a reader before LLVM 20 as compares and
// selects. Others are left for checkUnknownCalls to refuse.
func (w *writer) olderMinimumNumDecls() {
	if w.knows(22) {
		return
	}
	for _, f := range w.m.Functions {
		isMax := strings.HasPrefix(f.Name, "llvm.maximumnum.")
		if !isMax && !strings.HasPrefix(f.Name, "llvm.minimumnum.") || f.HasBody || !minimumNumSig(f.Sig) {
			continue
		}
		if w.minimumNum == nil {
			w.minimumNum = map[*ir.Function]bool{}
		}
		w.minimumNum[f] = isMax
	}
}

// minimumNumSig reports whether sig is one of llvm.minimumnum's that
// olderMinimumNumCalls gives as compares and selects: two operands and a
// result of one IEEE type, or a fixed vector of one.
func minimumNumSig(sig *ir.Type) bool {
	if sig == nil || len(sig.Params) != 2 || sig.Ret == nil || sig.VarArg {
		return false
	}
	t := sig.Ret
	if sig.Params[0] != t || sig.Params[1] != t || t.Kind == ir.ScalableVectorType {
		return false
	}
	_, _, ok := ieeeFormat(t.Scalar())
	return ok
}

// olderMinimumNumCalls gives the calls of llvm.minimumnum and
// llvm.maximumnum in f's body as the compares and selects that compute
// them (the call itself becomes the last, so that its uses stay); undo
// undoes it.
func (w *writer) olderMinimumNumCalls(f *ir.Function) (undo func()) {
	if len(w.minimumNum) == 0 {
		return func() {}
	}
	return expandCalls(f, func(in *ir.Instruction) []*ir.Instruction {
		callee, _ := in.Callee.(*ir.Function)
		isMax, ok := w.minimumNum[callee]
		if !ok || in.Op != ir.Call || len(in.Operands) != 2 || in.Operands[0].Type() != in.Typ || in.Operands[1].Type() != in.Typ {
			return nil
		}
		w.loseInBody(callee.Name[:len("llvm.minimumnum")] + " call (as the compares and selects it stands for)")
		t := in.Typ
		width, _, _ := ieeeFormat(t.Scalar())
		it := &ir.Type{Kind: ir.IntegerType, BitWidth: uint32(width)}
		bt := i1Type
		if t.IsVector() {
			it = &ir.Type{Kind: t.Kind, Len: t.Len, Elem: it}
			bt = &ir.Type{Kind: t.Kind, Len: t.Len, Elem: i1Type}
		}
		var out []*ir.Instruction
		add := func(x *ir.Instruction) *ir.Instruction {
			x.DebugLoc = in.DebugLoc
			out = append(out, x)
			return x
		}
		fcmp := func(p ir.Predicate, a, b ir.Value) *ir.Instruction {
			return add(&ir.Instruction{Op: ir.FCmp, Pred: p, Typ: bt, Operands: []ir.Value{a, b}})
		}
		sel := func(c, a, b ir.Value) *ir.Instruction {
			return add(&ir.Instruction{Op: ir.Select, Typ: t, Operands: []ir.Value{c, a, b}})
		}
		a, b := in.Operands[0], in.Operands[1]
		x := sel(fcmp(ir.FCmpUNO, a, a), b, a)
		y := sel(fcmp(ir.FCmpUNO, b, b), x, b)
		order := ir.FCmpOLT
		if isMax {
			order = ir.FCmpOGT
		}
		m := sel(fcmp(order, x, y), x, y)
		eq := fcmp(ir.FCmpOEQ, x, y)
		xi := add(&ir.Instruction{Op: ir.BitCast, Typ: it, Operands: []ir.Value{x}})
		neg := add(&ir.Instruction{Op: ir.ICmp, Pred: ir.ICmpSLT, Typ: bt, Operands: []ir.Value{xi, intConst(it, new(big.Int))}})
		var z *ir.Instruction
		if isMax {
			z = sel(neg, y, x)
		} else {
			z = sel(neg, x, y)
		}
		sel(eq, z, m)
		return out
	})
}
