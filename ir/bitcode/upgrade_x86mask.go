package bitcode

import (
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// The AVX-512 intrinsics that clang 7 to 10's headers still emitted and
// LLVM 22 rewrites (upgradeX86IntrinsicCall): variable rotates into
// llvm.fshl and llvm.fshr; the masked forms of saturating arithmetic,
// conflict detection, conversions of 64-bit integers to float and of
// half to float into the operation followed by a select of each element
// by the mask (emitX86Select); compress and expand into the overloaded
// intrinsics of a vector of i1 for the mask; the VBMI2 concatenated
// shifts into llvm.fshl and llvm.fshr; the BITALG bit shuffle into its
// intrinsic of a vector of i1, and'ed with the mask; and XOP's variable
// rotates (llvm.fshl) and compares (icmp and sext, or a constant).

// x86MaskFamily returns the rewrite of x86 intrinsic name (without
// "llvm.x86.") among the AVX-512 families, false when it is none of them.
func x86MaskFamily(name string) (x86IR, bool) {
	if fam, ok := x86AVX512Family(name); ok {
		return fam, true
	}
	sat := func(base string) (x86IR, bool) {
		return x86IR{rewrite: rewriteX86MaskBinary, base: base, shape: x86MaskBinary}, true
	}
	switch {
	case strings.HasPrefix(name, "avx512.prolv."), strings.HasPrefix(name, "avx512.mask.prolv."):
		return x86IR{rewrite: rewriteX86Rotate, base: "llvm.fshl", shape: x86Rotate}, true
	case strings.HasPrefix(name, "avx512.prorv."), strings.HasPrefix(name, "avx512.mask.prorv."):
		return x86IR{rewrite: rewriteX86Rotate, base: "llvm.fshr", shape: x86Rotate}, true
	case name == "xop.vprotb", name == "xop.vprotw", name == "xop.vprotd", name == "xop.vprotq":
		return x86IR{rewrite: rewriteX86Rotate, base: "llvm.fshl", shape: x86Rotate}, true
	case strings.HasPrefix(name, "xop.vpcom") && len(name) <= len("xop.vpcomuq"):
		signed := 1
		if strings.HasPrefix(name, "xop.vpcomu") {
			signed = 0
		}
		return x86IR{rewrite: rewriteX86Vpcom, op: signed, shape: x86Vpcom}, true
	case strings.HasPrefix(name, "avx512.mask.padds."):
		return sat("llvm.sadd.sat")
	case strings.HasPrefix(name, "avx512.mask.psubs."):
		return sat("llvm.ssub.sat")
	case strings.HasPrefix(name, "avx512.mask.paddus."):
		return sat("llvm.uadd.sat")
	case strings.HasPrefix(name, "avx512.mask.psubus."):
		return sat("llvm.usub.sat")
	case strings.HasPrefix(name, "avx512.mask.conflict."):
		return x86IR{rewrite: rewriteX86MaskUnary, base: "llvm.x86.avx512.conflict." + strings.TrimPrefix(name, "avx512.mask.conflict."),
			shape: x86MaskUnary}, true
	case name == "avx512.mask.cvtqq2ps.256", name == "avx512.mask.cvtqq2ps.512":
		return x86IR{rewrite: rewriteX86MaskCvt, op: int(ir.SIToFP), shape: x86MaskCvt}, true
	case name == "avx512.mask.cvtuqq2ps.256", name == "avx512.mask.cvtuqq2ps.512":
		return x86IR{rewrite: rewriteX86MaskCvt, op: int(ir.UIToFP), shape: x86MaskCvt}, true
	case strings.HasPrefix(name, "avx512.mask.compress."):
		return x86IR{rewrite: rewriteX86MaskVec, base: "llvm.x86.avx512.mask.compress", shape: x86MaskVec}, true
	case strings.HasPrefix(name, "avx512.mask.expand."):
		return x86IR{rewrite: rewriteX86MaskVec, base: "llvm.x86.avx512.mask.expand", shape: x86MaskVec}, true
	case strings.HasPrefix(name, "avx512.mask.pmultishift.qb."):
		return sat("llvm.x86.avx512.pmultishift.qb." + strings.TrimPrefix(name, "avx512.mask.pmultishift.qb."))
	case strings.HasPrefix(name, "avx512.mask.vpshldv."), strings.HasPrefix(name, "avx512.maskz.vpshldv."):
		return x86IR{rewrite: rewriteX86ConcatShift, base: "llvm.fshl", op: x86ZeroMask(name), shape: x86ConcatShift}, true
	case strings.HasPrefix(name, "avx512.mask.vpshrdv."), strings.HasPrefix(name, "avx512.maskz.vpshrdv."):
		return x86IR{rewrite: rewriteX86ConcatShift, base: "llvm.fshr", op: x86ShiftRight | x86ZeroMask(name), shape: x86ConcatShift}, true
	case strings.HasPrefix(name, "avx512.mask.vpshufbitqmb."):
		return x86IR{rewrite: rewriteX86BitMask, base: "llvm.x86.avx512.vpshufbitqmb." + strings.TrimPrefix(name, "avx512.mask.vpshufbitqmb."),
			shape: x86BitMask}, true
	case name == "avx512.mask.vcvtph2ps.128", name == "avx512.mask.vcvtph2ps.256":
		return x86IR{rewrite: rewriteX86MaskCvtPH, shape: x86MaskCvtPH}, true
	}
	return x86IR{}, false
}

// The bits of the x86IR.op of a concatenated shift (vpshldv, vpshrdv).
const (
	x86ShiftRight = 1 << iota // fshr, the operands swapped
	x86ZeroMaskOp             // maskz: zeros where the mask has no bit
)

// x86ZeroMask returns x86ZeroMaskOp for a maskz form.
func x86ZeroMask(name string) int {
	if strings.HasPrefix(name, "avx512.maskz.") {
		return x86ZeroMaskOp
	}
	return 0
}

// x86MaskFits reports whether mask type m selects the elements of vector
// type v: an integer of one bit per element, or an i8 for fewer than 8.
func x86MaskFits(m, v *ir.Type) bool {
	return m.Kind == ir.IntegerType && (uint64(m.BitWidth) == v.Len || m.BitWidth == 8 && v.Len < 8)
}

// x86Mask says how a call's mask operand selects (emitX86Select): all is
// set for a constant of all ones (no select); ok is false for another
// constant mask that x86MaskVec cannot make for n elements.
func x86Mask(mask ir.Value, n uint64) (all, ok bool) {
	c, isConst := mask.(ir.Constant)
	if !isConst {
		return false, true
	}
	i, isInt := c.(*ir.ConstInt)
	if !isInt || i.Big != nil || i.Typ == nil || i.Typ.BitWidth > 64 {
		return false, false
	}
	w := i.Typ.BitWidth
	ones := ^uint64(0) >> (64 - w)
	if uint64(i.V)&ones == ones {
		return true, true
	}
	return false, n >= 8
}

// x86MaskVec returns mask, an integer of one bit per element of vectors
// of n elements (or an i8 for fewer than 8), as the vector of i1 LLVM
// makes of it (getX86MaskVec): bitcast, its first n elements taken (a
// shufflevector named "extract") when n is under 8; what it makes is
// appended to out.
func (r *Reader) x86MaskVec(in *ir.Instruction, mask ir.Value, n uint64, out []*ir.Instruction) (ir.Value, []*ir.Instruction) {
	mt := mask.Type()
	vt := r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: uint64(mt.BitWidth), Elem: r.i1()})
	if c, ok := mask.(*ir.ConstInt); ok && n >= 8 {
		// IRBuilder folds the bitcast (FoldBitCast): zeroinitializer
		// for 0, else a bitcast of the integer made a vector of one.
		if c.Big == nil && c.V == 0 {
			return &ir.ConstNull{Typ: vt}, out
		}
		one := r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: 1, Elem: mt})
		bits := uint64(c.V)
		if w := mt.BitWidth; w < 64 {
			bits &= 1<<w - 1
		}
		return &ir.ConstExpr{Typ: vt, Op: ir.BitCast, Operands: []ir.Constant{&ir.ConstData{Typ: one, Elems: []uint64{bits}}}}, out
	}
	var cond ir.Value = r.newInst(in, ir.BitCast, vt, mask)
	out = append(out, cond.(*ir.Instruction))
	if n <= 4 {
		idx := make([]int32, n)
		for i := range idx {
			idx[i] = int32(i)
		}
		ext := r.newShuffle(in, cond, cond, idx)
		ext.Name = r.fs.claim("extract")
		out = append(out, ext)
		cond = ext
	}
	return cond, out
}

