package bitcode

import (
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// The masked AVX-512 intrinsics clang 3.9 to 6's headers emitted, and the
// FMA, FMA4, XOP and mask-register intrinsics of the same headers, which
// LLVM 22 rewrites (upgradeX86IntrinsicCall, upgradeAVX512MaskToSelect):
// the operation (an instruction, a generic intrinsic or the unmasked x86
// intrinsic that replaced the masked one) followed by a select of each
// element by the mask from the pass-through (emitX86Select); the
// compares into a mask into an icmp and a vector of i1 bitcast to the
// mask's integer (applyX86MaskOn1BitsVec); the mask-register operations
// into operations on vectors of i1; the FMA forms into llvm.fma with
// fneg; the non-temporal loads into a load with !nontemporal.
//
// Each rewrite checks first what would make IRBuilder fold an
// instruction into a constant (constant operands, a constant mask of
// fewer than 8 elements) and leaves such a call to be reported: nothing is
// made of it, no name is taken, nothing is declared.

// An x86Plan checks the declaration of a family planned by planX86IR
// (shape x86Planned): its types, and the declarations its calls call
// (u.newName and u.newSig, u.alt and u.altSig), which LLVM 22 must know.
// It returns false to leave the declaration to be reported.
type x86Plan func(r *Reader, u *oldIntrinsic, name string) bool

// x86AVX512Family returns the rewrite of x86 intrinsic name (without
// "llvm.x86.") among these families, false when it is none of them.
func x86AVX512Family(name string) (x86IR, bool) {
	fam := func(plan x86Plan, rw callRewriter, op int) (x86IR, bool) {
		return x86IR{rewrite: rw, shape: x86Planned, plan: plan, op: op}, true
	}
	switch {
	case strings.HasPrefix(name, "avx512.mask.padd."):
		return fam(planX86MaskArith, rewriteX86MaskArith, int(ir.Add))
	case strings.HasPrefix(name, "avx512.mask.psub."):
		return fam(planX86MaskArith, rewriteX86MaskArith, int(ir.Sub))
	case strings.HasPrefix(name, "avx512.mask.pmull."):
		return fam(planX86MaskArith, rewriteX86MaskArith, int(ir.Mul))
	case strings.HasPrefix(name, "avx512.mask.add.p"):
		return fam(planX86MaskArith, rewriteX86MaskArith, int(ir.FAdd))
	case strings.HasPrefix(name, "avx512.mask.sub.p"):
		return fam(planX86MaskArith, rewriteX86MaskArith, int(ir.FSub))
	case strings.HasPrefix(name, "avx512.mask.mul.p"):
		return fam(planX86MaskArith, rewriteX86MaskArith, int(ir.FMul))
	case strings.HasPrefix(name, "avx512.mask.div.p"):
		return fam(planX86MaskArith, rewriteX86MaskArith, int(ir.FDiv))
	case (strings.HasPrefix(name, "avx512.mask.max.p") || strings.HasPrefix(name, "avx512.mask.min.p")) &&
		strings.HasSuffix(name, ".512") && len(name) == len("avx512.mask.max.ps.512"):
		return fam(planX86MaskArith, rewriteX86MaskArith, 0)
	case strings.HasPrefix(name, "avx512.mask.and."), strings.HasPrefix(name, "avx512.mask.pand."):
		return fam(planX86MaskLogic, rewriteX86MaskLogic, int(ir.And))
	case strings.HasPrefix(name, "avx512.mask.andn."), strings.HasPrefix(name, "avx512.mask.pandn."):
		return fam(planX86MaskLogic, rewriteX86MaskLogic, x86AndNot)
	case strings.HasPrefix(name, "avx512.mask.or."), strings.HasPrefix(name, "avx512.mask.por."):
		return fam(planX86MaskLogic, rewriteX86MaskLogic, int(ir.Or))
	case strings.HasPrefix(name, "avx512.mask.xor."), strings.HasPrefix(name, "avx512.mask.pxor."):
		return fam(planX86MaskLogic, rewriteX86MaskLogic, int(ir.Xor))
	case strings.HasPrefix(name, "avx512.mask.pmaxs"):
		return fam(planX86Generic("llvm.smax", 2), rewriteX86CallSelect, 2)
	case strings.HasPrefix(name, "avx512.mask.pmaxu"):
		return fam(planX86Generic("llvm.umax", 2), rewriteX86CallSelect, 2)
	case strings.HasPrefix(name, "avx512.mask.pmins"):
		return fam(planX86Generic("llvm.smin", 2), rewriteX86CallSelect, 2)
	case strings.HasPrefix(name, "avx512.mask.pminu"):
		return fam(planX86Generic("llvm.umin", 2), rewriteX86CallSelect, 2)
	case strings.HasPrefix(name, "avx512.mask.pabs"):
		return fam(planX86Generic("llvm.abs", 1), rewriteX86CallSelect, x86AbsArgs)
	case strings.HasPrefix(name, "avx512.mask.sqrt.p"):
		return fam(planX86MaskSqrt, rewriteX86MaskSqrt, 0)
	case strings.HasPrefix(name, "avx512.mask.psll"), strings.HasPrefix(name, "avx512.mask.psrl"),
		strings.HasPrefix(name, "avx512.mask.psra"):
		return fam(planX86MaskShift, rewriteX86CallSelect, 2)
	case strings.HasPrefix(name, "avx512.mask.pmovsx"), strings.HasPrefix(name, "avx512.mask.pmovzx"):
		return fam(planX86MaskExtend, rewriteX86MaskExtend, 0)
	case name == "avx512.mask.pmov.qd.256", name == "avx512.mask.pmov.qd.512",
		name == "avx512.mask.pmov.wb.256", name == "avx512.mask.pmov.wb.512":
		return fam(planX86MaskTrunc, rewriteX86MaskTrunc, 0)
	case strings.HasPrefix(name, "avx512.mask.cvtdq2pd."), strings.HasPrefix(name, "avx512.mask.cvtdq2ps."),
		strings.HasPrefix(name, "avx512.mask.cvtqq2pd."), name == "avx512.mask.cvtps2pd.128",
		name == "avx512.mask.cvtps2pd.256":
		return x86IR{rewrite: rewriteX86MaskCvt, op: int(ir.SIToFP), shape: x86MaskCvt}, true
	case strings.HasPrefix(name, "avx512.mask.cvtudq2pd."), strings.HasPrefix(name, "avx512.mask.cvtudq2ps."),
		strings.HasPrefix(name, "avx512.mask.cvtuqq2pd."):
		return x86IR{rewrite: rewriteX86MaskCvt, op: int(ir.UIToFP), shape: x86MaskCvt}, true
	case strings.HasPrefix(name, "avx512.ptestm"), strings.HasPrefix(name, "avx512.ptestnm"):
		return fam(planX86Ptest, rewriteX86Ptest, 0)
	case strings.HasPrefix(name, "avx512.cvtb2mask."), strings.HasPrefix(name, "avx512.cvtw2mask."),
		strings.HasPrefix(name, "avx512.cvtd2mask."), strings.HasPrefix(name, "avx512.cvtq2mask."):
		return fam(planX86ToMask, rewriteX86ToMask, 0)
	case strings.HasPrefix(name, "avx512.cvtmask2"):
		return fam(planX86FromMask, rewriteX86FromMask, 0)
	case name == "avx512.kand.w", name == "avx512.kandn.w", name == "avx512.kor.w", name == "avx512.kxor.w",
		name == "avx512.kxnor.w", name == "avx512.knot.w", name == "avx512.kortestz.w", name == "avx512.kortestc.w",
		strings.HasPrefix(name, "avx512.kunpck"):
		return fam(planX86KMask, rewriteX86KMask, 0)
	case strings.HasPrefix(name, "avx512.mask.broadcastf"), strings.HasPrefix(name, "avx512.mask.broadcasti"):
		if strings.Contains(name, "32x2.") {
			break // LLVM 22 leaves them (knownLeftOld)
		}
		return fam(planX86MaskBroadcast, rewriteX86MaskBroadcast, 0)
	case strings.HasPrefix(name, "avx512.mask.pbroadcast"):
		return fam(planX86MaskSplat, rewriteX86MaskSplat, 0)
	case strings.HasPrefix(name, "avx512.broadcastm"):
		return fam(planX86BroadcastMask, rewriteX86BroadcastMask, 0)
	case strings.HasSuffix(name, ".movntdqa"):
		return fam(planX86MovNTDQA, rewriteX86MovNTDQA, 0)
	case name == "avx512.cvtusi2sd":
		return fam(planX86CvtUSI, rewriteX86CvtUSI, 0)
	case strings.HasPrefix(name, "xop.vpcmov"):
		return fam(planX86Vpcmov, rewriteX86Vpcmov, 0)
	case strings.HasPrefix(name, "avx512.mask.expand.load."):
		return fam(planX86ExpandLoad, rewriteX86ExpandLoad, 0)
	case strings.HasPrefix(name, "avx512.mask.compress.store."):
		return fam(planX86CompressStore, rewriteX86CompressStore, 0)
	case strings.HasPrefix(name, "avx512.mask.pmulu.dq."):
		return x86IR{rewrite: rewriteX86MaskPmuldq, shape: x86MaskPmul}, true
	case strings.HasPrefix(name, "avx512.mask.pmul.dq."):
		return x86IR{rewrite: rewriteX86MaskPmuldq, op: 1, shape: x86MaskPmul}, true
	case strings.HasPrefix(name, "avx512.mask.vpermi2var."), strings.HasPrefix(name, "avx512.mask.vpermt2var."),
		strings.HasPrefix(name, "avx512.maskz.vpermt2var."):
		return fam(planX86Vpermt2, rewriteX86Vpermt2, 0)
	case strings.HasPrefix(name, "avx512.mask.vpmadd52"), strings.HasPrefix(name, "avx512.maskz.vpmadd52"),
		strings.HasPrefix(name, "avx512.mask.vpdpbusd"), strings.HasPrefix(name, "avx512.maskz.vpdpbusd"),
		strings.HasPrefix(name, "avx512.mask.vpdpwssd"), strings.HasPrefix(name, "avx512.maskz.vpdpwssd"):
		return fam(planX86Ternary, rewriteX86CallSelect, x86TernaryArgs)
	case strings.HasPrefix(name, "fma.vfmadd."), strings.HasPrefix(name, "fma.vfmsub."),
		strings.HasPrefix(name, "fma.vfnmadd."), strings.HasPrefix(name, "fma.vfnmsub."),
		strings.HasPrefix(name, "fma4.vfmadd.s"):
		return fam(planX86FMA, rewriteX86FMA, 0)
	case strings.HasPrefix(name, "fma.vfmsubadd.p"):
		return fam(planX86FMSubAdd, rewriteX86FMSubAdd, 0)
	case strings.HasPrefix(name, "avx512.mask.vfmadd.p"), strings.HasPrefix(name, "avx512.mask.vfnmadd.p"),
		strings.HasPrefix(name, "avx512.mask.vfnmsub.p"), strings.HasPrefix(name, "avx512.mask3.vfmadd.p"),
		strings.HasPrefix(name, "avx512.mask3.vfmsub.p"), strings.HasPrefix(name, "avx512.mask3.vfnmsub.p"),
		strings.HasPrefix(name, "avx512.maskz.vfmadd.p"):
		return fam(planX86MaskFMA, rewriteX86MaskFMA, 0)
	case strings.HasPrefix(name, "avx512.mask.vfmadd.s"), strings.HasPrefix(name, "avx512.maskz.vfmadd.s"),
		strings.HasPrefix(name, "avx512.mask3.vfmadd.s"), strings.HasPrefix(name, "avx512.mask3.vfmsub.s"),
		strings.HasPrefix(name, "avx512.mask3.vfnmsub.s"):
		return fam(planX86MaskFMAScalar, rewriteX86MaskFMAScalar, 0)
	case strings.HasPrefix(name, "avx512.mask.vfmaddsub.p"), strings.HasPrefix(name, "avx512.mask3.vfmaddsub.p"),
		strings.HasPrefix(name, "avx512.maskz.vfmaddsub.p"), strings.HasPrefix(name, "avx512.mask3.vfmsubadd.p"):
		return fam(planX86MaskFMAddSub, rewriteX86MaskFMAddSub, 0)
	case strings.HasPrefix(name, "avx512.mask."):
		if base, ok := x86MaskToSelect(name[len("avx512.mask."):]); ok {
			return fam(planX86MaskToSelect(base), rewriteX86CallSelect, x86AllButTwo)
		}
	}
	return x86IR{}, false
}

// The x86IR.op of rewriteX86MaskLogic for and-not (the others are the
// opcode).
const x86AndNot = -1

// The x86IR.op of rewriteX86CallSelect: how many leading operands the
// call takes (1, 2), or one of these.
const (
	x86AbsArgs     = -1 - iota // the operand and i1 false; mask 2, pass-through 1
	x86TernaryArgs             // three operands; mask 3, pass-through 0 or zeros (maskz)
	x86AllButTwo               // all but the last two (pass-through, mask)
)

// x86Vec returns the vector type of n elements of elem.
func (r *Reader) x86Vec(n uint64, elem *ir.Type) *ir.Type {
	return r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: n, Elem: elem})
}

