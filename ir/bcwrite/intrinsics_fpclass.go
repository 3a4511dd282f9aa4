package bcwrite

import (
	"math/big"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// llvm.is.fpclass (LLVM 15) tests which of ten classes a floating-point
// value (or each element of a vector of them) is in: its second operand,
// an immediate, is the set of classes (LLVM's FPClassTest: 1 signaling
// NaN, 2 quiet NaN, 4 -inf, 8 -normal, 16 -subnormal, 32 -0, 64 +0, 128
// +subnormal, 256 +normal, 512 +inf). clang 22 calls it for isnormal()
// at -O2, and InstCombine makes it of other tests. A reader before LLVM
// 15 is given each call as the tests of the value's bits it stands for,
// on the integer of the value's width (what LLVM's own expansion of it,
// TargetLowering::expandIS_FPCLASS, computes):
//
//	%i = bitcast %x to iW
//	%abs = and %i, SIGN-1                       (the sign cleared)
//	nan:        icmp ugt %abs, INF              (INF: the exponent's bits)
//	quiet nan:  icmp uge %abs, INF|QUIET        (QUIET: the mantissa's top bit)
//	inf:        icmp eq %abs, INF
//	normal:     icmp ult (sub %abs, MIN), INF-MIN   (MIN: the least normal)
//	subnormal:  icmp ult (sub %abs, 1), MIN-1
//	zero:       icmp eq %abs, 0
//
// each and-ed with the sign's test (icmp slt %i, 0, or sgt %i, -1) when
// the set holds the class of one sign only, and the tests or-ed. Of the
// IEEE formats only (half, bfloat, float, double, fp128): a call on
// x86_fp80 or ppc_fp128 is refused, as is one whose set is not an
// immediate (the verifier refuses it).

// The classes of FPClassTest, by their bits.
const (
	fcSNaN      = 1 << 0
	fcQNaN      = 1 << 1
	fcNegInf    = 1 << 2
	fcNegNormal = 1 << 3
	fcNegSub    = 1 << 4
	fcNegZero   = 1 << 5
	fcPosZero   = 1 << 6
	fcPosSub    = 1 << 7
	fcPosNormal = 1 << 8
	fcPosInf    = 1 << 9
	fcAll       = 1<<10 - 1
)

// ieeeFormat returns the width and the number of stored mantissa bits of
// an IEEE floating-point type.
func ieeeFormat(t *ir.Type) (width, mant uint, ok bool) {
	switch t.Kind {
	case ir.HalfType:
		return 16, 10, true
	case ir.BFloatType:
		return 16, 7, true
	case ir.FloatType:
		return 32, 23, true
	case ir.DoubleType:
		return 64, 52, true
	case ir.FP128Type:
		return 128, 112, true
	}
	return 0, 0, false
}

// fpClassSig reports whether sig is one of llvm.is.fpclass's that
// olderFPClassCalls gives as integer tests: an IEEE floating-point value
// (a fixed vector of them, of at most 64 bits each) and an i32, giving
// an i1 (a vector of them as long).
func fpClassSig(sig *ir.Type) bool {
	if sig == nil || len(sig.Params) != 2 || sig.Ret == nil || sig.VarArg {
		return false
	}
	x, set, r := sig.Params[0], sig.Params[1], sig.Ret
	if x == nil || set == nil || set.Kind != ir.IntegerType || set.BitWidth != 32 {
		return false
	}
	width, _, ok := ieeeFormat(x.Scalar())
	if !ok || r.Scalar().Kind != ir.IntegerType || r.Scalar().BitWidth != 1 {
		return false
	}
	switch {
	case x.Kind == ir.ScalableVectorType || r.Kind == ir.ScalableVectorType:
		return false
	case x.IsVector():
		return r.Kind == ir.FixedVectorType && r.Len == x.Len && width <= 64 && x.Len <= maxLanes
	}
	return !r.IsVector()
}

// olderFPClassDecls takes the declarations of llvm.is.fpclass out of the
// module written for a reader before LLVM 15, those olderFPClassCalls
// gives as integer tests, recording them in w.fpclass; restore puts them
// back. Others are left for checkIntrinsic to refuse.
func (w *writer) olderFPClassDecls() (restore func()) {
	if w.knows(15) {
		return func() {}
	}
	return w.takeDecls(func(f *ir.Function) bool {
		if !strings.HasPrefix(f.Name, "llvm.is.fpclass.") || f.HasBody || !fpClassSig(f.Sig) {
			return false
		}
		if w.fpclass == nil {
			w.fpclass = map[*ir.Function]bool{}
		}
		w.fpclass[f] = true
		return true
	})
}

// olderFPClassCalls gives the calls of llvm.is.fpclass in f's body as the
// integer tests they stand for (the call itself becomes the last of
// them, so that its uses stay); undo undoes it.
func (w *writer) olderFPClassCalls(f *ir.Function) (undo func()) {
	if len(w.fpclass) == 0 {
		return func() {}
	}
	return expandCalls(f, func(in *ir.Instruction) []*ir.Instruction {
		callee, _ := in.Callee.(*ir.Function)
		if in.Op != ir.Call || !w.fpclass[callee] || len(in.Operands) != 2 {
			return nil
		}
		set, ok := in.Operands[1].(*ir.ConstInt)
		if sig := (&ir.Type{Kind: ir.FunctionType, Ret: in.Typ, Params: []*ir.Type{in.Operands[0].Type(), i32Type}}); !fpClassSig(sig) {
			// A call of another type than the declaration's (not
			// valid IR).
			ok = false
		}
		if !ok || set.V&^fcAll != 0 {
			w.cannot("a call of llvm.is.fpclass of other operands than a floating-point value and an immediate set of classes")
			return nil
		}
		w.loseInBody("llvm.is.fpclass call (as the tests of the value's bits it stands for)")
		return fpClassTests(in.Operands[0], uint32(set.V), in.DebugLoc)
	})
}

// fpClassTests returns the instructions that compute llvm.is.fpclass(x,
// set), the last giving the result (see olderFPClassCalls). x's type is
// one fpClassSig takes.
func fpClassTests(x ir.Value, set uint32, loc ir.Metadata) []*ir.Instruction {
	xt := x.Type()
	width, mant, _ := ieeeFormat(xt.Scalar())
	it := &ir.Type{Kind: ir.IntegerType, BitWidth: uint32(width)}
	bt := i1Type
	if xt.IsVector() {
		it = &ir.Type{Kind: xt.Kind, Len: xt.Len, Elem: it}
		bt = &ir.Type{Kind: xt.Kind, Len: xt.Len, Elem: i1Type}
	}
	one := big.NewInt(1)
	bit := func(n uint) *big.Int { return new(big.Int).Lsh(one, n) }
	minus1 := func(v *big.Int) *big.Int { return new(big.Int).Sub(v, one) }
	sign := bit(width - 1)
	minNormal := bit(mant)
	inf := new(big.Int).Sub(minus1(sign), minus1(minNormal)) // the exponent's bits
	quiet := new(big.Int).Or(inf, bit(mant-1))

	var out []*ir.Instruction
	add := func(in *ir.Instruction) *ir.Instruction {
		in.DebugLoc = loc
		out = append(out, in)
		return in
	}
	c := func(v *big.Int) ir.Value { return intConst(it, v) }
	icmp := func(p ir.Predicate, a, b ir.Value) *ir.Instruction {
		return add(&ir.Instruction{Op: ir.ICmp, Pred: p, Typ: bt, Operands: []ir.Value{a, b}})
	}
	bits := add(&ir.Instruction{Op: ir.BitCast, Typ: it, Operands: []ir.Value{x}})
	switch set & fcAll {
	case 0:
		icmp(ir.ICmpNE, bits, bits) // false
		return out
	case fcAll:
		icmp(ir.ICmpEQ, bits, bits) // true
		return out
	}
	abs := add(&ir.Instruction{Op: ir.And, Typ: it, Operands: []ir.Value{bits, c(minus1(sign))}})
	var neg, pos *ir.Instruction
	var terms []*ir.Instruction
	switch set & (fcSNaN | fcQNaN) {
	case fcSNaN | fcQNaN:
		terms = append(terms, icmp(ir.ICmpUGT, abs, c(inf)))
	case fcQNaN:
		terms = append(terms, icmp(ir.ICmpUGE, abs, c(quiet)))
	case fcSNaN:
		nan := icmp(ir.ICmpUGT, abs, c(inf))
		notQuiet := icmp(ir.ICmpULT, abs, c(quiet))
		terms = append(terms, add(&ir.Instruction{Op: ir.And, Typ: bt, Operands: []ir.Value{nan, notQuiet}}))
	}
	classes := []struct {
		negBit, posBit uint32
		test           func() *ir.Instruction
	}{
		{fcNegInf, fcPosInf, func() *ir.Instruction { return icmp(ir.ICmpEQ, abs, c(inf)) }},
		{fcNegNormal, fcPosNormal, func() *ir.Instruction {
			d := add(&ir.Instruction{Op: ir.Sub, Typ: it, Operands: []ir.Value{abs, c(minNormal)}})
			return icmp(ir.ICmpULT, d, c(new(big.Int).Sub(inf, minNormal)))
		}},
		{fcNegSub, fcPosSub, func() *ir.Instruction {
			d := add(&ir.Instruction{Op: ir.Sub, Typ: it, Operands: []ir.Value{abs, c(one)}})
			return icmp(ir.ICmpULT, d, c(minus1(minNormal)))
		}},
		{fcNegZero, fcPosZero, func() *ir.Instruction { return icmp(ir.ICmpEQ, abs, c(new(big.Int))) }},
	}
	for _, cl := range classes {
		hasNeg, hasPos := set&cl.negBit != 0, set&cl.posBit != 0
		if !hasNeg && !hasPos {
			continue
		}
		t := cl.test()
		switch {
		case hasNeg && hasPos:
		case hasNeg:
			if neg == nil {
				neg = icmp(ir.ICmpSLT, bits, c(new(big.Int)))
			}
			t = add(&ir.Instruction{Op: ir.And, Typ: bt, Operands: []ir.Value{t, neg}})
		default:
			if pos == nil {
				pos = icmp(ir.ICmpSGT, bits, c(big.NewInt(-1)))
			}
			t = add(&ir.Instruction{Op: ir.And, Typ: bt, Operands: []ir.Value{t, pos}})
		}
		terms = append(terms, t)
	}
	r := terms[0]
	for _, t := range terms[1:] {
		r = add(&ir.Instruction{Op: ir.Or, Typ: bt, Operands: []ir.Value{r, t}})
	}
	return out // r, the last made
}

// intConst returns the constant v of integer type t, or the splat of v
// of vector type t (of elements of at most 64 bits); v is taken modulo
// 2^width.
func intConst(t *ir.Type, v *big.Int) ir.Value {
	st := t.Scalar()
	width := uint(st.BitWidth)
	mod := new(big.Int).And(v, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), width), big.NewInt(1)))
	if !t.IsVector() {
		if width > 64 {
			signed := mod
			if mod.Bit(int(width-1)) == 1 {
				signed = new(big.Int).Sub(mod, new(big.Int).Lsh(big.NewInt(1), width))
			}
			return &ir.ConstInt{Typ: t, Big: signed}
		}
		u := mod.Uint64()
		return &ir.ConstInt{Typ: t, V: int64(u<<(64-width)) >> (64 - width)}
	}
	u := mod.Uint64()
	if u == 0 {
		return &ir.ConstNull{Typ: t}
	}
	elems := make([]uint64, t.Len)
	for i := range elems {
		elems[i] = u
	}
	return &ir.ConstData{Typ: t, Elems: elems}
}