// x86Select makes in select v where mask has a bit set, else passthru
// (emitX86Select), the mask made a vector of i1 (x86MaskVec) appended to
// out before in.
func (r *Reader) x86Select(in *ir.Instruction, mask, v, passthru ir.Value, out []*ir.Instruction) []*ir.Instruction {
	t := v.Type()
	cond, out := r.x86MaskVec(in, mask, t.Len, out)
	becomeInst(in, ir.Select, t, cond, v, passthru)
	return out
}

// rewriteX86Rotate: llvm.fshl or llvm.fshr of the value twice and the
// amounts (upgradeX86Rotate), selected by the mask of a masked form.
func rewriteX86Rotate(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	src, amt := ops[0], ops[1]
	if len(ops) == 2 {
		becomeCall(in, r.target(u), src, src, amt)
		return out, true
	}
	passthru, mask := ops[2], ops[3]
	all, ok := x86Mask(mask, u.oldSig.Ret.Len)
	if !ok {
		return out, false
	}
	if all {
		becomeCall(in, r.target(u), src, src, amt)
		return out, true
	}
	call := r.newCall(in, r.target(u), src, src, amt)
	return r.x86Select(in, mask, call, passthru, append(out, call)), true
}

// rewriteX86MaskBinary: the generic intrinsic of the first two operands
// (upgradeX86AddSubSatIntrinsics), selected by the mask (operand 3) from
// the pass-through (operand 2).
func rewriteX86MaskBinary(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	a, b, passthru, mask := ops[0], ops[1], ops[2], ops[3]
	all, ok := x86Mask(mask, u.oldSig.Ret.Len)
	if !ok {
		return out, false
	}
	if all {
		becomeCall(in, r.target(u), a, b)
		return out, true
	}
	call := r.newCall(in, r.target(u), a, b)
	return r.x86Select(in, mask, call, passthru, append(out, call)), true
}