// x86IntVec returns the vector of integers as wide as t's elements
// (VectorType::getInteger).
func (r *Reader) x86IntVec(t *ir.Type) *ir.Type {
	return r.x86Vec(t.Len, r.intType(elemBits(t.Elem)))
}

// isVector reports whether t is a fixed vector of elements of a known
// width.
func isVector(t *ir.Type) bool {
	return t != nil && t.Kind == ir.FixedVectorType && elemBits(t.Elem) > 0
}

// isFPVector reports whether t is a fixed vector of floating-point
// elements.
func isFPVector(t *ir.Type) bool { return isVector(t) && t.Elem.Kind != ir.IntegerType }

// vecBits is the width of vector t.
func vecBits(t *ir.Type) uint64 { return t.Len * uint64(elemBits(t.Elem)) }

// intrinsicFor returns the name LLVM 22 gives intrinsic base declared as
// sig (mangled when it is overloaded, as no x86 one used here is), false
// when LLVM 22 has no such intrinsic.
func intrinsicFor(base string, sig *ir.Type) (string, bool) {
	name := base
	if !strings.HasPrefix(base, "llvm.x86.") {
		if n, ok := ir.IntrinsicMangledName(base, sig); ok {
			name = n
		}
	}
	_, ok := ir.IntrinsicAttrs(name, sig)
	return name, ok
}

// setTarget sets what u's calls call: intrinsic base declared as sig.
func setTarget(u *oldIntrinsic, base string, sig *ir.Type) bool {
	name, ok := intrinsicFor(base, sig)
	u.newName, u.newSig = name, sig
	return ok
}

// setAlt sets the second declaration some of u's calls call.
func setAlt(u *oldIntrinsic, base string, sig *ir.Type) bool {
	name, ok := intrinsicFor(base, sig)
	u.alt, u.altSig = name, sig
	return ok
}

// altTarget returns u's second declaration, declaring it if need be.
func (r *Reader) altTarget(u *oldIntrinsic) *ir.Function { return r.declare(u.alt, u.altSig) }

// isConst reports whether v is a constant.
func isConst(v ir.Value) bool {
	_, ok := v.(ir.Constant)
	return ok
}

// anyConst reports whether one of vs is a constant.
func anyConst(vs ...ir.Value) bool {
	for _, v := range vs {
		if isConst(v) {
			return true
		}
	}
	return false
}

// isConstInt reports whether v is the integer constant n.
func isConstInt(v ir.Value, n int64) bool {
	c, ok := v.(*ir.ConstInt)
	return ok && c.Big == nil && c.V == n
}

// masked reports whether a select by mask of n elements can be made as
// IRBuilder makes it (x86Mask) and whether it is needed (not all ones).
func masked(mask ir.Value, n uint64) (need, ok bool) {
	all, ok := x86Mask(mask, n)
	return !all, ok
}

// An x86Emit builds what one call becomes: each instruction is appended
// to out; finish makes the call the last one.
type x86Emit struct {
	r   *Reader
	in  *ir.Instruction
	out []*ir.Instruction
}

// inst appends a new unnamed instruction.
func (e *x86Emit) inst(op ir.Opcode, t *ir.Type, ops ...ir.Value) *ir.Instruction {
	i := e.r.newInst(e.in, op, t, ops...)
	e.out = append(e.out, i)
	return i
}

// call appends a call of decl, each operand bitcast first (in order) to
// the parameter's type when it is another.
func (e *x86Emit) call(decl *ir.Function, ops ...ir.Value) *ir.Instruction {
	for i, v := range ops {
		if p := decl.Sig.Params[i]; v.Type() != p {
			ops[i] = e.inst(ir.BitCast, p, v)
		}
	}
	c := e.r.newCall(e.in, decl, ops...)
	e.out = append(e.out, c)
	return c
}

// bitcast appends a bitcast of v to t, unless v is of type t.
func (e *x86Emit) bitcast(v ir.Value, t *ir.Type) ir.Value {
	if v.Type() == t {
		return v
	}
	return e.inst(ir.BitCast, t, v)
}

// not appends v xor all ones (IRBuilder's CreateNot).
func (e *x86Emit) not(v ir.Value) ir.Value {
	t := v.Type()
	return e.inst(ir.Xor, t, v, allOnes(t))
}