// rewriteX86MaskUnary: the unmasked intrinsic of the first operand
// (conflict), selected by the mask (operand 2) from the pass-through
// (operand 1).
func rewriteX86MaskUnary(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	a, passthru, mask := ops[0], ops[1], ops[2]
	all, ok := x86Mask(mask, u.oldSig.Ret.Len)
	if !ok {
		return out, false
	}
	if all {
		becomeCall(in, r.target(u), a)
		return out, true
	}
	call := r.newCall(in, r.target(u), a)
	return r.x86Select(in, mask, call, passthru, append(out, call)), true
}

// rewriteX86MaskCvt: the low two elements taken when the result is
// shorter (a shufflevector), then fpext named "cvtps2pd" from float, else
// sitofp or uitofp (u.op) named "cvt", or, for a rounding operand other
// than 4 (the current direction), a call of llvm.x86.avx512.sitofp.round
// or uitofp.round with it; selected by the mask (operand 2) from the
// pass-through (operand 1).
func rewriteX86MaskCvt(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	src, passthru, mask := ops[0], ops[1], ops[2]
	t := u.oldSig.Ret
	if _, ok := masked(mask, t.Len); !ok {
		return out, false
	}
	fpext := src.Type().Elem.Kind == ir.FloatType
	var round *ir.Function
	if len(ops) == 4 && !fpext && !isConstInt(ops[3], 4) {
		base := "llvm.x86.avx512.sitofp.round"
		if ir.Opcode(u.op) == ir.UIToFP {
			base = "llvm.x86.avx512.uitofp.round"
		}
		sig := r.fnType(t, src.Type(), ops[3].Type())
		name, ok := ir.IntrinsicMangledName(base, sig)
		if !ok {
			return out, false
		}
		if _, ok := ir.IntrinsicAttrs(name, sig); !ok {
			return out, false
		}
		round = r.declare(name, sig)
	}
	if isConst(src) && (round == nil || t.Len < src.Type().Len) {
		return out, false // IRBuilder folds the conversion or the shuffle
	}
	e := &x86Emit{r: r, in: in, out: out}
	if t.Len < src.Type().Len {
		src = e.shuffle(src, src, []int32{0, 1})
	}
	var v *ir.Instruction
	switch {
	case round != nil:
		v = e.call(round, src, ops[3])
	case fpext:
		v = e.inst(ir.FPExt, t, src)
		v.Name = r.fs.claim("cvtps2pd")
	default:
		v = e.inst(ir.Opcode(u.op), t, src)
		v.Name = r.fs.claim("cvt")
	}
	return e.finish(e.selectBy(mask, v, passthru))
}

// rewriteX86MaskCvtPH: the halves (the first four of eight for a result
// of four: a shufflevector) bitcast to half, fpext named "cvtph2ps",
// selected by the mask (operand 2) from the pass-through (operand 1).
func rewriteX86MaskCvtPH(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	src, passthru, mask := ops[0], ops[1], ops[2]
	if _, ok := src.(ir.Constant); ok {
		return out, false
	}
	t := u.oldSig.Ret
	all, ok := x86Mask(mask, t.Len)
	if !ok {
		return out, false
	}
	if t.Len != src.Type().Len {
		sh := r.newShuffle(in, src, src, []int32{0, 1, 2, 3})
		out = append(out, sh)
		src = sh
	}
	half := r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: t.Len, Elem: r.shape(ir.Type{Kind: ir.HalfType})})
	cast := r.newInst(in, ir.BitCast, half, src)
	out = append(out, cast)
	if all {
		becomeInst(in, ir.FPExt, t, cast)
		in.Name = r.fs.claim("cvtph2ps")
		return out, true
	}
	ext := r.newInst(in, ir.FPExt, t, cast)
	ext.Name = r.fs.claim("cvtph2ps")
	return r.x86Select(in, mask, ext, passthru, append(out, ext)), true
}

// rewriteX86MaskVec: the overloaded intrinsic (compress, expand) of the
// value, the pass-through and the mask made a vector of i1 (x86MaskVec;
// a constant mask IRBuilder folds: not done).
func rewriteX86MaskVec(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	v, passthru, mask := ops[0], ops[1], ops[2]
	if _, ok := mask.(ir.Constant); ok {
		return out, false
	}
	cond, out := r.x86MaskVec(in, mask, u.oldSig.Ret.Len, out)
	becomeCall(in, r.target(u), v, passthru, cond)
	return out, true
}

// rewriteX86ConcatShift: llvm.fshl of the first two operands (llvm.fshr
// of them swapped) by the third (upgradeX86ConcatShift), selected by the
// mask (operand 3) from the first operand, or zeros for maskz.
func rewriteX86ConcatShift(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	a, b, amt, mask := ops[0], ops[1], ops[2], ops[3]
	all, ok := x86Mask(mask, u.oldSig.Ret.Len)
	if !ok {
		return out, false
	}
	passthru := a
	if u.op&x86ZeroMaskOp != 0 {
		passthru = &ir.ConstNull{Typ: u.oldSig.Ret}
	}
	if u.op&x86ShiftRight != 0 {
		a, b = b, a
	}
	if all {
		becomeCall(in, r.target(u), a, b, amt)
		return out, true
	}
	call := r.newCall(in, r.target(u), a, b, amt)
	return r.x86Select(in, mask, call, passthru, append(out, call)), true
}

// rewriteX86BitMask: the intrinsic of a vector of i1 (vpshufbitqmb) of
// the first two operands, and'ed with the mask (operand 2) made a vector
// of i1 unless it is all ones, bitcast to the integer
// (applyX86MaskOn1BitsVec; vectors of 8 elements or more only).
func rewriteX86BitMask(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	mask := ops[2]
	all, ok := x86Mask(mask, u.oldSig.Params[0].Len)
	if !ok {
		return out, false
	}
	decl := r.target(u)
	var v ir.Value = r.newCall(in, decl, ops[0], ops[1])
	out = append(out, v.(*ir.Instruction))
	if !all {
		var cond ir.Value
		cond, out = r.x86MaskVec(in, mask, decl.Sig.Ret.Len, out)
		and := r.newInst(in, ir.And, decl.Sig.Ret, v, cond)
		out = append(out, and)
		v = and
	}
	becomeInst(in, ir.BitCast, u.oldSig.Ret, v)
	return out, true
}

// rewriteX86Vpcom: the XOP compares by an immediate predicate
// (upgradeX86vpcom): lt, le, gt, ge (signed or not, u.op), eq, ne an
// icmp sign-extended to the result; false and true (6, 7) the constant
// that replaces the call's uses. A predicate not constant, or above 7,
// is left to be reported.
func rewriteX86Vpcom(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	imm, ok := ops[2].(*ir.ConstInt)
	if !ok || imm.Big != nil {
		return out, false
	}
	t := u.oldSig.Ret
	signed := u.op == 1
	var pred ir.Predicate
	switch uint8(imm.V) {
	case 0:
		pred = pick(signed, ir.ICmpSLT, ir.ICmpULT)
	case 1:
		pred = pick(signed, ir.ICmpSLE, ir.ICmpULE)
	case 2:
		pred = pick(signed, ir.ICmpSGT, ir.ICmpUGT)
	case 3:
		pred = pick(signed, ir.ICmpSGE, ir.ICmpUGE)
	case 4:
		pred = ir.ICmpEQ
	case 5:
		pred = ir.ICmpNE
	case 6, 7:
		c := nullValue(t)
		if uint8(imm.V) == 7 {
			elems := make([]uint64, t.Len)
			for i := range elems {
				elems[i] = ^uint64(0) >> (64 - t.Elem.BitWidth)
			}
			c = &ir.ConstData{Typ: t, Elems: elems}
		}
		if r.up.replaced == nil {
			r.up.replaced = map[*ir.Instruction]ir.Constant{}
		}
		r.up.replaced[in] = c
		return out, true
	default:
		return out, false
	}
	for _, v := range ops[:2] {
		if _, ok := v.(ir.Constant); ok {
			return out, false // IRBuilder folds the compare
		}
	}
	cmp := r.newInst(in, ir.ICmp, r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: t.Len, Elem: r.i1()}), ops[0], ops[1])
	cmp.Pred = pred
	out = append(out, cmp)
	becomeInst(in, ir.SExt, t, cmp)
	return out, true
}

// pick returns a when cond is set, else b.
func pick[T any](cond bool, a, b T) T {
	if cond {
		return a
	}
	return b
}