// allOnes returns the integer (vector) constant of all ones of type t (a
// ConstantDataVector or, of i1, a ConstantVector: ConstantInt's
// getAllOnesValue).
func allOnes(t *ir.Type) ir.Constant {
	if t.Kind == ir.IntegerType {
		return &ir.ConstInt{Typ: t, V: -1}
	}
	one := &ir.ConstInt{Typ: t.Elem, V: -1}
	elems := make([]ir.Constant, t.Len)
	for i := range elems {
		elems[i] = one
	}
	return buildVector(t, elems)
}

// element0 appends an extractelement of element 0 (an i64 index).
func (e *x86Emit) element0(v ir.Value) *ir.Instruction {
	return e.inst(ir.ExtractElement, v.Type().Elem, v, &ir.ConstInt{Typ: e.r.intType(64), V: 0})
}

// insert0 appends an insertelement of x into v at 0 (an i64 index).
func (e *x86Emit) insert0(v, x ir.Value) *ir.Instruction {
	return e.inst(ir.InsertElement, v.Type(), v, x, &ir.ConstInt{Typ: e.r.intType(64), V: 0})
}

// shuffle appends a shufflevector of a and b by mask.
func (e *x86Emit) shuffle(a, b ir.Value, mask []int32) *ir.Instruction {
	sh := e.r.newShuffle(e.in, a, b, mask)
	e.out = append(e.out, sh)
	return sh
}

// maskVec appends mask made a vector of i1 of n elements (x86MaskVec).
func (e *x86Emit) maskVec(mask ir.Value, n uint64) ir.Value {
	v, out := e.r.x86MaskVec(e.in, mask, n, e.out)
	e.out = out
	return v
}

// selectBy appends the select of v by mask from passthru (emitX86Select);
// v itself when mask is all ones.
func (e *x86Emit) selectBy(mask, v, passthru ir.Value) ir.Value {
	t := v.Type()
	if need, _ := masked(mask, t.Len); !need {
		return v
	}
	cond := e.maskVec(mask, t.Len)
	return e.inst(ir.Select, t, cond, v, passthru)
}

// splat appends v made a vector of n (IRBuilder's CreateVectorSplat: an
// insertelement into poison named ".splatinsert", a shufflevector by
// zeros named ".splat").
func (e *x86Emit) splat(v ir.Value, n uint64) *ir.Instruction {
	t := e.r.x86Vec(n, v.Type())
	ins := e.inst(ir.InsertElement, t, &ir.Poison{Typ: t}, v, &ir.ConstInt{Typ: e.r.intType(64), V: 0})
	ins.Name = e.r.fs.claim(".splatinsert")
	sh := e.shuffle(ins, &ir.Poison{Typ: t}, make([]int32, n))
	sh.Name = e.r.fs.claim(".splat")
	return sh
}

// finish makes the call the instruction v, the last one made, and
// returns those before it.
func (e *x86Emit) finish(v ir.Value) ([]*ir.Instruction, bool) {
	last, ok := v.(*ir.Instruction)
	n := len(e.out)
	if !ok || n == 0 || e.out[n-1] != last {
		return e.out, false
	}
	e.out = e.out[:n-1]
	dl, recs := e.in.DebugLoc, e.in.DebugRecords
	*e.in = *last
	e.in.DebugLoc, e.in.DebugRecords = dl, recs
	return e.out, true
}

// sameVec reports whether sig takes n operands of its result's type, a
// vector, and then the types of rest.
func sameVec(sig *ir.Type, n int, rest ...func(*ir.Type) bool) bool {
	ps := sig.Params
	if !isVector(sig.Ret) || len(ps) != n+len(rest) {
		return false
	}
	for _, p := range ps[:n] {
		if p != sig.Ret {
			return false
		}
	}
	for i, ok := range rest {
		if !ok(ps[n+i]) {
			return false
		}
	}
	return true
}

// maskOf returns a check of a mask operand for vectors of t's length.
func maskOf(t *ir.Type) func(*ir.Type) bool {
	return func(m *ir.Type) bool { return x86MaskFits(m, t) }
}

// intOf returns a check of an integer operand of bits bits.
func intOf(bits uint32) func(*ir.Type) bool {
	return func(t *ir.Type) bool { return isInt(t, bits) }
}

// planX86MaskArith: (v, v, v, mask) and, for the 512-bit floating-point
// forms, a rounding i32, which calls llvm.x86.avx512.OP.p?.512 of the
// first two and it (max and min always do).
func planX86MaskArith(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	op := ir.Opcode(u.op)
	fp := op == ir.FAdd || op == ir.FSub || op == ir.FMul || op == ir.FDiv || u.op == 0
	if !sameVec(sig, 3, maskOf(sig.Ret)) && !(fp && sameVec(sig, 3, maskOf(sig.Ret), intOf(32))) {
		return false
	}
	if fp != isFPVector(sig.Ret) {
		return false
	}
	if len(sig.Params) == 5 || u.op == 0 {
		if !strings.HasSuffix(name, ".512") || len(sig.Params) != 5 {
			return false
		}
		// avx512.mask.add.ps.512 -> llvm.x86.avx512.add.ps.512
		base := "llvm.x86.avx512." + name[len("avx512.mask."):]
		return setTarget(u, base, r.fnType(sig.Ret, sig.Ret, sig.Ret, sig.Params[4]))
	}
	return true
}

// rewriteX86MaskArith: the operation (u.op; a call of the 512-bit
// intrinsic with the rounding operand for five operands), selected by the
// mask (operand 3) from the pass-through (operand 2).
func rewriteX86MaskArith(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	t := u.oldSig.Ret
	if _, ok := masked(ops[3], t.Len); !ok {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	var v ir.Value
	if len(ops) == 5 {
		v = e.call(r.target(u), ops[0], ops[1], ops[4])
	} else {
		if isConst(ops[0]) && isConst(ops[1]) {
			return out, false
		}
		v = e.inst(ir.Opcode(u.op), t, ops[0], ops[1])
	}
	return e.finish(e.selectBy(ops[3], v, ops[2]))
}

// planX86MaskLogic: (v, v, v, mask).
func planX86MaskLogic(r *Reader, u *oldIntrinsic, name string) bool {
	return sameVec(u.oldSig, 3, maskOf(u.oldSig.Ret))
}

// rewriteX86MaskLogic: the operands bitcast to integers (floating-point
// vectors), and'ed, or'ed or xor'ed (the first inverted for and-not),
// bitcast back, selected by the mask (operand 3) from the pass-through
// (operand 2).
func rewriteX86MaskLogic(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	t := u.oldSig.Ret
	if _, ok := masked(ops[3], t.Len); !ok || anyConst(ops[0], ops[1]) {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	it := r.x86IntVec(t)
	a := e.bitcast(ops[0], it)
	op := ir.Opcode(u.op)
	if u.op == x86AndNot {
		a, op = e.not(a), ir.And
	}
	b := e.bitcast(ops[1], it)
	v := e.bitcast(e.inst(op, it, a, b), t)
	return e.finish(e.selectBy(ops[3], v, ops[2]))
}

// planX86Generic: the generic intrinsic base of the first n operands
// (llvm.smax ...), or of the first and i1 false (llvm.abs, n 1); then
// the pass-through and the mask.
func planX86Generic(base string, n int) x86Plan {
	return func(r *Reader, u *oldIntrinsic, name string) bool {
		sig := u.oldSig
		if !sameVec(sig, n+1, maskOf(sig.Ret)) {
			return false
		}
		params := make([]*ir.Type, n)
		for i := range params {
			params[i] = sig.Ret
		}
		if base == "llvm.abs" {
			params = append(params, r.i1())
		}
		return setTarget(u, base, r.fnType(sig.Ret, params...))
	}
}

// rewriteX86CallSelect: a call of u's declaration (operands as u.op
// says), selected by the mask from the pass-through.
func rewriteX86CallSelect(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	n := len(ops)
	var args []ir.Value
	mask, pass := ops[n-1], ops[n-2]
	switch u.op {
	case x86AbsArgs:
		args = []ir.Value{ops[0], &ir.ConstInt{Typ: r.i1(), V: 0}}
	case x86TernaryArgs:
		args = []ir.Value{ops[0], ops[1], ops[2]}
		mask, pass = ops[3], ops[0]
		if u.f.Name[len("llvm.x86.avx512.mask")] == 'z' {
			pass = nullValue(u.oldSig.Ret)
		}
	case x86AllButTwo:
		args = append(args, ops[:n-2]...)
	default:
		args = append(args, ops[:u.op]...)
	}
	for i, v := range args {
		if v.Type() != u.newSig.Params[i] && isConst(v) {
			return out, false // the bitcast would be folded
		}
	}
	if _, ok := masked(mask, u.oldSig.Ret.Len); !ok {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	v := e.call(r.target(u), args...)
	return e.finish(e.selectBy(mask, v, pass))
}

// planX86MaskSqrt: (v, v, mask[, i32]): llvm.sqrt, or
// llvm.x86.avx512.sqrt.p?.512 with a rounding operand other than 4.
func planX86MaskSqrt(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	if !isFPVector(sig.Ret) || !sameVec(sig, 2, maskOf(sig.Ret)) && !sameVec(sig, 2, maskOf(sig.Ret), intOf(32)) {
		return false
	}
	s := psPd(sig.Ret)
	if len(sig.Params) == 4 && !setAlt(u, "llvm.x86.avx512.sqrt."+s+".512", r.fnType(sig.Ret, sig.Ret, sig.Params[3])) {
		return false
	}
	return setTarget(u, "llvm.sqrt", r.fnType(sig.Ret, sig.Ret))
}

// rewriteX86MaskSqrt: llvm.sqrt of operand 0, or the rounding intrinsic
// of it and operand 3, selected by the mask (operand 2) from the
// pass-through (operand 1).
func rewriteX86MaskSqrt(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	if _, ok := masked(ops[2], u.oldSig.Ret.Len); !ok {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	var v ir.Value
	if len(ops) == 4 && !isConstInt(ops[3], 4) {
		v = e.call(r.altTarget(u), ops[0], ops[3])
	} else {
		v = e.call(r.target(u), ops[0])
	}
	return e.finish(e.selectBy(ops[2], v, ops[1]))
}

// x86MaskedShiftTarget returns the unmasked shift a masked one calls
// (upgradeX86IntrinsicCall's psll, psrl and psra cases, which read the
// name at fixed places), "" when it is none.
func x86MaskedShiftTarget(name string) string {
	at := func(i int) byte {
		if i < len(name) {
			return name[i]
		}
		return 0
	}
	op := name[len("avx512.mask.p"):len("avx512.mask.psll")] // sll, srl, sra
	imm := at(16) == 'i' || len(name) > 18 && at(18) == 'i'
	variable := at(16) == 'v'
	var size byte
	switch {
	case at(16) == '.':
		size = at(17)
	case at(17) == '.':
		size = at(18)
	case at(18) == '.':
		size = at(19)
	default:
		size = at(20)
	}
	p := "llvm.x86."
	switch {
	case variable && at(17) != '.':
		switch {
		case size == 'd' && at(17) == '2' && op != "sra":
			return p + "avx2.p" + op + "v.q"
		case size == 'd' && at(17) == '4' && op != "sra":
			return p + "avx2.p" + op + "v.q.256"
		case size == 's' && at(17) == '4':
			return p + "avx2.p" + op + "v.d"
		case size == 's' && at(17) == '8':
			return p + "avx2.p" + op + "v.d.256"
		case size == 'h' && at(17) == '8':
			return p + "avx512.p" + op + "v.w.128"
		case size == 'h' && at(17) == '1':
			return p + "avx512.p" + op + "v.w.256"
		case at(17) == '3' && at(18) == '2':
			return p + "avx512.p" + op + "v.w.512"
		}
		return ""
	case strings.HasSuffix(name, ".128"), strings.HasSuffix(name, ".256"):
		w := name[len(name)-3:]
		if size != 'd' && size != 'q' && size != 'w' {
			return ""
		}
		if op == "sra" && size == 'q' {
			switch {
			case imm:
				return p + "avx512.psrai.q." + w
			case variable:
				return p + "avx512.psrav.q." + w
			}
			return p + "avx512.psra.q." + w
		}
		i := ""
		if imm {
			i = "i"
		}
		if w == "128" {
			return p + "sse2.p" + op + i + "." + string(size)
		}
		return p + "avx2.p" + op + i + "." + string(size)
	}
	switch {
	case size != 'd' && size != 'q' && size != 'w':
		return ""
	case imm:
		return p + "avx512.p" + op + "i." + string(size) + ".512"
	case variable && size != 'w':
		return p + "avx512.p" + op + "v." + string(size) + ".512"
	}
	return p + "avx512.p" + op + "." + string(size) + ".512"
}

// planX86MaskShift: (v, amount, v, mask), the unmasked shift of
// x86MaskedShiftTarget of the first two.
func planX86MaskShift(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	ps := sig.Params
	if len(ps) != 4 || !isVector(sig.Ret) || ps[0] != sig.Ret || ps[2] != sig.Ret || !x86MaskFits(ps[3], sig.Ret) {
		return false
	}
	base := x86MaskedShiftTarget(name)
	return base != "" && setTarget(u, base, r.fnType(sig.Ret, sig.Ret, ps[1]))
}

// planX86MaskExtend: (v, w, mask), w no longer than v.
func planX86MaskExtend(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	ps := sig.Params
	return len(ps) == 3 && isVector(sig.Ret) && isVector(ps[0]) && sig.Ret.Len <= ps[0].Len &&
		sig.Ret.Elem.Kind == ir.IntegerType && ps[0].Elem.Kind == ir.IntegerType &&
		ps[0].Elem.BitWidth < sig.Ret.Elem.BitWidth && ps[1] == sig.Ret && x86MaskFits(ps[2], sig.Ret)
}

// rewriteX86MaskExtend: the low elements of operand 0 (a shufflevector
// with poison), sign or zero extended, selected by the mask (operand 2)
// from the pass-through (operand 1).
func rewriteX86MaskExtend(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	t := u.oldSig.Ret
	if _, ok := masked(ops[2], t.Len); !ok || isConst(ops[0]) {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	idx := make([]int32, t.Len)
	for i := range idx {
		idx[i] = int32(i)
	}
	sh := e.shuffle(ops[0], &ir.Poison{Typ: ops[0].Type()}, idx)
	op := ir.ZExt
	if strings.Contains(u.f.Name, "pmovsx") {
		op = ir.SExt
	}
	v := e.inst(op, t, sh)
	return e.finish(e.selectBy(ops[2], v, ops[1]))
}

// planX86MaskTrunc: (wide, narrow, mask).
func planX86MaskTrunc(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	ps := sig.Params
	return len(ps) == 3 && isVector(sig.Ret) && isVector(ps[0]) && ps[0].Len == sig.Ret.Len &&
		sig.Ret.Elem.Kind == ir.IntegerType && ps[0].Elem.Kind == ir.IntegerType &&
		ps[0].Elem.BitWidth > sig.Ret.Elem.BitWidth && ps[1] == sig.Ret && x86MaskFits(ps[2], sig.Ret)
}

// rewriteX86MaskTrunc: operand 0 truncated, selected by the mask
// (operand 2) from the pass-through (operand 1).
func rewriteX86MaskTrunc(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	t := u.oldSig.Ret
	if _, ok := masked(ops[2], t.Len); !ok || isConst(ops[0]) {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	v := e.inst(ir.Trunc, t, ops[0])
	return e.finish(e.selectBy(ops[2], v, ops[1]))
}

// maskOn1Bits appends what applyX86MaskOn1BitsVec makes of vec, a vector
// of i1: and'ed with mask made a vector (unless there is none or it is
// all ones), widened to 8 elements by a shufflevector with zeros, bitcast
// to the integer of its width.
func (e *x86Emit) maskOn1Bits(vec, mask ir.Value) ir.Value {
	n := vec.Type().Len
	if mask != nil {
		if need, _ := masked(mask, n); need {
			vec = e.inst(ir.And, vec.Type(), vec, e.maskVec(mask, n))
		}
	}
	if n < 8 {
		idx := make([]int32, 8)
		for i := range idx {
			idx[i] = int32(i)
			if uint64(i) >= n {
				idx[i] = int32(n + uint64(i)%n)
			}
		}
		vec = e.shuffle(vec, &ir.ConstNull{Typ: vec.Type()}, idx)
	}
	return e.inst(ir.BitCast, e.r.intType(uint32(max(n, 8))), vec)
}

// planX86Ptest: (v, v, mask) giving the mask.
func planX86Ptest(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	ps := sig.Params
	return len(ps) == 3 && isVector(ps[0]) && ps[0].Elem.Kind == ir.IntegerType && ps[1] == ps[0] &&
		ps[2] == sig.Ret && isInt(sig.Ret, uint32(max(ps[0].Len, 8)))
}

// rewriteX86Ptest: the operands and'ed, compared with zero (ne for
// ptestm, eq for ptestnm), the mask applied (maskOn1Bits).
func rewriteX86Ptest(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	t := ops[0].Type()
	if _, ok := masked(ops[2], t.Len); !ok || isConst(ops[0]) && isConst(ops[1]) {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	and := e.inst(ir.And, t, ops[0], ops[1])
	cmp := e.inst(ir.ICmp, r.x86Vec(t.Len, r.i1()), and, &ir.ConstNull{Typ: t})
	cmp.Pred = ir.ICmpNE
	if strings.HasPrefix(u.f.Name, "llvm.x86.avx512.ptestnm") {
		cmp.Pred = ir.ICmpEQ
	}
	return e.finish(e.maskOn1Bits(cmp, ops[2]))
}

// planX86ToMask: (ivec) giving the mask.
func planX86ToMask(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	ps := sig.Params
	return len(ps) == 1 && isVector(ps[0]) && ps[0].Elem.Kind == ir.IntegerType && isInt(sig.Ret, uint32(max(ps[0].Len, 8)))
}

// rewriteX86ToMask: the sign bits (icmp slt zero), made the mask
// (maskOn1Bits).
func rewriteX86ToMask(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	v := in.Operands[0]
	if isConst(v) {
		return out, false
	}
	t := v.Type()
	e := &x86Emit{r: r, in: in, out: out}
	cmp := e.inst(ir.ICmp, r.x86Vec(t.Len, r.i1()), v, &ir.ConstNull{Typ: t})
	cmp.Pred = ir.ICmpSLT
	return e.finish(e.maskOn1Bits(cmp, nil))
}

// planX86FromMask: (mask) giving an integer vector.
func planX86FromMask(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	return len(sig.Params) == 1 && isVector(sig.Ret) && sig.Ret.Elem.Kind == ir.IntegerType && x86MaskFits(sig.Params[0], sig.Ret)
}

// rewriteX86FromMask: the mask made a vector of i1, sign extended, named
// "vpmovm2".
func rewriteX86FromMask(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	if isConst(in.Operands[0]) {
		return out, false
	}
	t := u.oldSig.Ret
	e := &x86Emit{r: r, in: in, out: out}
	v := e.inst(ir.SExt, t, e.maskVec(in.Operands[0], t.Len))
	v.Name = r.fs.claim("vpmovm2")
	return e.finish(v)
}

// planX86KMask: the mask-register operations, of i16 (kunpck: of the
// result's type), kortest giving an i32.
func planX86KMask(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	ps := sig.Params
	switch {
	case name == "avx512.knot.w":
		return len(ps) == 1 && isInt(ps[0], 16) && isInt(sig.Ret, 16)
	case strings.HasPrefix(name, "avx512.kortest"):
		return len(ps) == 2 && isInt(ps[0], 16) && isInt(ps[1], 16) && isInt(sig.Ret, 32)
	case strings.HasPrefix(name, "avx512.kunpck"):
		return len(ps) == 2 && sig.Ret.Kind == ir.IntegerType && sig.Ret.BitWidth >= 16 && sig.Ret.BitWidth <= 64 &&
			ps[0] == sig.Ret && ps[1] == sig.Ret
	}
	return len(ps) == 2 && isInt(ps[0], 16) && isInt(ps[1], 16) && isInt(sig.Ret, 16)
}

// rewriteX86KMask: the masks made vectors of i1, the operation, bitcast
// back (kortest: or'ed, compared with zero or all ones, zero extended;
// kunpck: the low halves concatenated, the second operand's first).
func rewriteX86KMask(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	if anyConst(ops...) {
		return out, false
	}
	name := u.f.Name[len("llvm.x86."):]
	e := &x86Emit{r: r, in: in, out: out}
	if strings.HasPrefix(name, "avx512.kunpck") {
		n := uint64(u.oldSig.Ret.BitWidth)
		lhs, rhs := e.maskVec(ops[0], n), e.maskVec(ops[1], n)
		idx := make([]int32, n)
		for i := range idx {
			idx[i] = int32(i)
		}
		lhs = e.shuffle(lhs, lhs, idx[:n/2])
		rhs = e.shuffle(rhs, rhs, idx[:n/2])
		return e.finish(e.inst(ir.BitCast, u.oldSig.Ret, e.shuffle(rhs, lhs, idx)))
	}
	i16 := r.intType(16)
	vt := r.x86Vec(16, r.i1())
	lhs := e.maskVec(ops[0], 16)
	if name == "avx512.knot.w" {
		return e.finish(e.inst(ir.BitCast, i16, e.not(lhs)))
	}
	rhs := e.maskVec(ops[1], 16)
	var v ir.Value
	switch name {
	case "avx512.kand.w":
		v = e.inst(ir.And, vt, lhs, rhs)
	case "avx512.kandn.w":
		v = e.inst(ir.And, vt, e.not(lhs), rhs)
	case "avx512.kxnor.w":
		v = e.inst(ir.Xor, vt, e.not(lhs), rhs)
	case "avx512.kxor.w":
		v = e.inst(ir.Xor, vt, lhs, rhs)
	default: // kor, kortest
		v = e.inst(ir.Or, vt, lhs, rhs)
	}
	v = e.inst(ir.BitCast, i16, v)
	if !strings.HasPrefix(name, "avx512.kortest") {
		return e.finish(v)
	}
	var c ir.Value = &ir.ConstInt{Typ: i16, V: 0}
	if name == "avx512.kortestc.w" {
		c = allOnes(i16)
	}
	cmp := e.inst(ir.ICmp, r.i1(), v, c)
	cmp.Pred = ir.ICmpEQ
	return e.finish(e.inst(ir.ZExt, u.oldSig.Ret, cmp))
}

// planX86MaskBroadcast: (short, v, mask), the elements of short
// repeated.
func planX86MaskBroadcast(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	ps := sig.Params
	return len(ps) == 3 && isVector(sig.Ret) && isVector(ps[0]) && ps[0].Elem == sig.Ret.Elem && ps[0].Len > 0 &&
		ps[0].Len <= sig.Ret.Len && ps[1] == sig.Ret && x86MaskFits(ps[2], sig.Ret)
}

// rewriteX86MaskBroadcast: a shufflevector of operand 0 repeating its
// elements, selected by the mask (operand 2) from the pass-through
// (operand 1).
func rewriteX86MaskBroadcast(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	t := u.oldSig.Ret
	if _, ok := masked(ops[2], t.Len); !ok || isConst(ops[0]) {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	n := ops[0].Type().Len
	idx := make([]int32, t.Len)
	for i := range idx {
		idx[i] = int32(uint64(i) % n)
	}
	v := e.shuffle(ops[0], ops[0], idx)
	return e.finish(e.selectBy(ops[2], v, ops[1]))
}

// planX86MaskSplat: (scalar, v, mask).
func planX86MaskSplat(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	ps := sig.Params
	return len(ps) == 3 && isVector(sig.Ret) && ps[0] == sig.Ret.Elem && ps[1] == sig.Ret && x86MaskFits(ps[2], sig.Ret)
}

// rewriteX86MaskSplat: operand 0 splat (splat), selected by the mask
// (operand 2) from the pass-through (operand 1).
func rewriteX86MaskSplat(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	t := u.oldSig.Ret
	if _, ok := masked(ops[2], t.Len); !ok || isConst(ops[0]) {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	v := e.splat(ops[0], t.Len)
	return e.finish(e.selectBy(ops[2], v, ops[1]))
}

// planX86BroadcastMask: (i8 or i16) giving a vector of i64 (i8) or i32.
func planX86BroadcastMask(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	ps := sig.Params
	if len(ps) != 1 || !isVector(sig.Ret) || !isInt(ps[0], 8) && !isInt(ps[0], 16) {
		return false
	}
	return isInt(ps[0], 8) && isInt(sig.Ret.Elem, 64) || isInt(ps[0], 16) && isInt(sig.Ret.Elem, 32)
}

// rewriteX86BroadcastMask: the mask zero extended to the element, splat.
func rewriteX86BroadcastMask(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	v := in.Operands[0]
	if isConst(v) {
		return out, false
	}
	t := u.oldSig.Ret
	e := &x86Emit{r: r, in: in, out: out}
	return e.finish(e.splat(e.inst(ir.ZExt, t.Elem, v), t.Len))
}

// planX86MovNTDQA: (ptr) giving a vector.
func planX86MovNTDQA(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	return len(sig.Params) == 1 && sig.Params[0].Kind == ir.PointerType && isVector(sig.Ret) && vecBits(sig.Ret)%8 == 0
}

// rewriteX86MovNTDQA: a load of the vector aligned to its size, with
// !nontemporal !{i32 1}.
func rewriteX86MovNTDQA(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	t := u.oldSig.Ret
	one := &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: r.intType(32), V: 1}}
	node := r.md.tuple(r, []ir.Metadata{one})
	becomeInst(in, ir.Load, t, in.Operands[0])
	in.Align = vecBits(t) / 8
	in.Metadata = []ir.Attachment{{Kind: "nontemporal", Node: node}}
	return out, true
}

// planX86CvtUSI: (<2 x double>, i32).
func planX86CvtUSI(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	ps := sig.Params
	return len(ps) == 2 && isFPVector(sig.Ret) && ps[0] == sig.Ret && ps[1].Kind == ir.IntegerType
}

// rewriteX86CvtUSI: operand 1 converted (uitofp), inserted into operand
// 0 at 0.
func rewriteX86CvtUSI(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	if isConst(ops[1]) {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	return e.finish(e.insert0(ops[0], e.inst(ir.UIToFP, u.oldSig.Ret.Elem, ops[1])))
}

// planX86Vpcmov: (v, v, v) of integers.
func planX86Vpcmov(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	return sameVec(sig, 3) && sig.Ret.Elem.Kind == ir.IntegerType
}

// rewriteX86Vpcmov: (a and sel) or (b and not sel).
func rewriteX86Vpcmov(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	if isConst(ops[2]) || isConst(ops[0]) || isConst(ops[1]) {
		return out, false
	}
	t := u.oldSig.Ret
	e := &x86Emit{r: r, in: in, out: out}
	not := e.not(ops[2])
	a := e.inst(ir.And, t, ops[0], ops[2])
	b := e.inst(ir.And, t, ops[1], not)
	return e.finish(e.inst(ir.Or, t, a, b))
}

// planX86ExpandLoad: (ptr, v, mask): llvm.masked.expandload.
func planX86ExpandLoad(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	ps := sig.Params
	if len(ps) != 3 || ps[0].Kind != ir.PointerType || !isVector(sig.Ret) || ps[1] != sig.Ret || !x86MaskFits(ps[2], sig.Ret) {
		return false
	}
	return setTarget(u, "llvm.masked.expandload", r.fnType(sig.Ret, ps[0], r.x86Vec(sig.Ret.Len, r.i1()), sig.Ret))
}

// rewriteX86ExpandLoad: llvm.masked.expandload of the pointer, the mask
// made a vector of i1 and the pass-through.
func rewriteX86ExpandLoad(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	if isConst(ops[2]) {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	m := e.maskVec(ops[2], u.oldSig.Ret.Len)
	return e.finish(e.call(r.target(u), ops[0], m, ops[1]))
}

// planX86CompressStore: void (ptr, v, mask): llvm.masked.compressstore.
func planX86CompressStore(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	ps := sig.Params
	if len(ps) != 3 || ps[0].Kind != ir.PointerType || !isVector(ps[1]) || !isVoid(sig.Ret) || !x86MaskFits(ps[2], ps[1]) {
		return false
	}
	return setTarget(u, "llvm.masked.compressstore", r.fnType(sig.Ret, ps[1], ps[0], r.x86Vec(ps[1].Len, r.i1())))
}

// rewriteX86CompressStore: llvm.masked.compressstore of the value, the
// pointer and the mask made a vector of i1.
func rewriteX86CompressStore(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	if isConst(ops[2]) {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	m := e.maskVec(ops[2], ops[1].Type().Len)
	return e.finish(e.call(r.target(u), ops[1], ops[0], m))
}

// x86Vpermi2Suffix returns the suffix of the vpermi2var intrinsic of
// vectors of type t (d, q, ps, pd, hi, qi and the width), "" when there
// is none.
func x86Vpermi2Suffix(t *ir.Type) string {
	w := vecBits(t)
	if w != 128 && w != 256 && w != 512 {
		return ""
	}
	var s string
	switch b := elemBits(t.Elem); {
	case b == 32 && t.Elem.Kind == ir.FloatType:
		s = "ps"
	case b == 64 && t.Elem.Kind == ir.DoubleType:
		s = "pd"
	case t.Elem.Kind != ir.IntegerType:
		return ""
	case b == 32:
		s = "d"
	case b == 64:
		s = "q"
	case b == 16:
		s = "hi"
	case b == 8:
		s = "qi"
	default:
		return ""
	}
	return s + "." + strconv.Itoa(int(w))
}

// planX86Vpermt2: (a, b, c, mask): llvm.x86.avx512.vpermi2var of the
// three operands, the first two swapped for vpermt2var.
func planX86Vpermt2(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	ps := sig.Params
	if len(ps) != 4 || !isVector(sig.Ret) || !isVector(ps[0]) || !isVector(ps[1]) || ps[2] != sig.Ret ||
		!x86MaskFits(ps[3], sig.Ret) {
		return false
	}
	s := x86Vpermi2Suffix(sig.Ret)
	if s == "" {
		return false
	}
	a, b := ps[0], ps[1]
	if !x86IndexForm(name) {
		a, b = b, a
	}
	return setTarget(u, "llvm.x86.avx512.vpermi2var."+s, r.fnType(sig.Ret, a, b, ps[2]))
}

// x86IndexForm reports whether name is a vpermi2var (the index first but
// one), not a vpermt2var.
func x86IndexForm(name string) bool { return strings.HasPrefix(name, "avx512.mask.vpermi2var.") }

// rewriteX86Vpermt2: the call, selected by the mask (operand 3) from
// operand 1 (bitcast to the result's type) or zeros (maskz).
func rewriteX86Vpermt2(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	t := u.oldSig.Ret
	need, ok := masked(ops[3], t.Len)
	zero := strings.HasPrefix(u.f.Name, "llvm.x86.avx512.maskz.")
	if !ok || !zero && ops[1].Type() != t && (!need || isConst(ops[1])) {
		// A pass-through bitcast LLVM leaves dead after the call, or
		// folds.
		return out, false
	}
	a, b := ops[0], ops[1]
	if !x86IndexForm(u.f.Name[len("llvm.x86."):]) {
		a, b = b, a
	}
	e := &x86Emit{r: r, in: in, out: out}
	v := e.call(r.target(u), a, b, ops[2])
	var pass ir.Value = &ir.ConstNull{Typ: t}
	if !zero {
		pass = e.bitcast(ops[1], t)
	}
	return e.finish(e.selectBy(ops[3], v, pass))
}

// planX86Ternary: (v, b, c, mask), the unmasked intrinsic of the three
// (vpmadd52, vpdpbusd, vpdpwssd; the last two of LLVM 22 take vectors of
// i8 and i16, the operands bitcast).
func planX86Ternary(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	if !sameVec(sig, 3, maskOf(sig.Ret)) || !isInt(sig.Ret.Elem, 32) && !isInt(sig.Ret.Elem, 64) {
		return false
	}
	zero := strings.HasPrefix(name, "avx512.maskz.")
	rest := name[len("avx512.mask."):]
	if zero {
		rest = name[len("avx512.maskz."):]
	}
	op, _, _ := strings.Cut(rest, ".")
	w := "." + strconv.Itoa(int(vecBits(sig.Ret)))
	b := sig.Ret
	switch op {
	case "vpmadd52l", "vpmadd52h":
		op += ".uq"
	case "vpdpbusd", "vpdpbusds":
		b = r.x86Vec(sig.Ret.Len*4, r.intType(8))
	case "vpdpwssd", "vpdpwssds":
		b = r.x86Vec(sig.Ret.Len*2, r.intType(16))
	default:
		return false
	}
	return setTarget(u, "llvm.x86.avx512."+op+w, r.fnType(sig.Ret, sig.Ret, b, b))
}

// x86MaskToSelect returns the unmasked intrinsic of an avx512.mask. name
// (given without it) that upgradeAVX512MaskToSelect calls with all
// operands but the last two, selected by the last from the one before: as
// a function of the call's type, which the plan checks.
func x86MaskToSelect(name string) (func(t *ir.Type) string, bool) {
	p := "llvm.x86."
	bySize := func(w128, w256, w512 string) func(t *ir.Type) string {
		return func(t *ir.Type) string {
			switch vecBits(t) {
			case 128:
				return w128
			case 256:
				return w256
			case 512:
				return w512
			}
			return ""
		}
	}
	byFloat := func(ps128, pd128, ps256, pd256 string) func(t *ir.Type) string {
		return func(t *ir.Type) string {
			switch w, b := vecBits(t), elemBits(t.Elem); {
			case w == 128 && b == 32:
				return ps128
			case w == 128 && b == 64:
				return pd128
			case w == 256 && b == 32:
				return ps256
			case w == 256 && b == 64:
				return pd256
			}
			return ""
		}
	}
	one := func(s string) func(*ir.Type) string { return func(*ir.Type) string { return s } }
	switch {
	case strings.HasPrefix(name, "max.p"):
		return byFloat(p+"sse.max.ps", p+"sse2.max.pd", p+"avx.max.ps.256", p+"avx.max.pd.256"), true
	case strings.HasPrefix(name, "min.p"):
		return byFloat(p+"sse.min.ps", p+"sse2.min.pd", p+"avx.min.ps.256", p+"avx.min.pd.256"), true
	case strings.HasPrefix(name, "pshuf.b."):
		return bySize(p+"ssse3.pshuf.b.128", p+"avx2.pshuf.b", p+"avx512.pshuf.b.512"), true
	case strings.HasPrefix(name, "pmul.hr.sw."):
		return bySize(p+"ssse3.pmul.hr.sw.128", p+"avx2.pmul.hr.sw", p+"avx512.pmul.hr.sw.512"), true
	case strings.HasPrefix(name, "pmulh.w."):
		return bySize(p+"sse2.pmulh.w", p+"avx2.pmulh.w", p+"avx512.pmulh.w.512"), true
	case strings.HasPrefix(name, "pmulhu.w."):
		return bySize(p+"sse2.pmulhu.w", p+"avx2.pmulhu.w", p+"avx512.pmulhu.w.512"), true
	case strings.HasPrefix(name, "pmaddw.d."):
		return bySize(p+"sse2.pmadd.wd", p+"avx2.pmadd.wd", p+"avx512.pmaddw.d.512"), true
	case strings.HasPrefix(name, "pmaddubs.w."):
		return bySize(p+"ssse3.pmadd.ub.sw.128", p+"avx2.pmadd.ub.sw", p+"avx512.pmaddubs.w.512"), true
	case strings.HasPrefix(name, "packsswb."):
		return bySize(p+"sse2.packsswb.128", p+"avx2.packsswb", p+"avx512.packsswb.512"), true
	case strings.HasPrefix(name, "packssdw."):
		return bySize(p+"sse2.packssdw.128", p+"avx2.packssdw", p+"avx512.packssdw.512"), true
	case strings.HasPrefix(name, "packuswb."):
		return bySize(p+"sse2.packuswb.128", p+"avx2.packuswb", p+"avx512.packuswb.512"), true
	case strings.HasPrefix(name, "packusdw."):
		return bySize(p+"sse41.packusdw", p+"avx2.packusdw", p+"avx512.packusdw.512"), true
	case strings.HasPrefix(name, "vpermilvar."):
		return func(t *ir.Type) string {
			switch w, b := vecBits(t), elemBits(t.Elem); {
			case w == 128 && b == 32:
				return p + "avx.vpermilvar.ps"
			case w == 128 && b == 64:
				return p + "avx.vpermilvar.pd"
			case w == 256 && b == 32:
				return p + "avx.vpermilvar.ps.256"
			case w == 256 && b == 64:
				return p + "avx.vpermilvar.pd.256"
			case w == 512 && b == 32:
				return p + "avx512.vpermilvar.ps.512"
			case w == 512 && b == 64:
				return p + "avx512.vpermilvar.pd.512"
			}
			return ""
		}, true
	case name == "cvtpd2dq.256":
		return one(p + "avx.cvt.pd2dq.256"), true
	case name == "cvtpd2ps.256":
		return one(p + "avx.cvt.pd2.ps.256"), true
	case name == "cvttpd2dq.256":
		return one(p + "avx.cvtt.pd2dq.256"), true
	case name == "cvttps2dq.128":
		return one(p + "sse2.cvttps2dq"), true
	case name == "cvttps2dq.256":
		return one(p + "avx.cvtt.ps2dq.256"), true
	case strings.HasPrefix(name, "permvar."):
		return func(t *ir.Type) string {
			fp := t.Elem.Kind != ir.IntegerType
			switch w, b := vecBits(t), elemBits(t.Elem); {
			case w == 256 && b == 32 && fp:
				return p + "avx2.permps"
			case w == 256 && b == 32:
				return p + "avx2.permd"
			case w == 256 && b == 64 && fp:
				return p + "avx512.permvar.df.256"
			case w == 256 && b == 64:
				return p + "avx512.permvar.di.256"
			case w == 512 && b == 32 && fp:
				return p + "avx512.permvar.sf.512"
			case w == 512 && b == 32:
				return p + "avx512.permvar.si.512"
			case w == 512 && b == 64 && fp:
				return p + "avx512.permvar.df.512"
			case w == 512 && b == 64:
				return p + "avx512.permvar.di.512"
			case b == 16 && !fp:
				return p + "avx512.permvar.hi." + strconv.Itoa(int(w))
			case b == 8 && !fp:
				return p + "avx512.permvar.qi." + strconv.Itoa(int(w))
			}
			return ""
		}, true
	case strings.HasPrefix(name, "dbpsadbw."):
		return bySize(p+"avx512.dbpsadbw.128", p+"avx512.dbpsadbw.256", p+"avx512.dbpsadbw.512"), true
	case strings.HasPrefix(name, "pavg.b"):
		return bySize(p+"sse2.pavg.b", p+"avx2.pavg.b", p+"avx512.pavg.b.512"), true
	case strings.HasPrefix(name, "pavg.w"):
		return bySize(p+"sse2.pavg.w", p+"avx2.pavg.w", p+"avx512.pavg.w.512"), true
	}
	return nil, false
}

// planX86MaskToSelect: (args..., pass-through, mask), the intrinsic base
// gives of the call's type declared with the args' types.
func planX86MaskToSelect(base func(*ir.Type) string) x86Plan {
	return func(r *Reader, u *oldIntrinsic, name string) bool {
		sig := u.oldSig
		ps := sig.Params
		n := len(ps)
		if n < 3 || !isVector(sig.Ret) || ps[n-2] != sig.Ret || !x86MaskFits(ps[n-1], sig.Ret) {
			return false
		}
		b := base(sig.Ret)
		return b != "" && setTarget(u, b, r.fnType(sig.Ret, ps[:n-2]...))
	}
}

// planX86FMA: (v, v, v) of floating point: llvm.fma of the vector, or of
// the element for the scalar forms (.ss, .sd; fma4.vfmadd.s?).
func planX86FMA(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	if !sameVec(sig, 3) || !isFPVector(sig.Ret) {
		return false
	}
	t := sig.Ret
	if x86FMAScalar(name) {
		t = t.Elem
	}
	return setTarget(u, "llvm.fma", r.fnType(t, t, t, t))
}

// x86FMAScalar reports whether FMA form name (fma.*, fma4.*) works on
// element 0 alone.
func x86FMAScalar(name string) bool {
	if strings.HasPrefix(name, "fma4.") {
		return true
	}
	neg := name[6] == 'n'
	return neg && len(name) > 12 && name[12] == 's' || !neg && len(name) > 11 && name[11] == 's'
}

// rewriteX86FMA: llvm.fma of the operands (their elements 0 for a
// scalar form) with the negations of the name, inserted at 0 of operand 0
// for a scalar form (of zeros for FMA4).
func rewriteX86FMA(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	if anyConst(ops...) {
		return out, false
	}
	name := u.f.Name[len("llvm.x86."):]
	e := &x86Emit{r: r, in: in, out: out}
	a, b, c := ops[0], ops[1], ops[2]
	scalar := x86FMAScalar(name)
	if strings.HasPrefix(name, "fma4.") {
		a, b, c = e.element0(a), e.element0(b), e.element0(c)
		v := e.call(r.target(u), a, b, c)
		return e.finish(e.insert0(&ir.ConstNull{Typ: u.oldSig.Ret}, v))
	}
	negMul := name[6] == 'n'
	negAcc := negMul && name[8] == 's' || !negMul && name[7] == 's'
	if scalar {
		a, b, c = e.element0(a), e.element0(b), e.element0(c)
	}
	if negMul && !scalar {
		a = e.inst(ir.FNeg, a.Type(), a)
	}
	if negMul && scalar {
		b = e.inst(ir.FNeg, b.Type(), b)
	}
	if negAcc {
		c = e.inst(ir.FNeg, c.Type(), c)
	}
	v := e.call(r.target(u), a, b, c)
	if scalar {
		return e.finish(e.insert0(ops[0], v))
	}
	return e.finish(v)
}

// planX86FMSubAdd: (v, v, v): llvm.x86.fma.vfmaddsub of the same width.
func planX86FMSubAdd(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	if !sameVec(sig, 3) || !isFPVector(sig.Ret) {
		return false
	}
	base := "llvm.x86.fma.vfmaddsub." + name[len("fma.vfmsubadd."):]
	return setTarget(u, base, sig)
}

// rewriteX86FMSubAdd: vfmaddsub with the accumulator negated.
func rewriteX86FMSubAdd(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	if isConst(ops[2]) {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	c := e.inst(ir.FNeg, ops[2].Type(), ops[2])
	return e.finish(e.call(r.target(u), ops[0], ops[1], c))
}

// x86MaskForm returns the masking of an AVX-512 FMA name: mask3 (the
// pass-through is the accumulator), maskz (zeros) or mask (the first
// operand), and the name after "avx512.mask?.".
func x86MaskForm(name string) (mask3, maskz bool, rest string) {
	mask3, maskz = name[11] == '3', name[11] == 'z'
	if mask3 || maskz {
		return mask3, maskz, name[13:]
	}
	return false, false, name[12:]
}

// psPd returns "pd" for a vector of doubles, else "ps".
func psPd(t *ir.Type) string { return pick(t.Elem.Kind == ir.DoubleType, "pd", "ps") }

// An x86FMAForm is the masking and negations of an AVX-512 FMA name.
type x86FMAForm struct{ mask3, maskz, negAcc bool }

// passthru returns what a masked FMA of type t selects where the mask has
// no bit: operand 0, the accumulator (mask3) or zeros (maskz).
func (f x86FMAForm) passthru(t *ir.Type, ops []ir.Value) ir.Value {
	switch {
	case f.maskz:
		return &ir.ConstNull{Typ: t}
	case f.mask3:
		return ops[2]
	}
	return ops[0]
}

// fmaNegations appends the negations of u's name (of operand 0 for mask3
// and maskz, of operand 1 for mask, of the accumulator for a "sub") of
// vectors of type t, and returns the three operands after them.
func (e *x86Emit) fmaNegations(u *oldIntrinsic, t *ir.Type, ops []ir.Value) (a, b, c ir.Value, f x86FMAForm) {
	mask3, maskz, rest := x86MaskForm(u.f.Name[len("llvm.x86."):])
	negMul := rest[2] == 'n'
	f = x86FMAForm{mask3: mask3, maskz: maskz, negAcc: negMul && rest[4] == 's' || !negMul && rest[3] == 's'}
	a, b, c = ops[0], ops[1], ops[2]
	if negMul && (mask3 || maskz) {
		a = e.inst(ir.FNeg, t, a)
	}
	if negMul && !(mask3 || maskz) {
		b = e.inst(ir.FNeg, t, b)
	}
	if f.negAcc {
		c = e.inst(ir.FNeg, t, c)
	}
	return a, b, c, f
}

// planX86MaskFMA: (v, v, v, mask[, i32]): llvm.fma, or
// llvm.x86.avx512.vfmadd.p?.512 with a rounding operand other than 4.
func planX86MaskFMA(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	if !isFPVector(sig.Ret) || !sameVec(sig, 3, maskOf(sig.Ret)) && !sameVec(sig, 3, maskOf(sig.Ret), intOf(32)) {
		return false
	}
	if len(sig.Params) == 5 {
		s := psPd(sig.Ret)
		if !setAlt(u, "llvm.x86.avx512.vfmadd."+s+".512", r.fnType(sig.Ret, sig.Ret, sig.Ret, sig.Ret, sig.Params[4])) {
			return false
		}
	}
	return setTarget(u, "llvm.fma", r.fnType(sig.Ret, sig.Ret, sig.Ret, sig.Ret))
}

// rewriteX86MaskFMA: the negations of the name (of operand 0 for mask3
// and maskz, of operand 1 for mask; of the accumulator), llvm.fma or the
// rounding intrinsic, selected by the mask (operand 3) from operand 0,
// the accumulator (mask3) or zeros (maskz).
func rewriteX86MaskFMA(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	t := u.oldSig.Ret
	if _, ok := masked(ops[3], t.Len); !ok || anyConst(ops[:3]...) {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	a, b, c, f := e.fmaNegations(u, t, ops)
	var v ir.Value
	if len(ops) == 5 && !isConstInt(ops[4], 4) {
		v = e.call(r.altTarget(u), a, b, c, ops[4])
	} else {
		v = e.call(r.target(u), a, b, c)
	}
	return e.finish(e.selectBy(ops[3], v, f.passthru(t, ops)))
}

// planX86MaskFMAScalar: (v, v, v, i8, i32): llvm.fma of the elements,
// or llvm.x86.avx512.vfmadd.f32 or f64 with a rounding operand other than
// 4.
func planX86MaskFMAScalar(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	if !isFPVector(sig.Ret) || !sameVec(sig, 3, intOf(8), intOf(32)) {
		return false
	}
	el := sig.Ret.Elem
	f := "f32"
	if el.Kind == ir.DoubleType {
		f = "f64"
	}
	if !setAlt(u, "llvm.x86.avx512.vfmadd."+f, r.fnType(el, el, el, el, sig.Params[4])) {
		return false
	}
	return setTarget(u, "llvm.fma", r.fnType(el, el, el, el))
}

// rewriteX86MaskFMAScalar: the negations (on the vectors), elements 0,
// the FMA, selected by bit 0 of the mask (emitX86ScalarSelect) from
// element 0 of operand 0, of the accumulator (extracted again for mask3
// with a negated accumulator) or zero, inserted at 0 of operand 0 (of the
// accumulator for mask3).
func rewriteX86MaskFMAScalar(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	t := u.oldSig.Ret
	allOnes, _ := x86Mask(ops[3], 8)
	if anyConst(ops[:3]...) || isConst(ops[3]) && !allOnes {
		return out, false
	}
	e := &x86Emit{r: r, in: in, out: out}
	a, b, c, f := e.fmaNegations(u, t, ops)
	a, b, c = e.element0(a), e.element0(b), e.element0(c)
	var v ir.Value
	if !isConstInt(ops[4], 4) {
		v = e.call(r.altTarget(u), a, b, c, ops[4])
	} else {
		v = e.call(r.target(u), a, b, c)
	}
	var pass ir.Value = a
	switch {
	case f.maskz:
		pass = nullValue(t.Elem)
	case f.mask3:
		pass = c
		if f.negAcc {
			pass = e.element0(ops[2])
		}
	}
	if !allOnes {
		m := ops[3].Type()
		mv := e.inst(ir.BitCast, r.x86Vec(uint64(m.BitWidth), r.i1()), ops[3])
		bit := e.element0(mv)
		v = e.inst(ir.Select, t.Elem, bit, v, pass)
	}
	into := ops[0]
	if f.mask3 {
		into = ops[2]
	}
	return e.finish(e.insert0(into, v))
}

// planX86MaskFMAddSub: (v, v, v, mask[, i32]): two llvm.fma and a
// shufflevector, or llvm.x86.avx512.vfmaddsub.p?.512 for five operands.
func planX86MaskFMAddSub(r *Reader, u *oldIntrinsic, name string) bool {
	sig := u.oldSig
	if !isFPVector(sig.Ret) || !sameVec(sig, 3, maskOf(sig.Ret)) && !sameVec(sig, 3, maskOf(sig.Ret), intOf(32)) {
		return false
	}
	if len(sig.Params) == 5 {
		s := psPd(sig.Ret)
		return setTarget(u, "llvm.x86.avx512.vfmaddsub."+s+".512", r.fnType(sig.Ret, sig.Ret, sig.Ret, sig.Ret, sig.Params[4]))
	}
	return setTarget(u, "llvm.fma", r.fnType(sig.Ret, sig.Ret, sig.Ret, sig.Ret))
}

// rewriteX86MaskFMAddSub: for five operands the rounding intrinsic (the
// accumulator negated for vfmsubadd); else llvm.fma of the operands
// (odd elements) and of them with the accumulator negated (even), their
// elements interleaved (swapped for vfmsubadd); selected by the mask
// (operand 3) from operand 0, the accumulator (mask3) or zeros (maskz).
func rewriteX86MaskFMAddSub(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	t := u.oldSig.Ret
	if _, ok := masked(ops[3], t.Len); !ok || anyConst(ops[:3]...) {
		return out, false
	}
	mask3, maskz, rest := x86MaskForm(u.f.Name[len("llvm.x86."):])
	subAdd := rest[3] == 's'
	e := &x86Emit{r: r, in: in, out: out}
	var v ir.Value
	if len(ops) == 5 {
		c := ops[2]
		if subAdd {
			c = e.inst(ir.FNeg, t, c)
		}
		v = e.call(r.target(u), ops[0], ops[1], c, ops[4])
	} else {
		odd := e.call(r.target(u), ops[0], ops[1], ops[2])
		neg := e.inst(ir.FNeg, t, ops[2])
		even := e.call(r.target(u), ops[0], ops[1], neg)
		if subAdd {
			even, odd = odd, even
		}
		idx := make([]int32, t.Len)
		for i := range idx {
			idx[i] = int32(uint64(i) + uint64(i%2)*t.Len)
		}
		v = e.shuffle(even, odd, idx)
	}
	return e.finish(e.selectBy(ops[3], v, x86FMAForm{mask3: mask3, maskz: maskz}.passthru(t, ops)))
}

// rewriteX86MaskPmuldq: rewriteX86Pmuldq, selected by the mask (operand
// 3) from the pass-through (operand 2); left when IRBuilder would fold.
func rewriteX86MaskPmuldq(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	if _, ok := masked(ops[3], u.oldSig.Ret.Len); !ok || anyConst(ops[0], ops[1]) {
		return out, false
	}
	return rewriteX86Pmuldq(r, u, in, out)
}
