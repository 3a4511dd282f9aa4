package bitcode

import (
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// x86 intrinsics of LLVM 3.x to 7 that LLVM 22 rewrites into plain IR or
// generic intrinsics (upgradeX86IntrinsicCall), the families clang's
// SSE2/SSE4.1/SSSE3/AVX/AVX2 headers emitted most: unaligned and
// non-temporal stores, packed compares, square roots, integer min/max,
// absolute values, saturating arithmetic, conversions, sign and zero
// extensions, crc32 of 64 bits, scalar arithmetic, multiplications of
// the even lanes, broadcasts and shuffles by an immediate, and the AVX-512
// intrinsics clang 7 to 10's headers still emitted (upgrade_x86mask.go).
// The old declaration goes; each call is replaced by new, unnamed
// instructions (the call's name is lost), which keep its !dbg location; a
// generic intrinsic is declared at its first call. The other masked
// AVX-512 forms are not done: they are reported.

// foldsConstants wraps a rewrite that makes instructions IRBuilder would
// fold on constant operands (LLVM prints the folded constants): a call
// with a constant operand is left to be reported.
func foldsConstants(rw callRewriter) callRewriter {
	return func(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
		for _, v := range in.Operands {
			if _, ok := v.(ir.Constant); ok {
				return out, false
			}
		}
		return rw(r, u, in, out)
	}
}

// An x86IR is the rewrite of one family: the rewriter, the types it
// takes (shape), its generic intrinsic if any, and a parameter of the
// rewrite (op: the compare's predicate, 1 for the signed extensions and
// multiplications).
type x86IR struct {
	rewrite callRewriter
	shape   x86Shape
	base    string // a generic intrinsic to call ("llvm.smax"), or ""
	op      int
	plan    x86Plan // the plan of shape x86Planned
}

// An x86Shape is the type a family of x86IR is declared with.
type x86Shape uint8

// The shapes.
const (
	x86Store       x86Shape = iota // void (ptr, vector)
	x86LoadSplat                   // vector (ptr)
	x86Splat                       // vector (vector of the same element)
	x86Compare                     // ivec (ivec, ivec)
	x86Convert                     // vector (vector at least as long, two if shorter)
	x86Extend                      // vector (vector at least as long)
	x86Imm2                        // vector (vector, int)
	x86Imm3                        // vector (vector, vector, int)
	x86Crc32                       // i64 (i64, i8)
	x86Scalar                      // vector (vector, vector), no intrinsic
	x86Pmul                        // <n x i64> (<2n x i32>, <2n x i32>)
	x86SqrtScalar                  // vector (vector), llvm.sqrt of the element
	x86Unary                       // vector (vector), the intrinsic of that type
	x86Abs                         // vector (vector), llvm.abs with an i1
	x86Binary                      // vector (vector, vector), the intrinsic of that type
	x86Rotate                      // vector (vector, vector[, vector, mask]), llvm.fshl or fshr
	x86MaskBinary                  // vector (vector, vector, vector, mask), the intrinsic of (vector, vector)
	x86MaskUnary                   // vector (vector, vector, mask), the intrinsic of (vector)
	x86MaskCvt                     // vector (vector, vector, mask[, i32]), no intrinsic
	x86MaskCvtPH                   // <4 or 8 x float> (<8 x i16>, vector, i8), no intrinsic
	x86MaskVec                     // vector (vector, vector, mask), the overloaded intrinsic of (vector, vector, <n x i1>)
	x86ConcatShift                 // vector (vector, vector, vector, mask), llvm.fshl or fshr
	x86BitMask                     // iN (<N x i8>, <N x i8>, iN), the intrinsic of <N x i1> (vector, vector)
	x86Vpcom                       // ivec (ivec, ivec, i8), no intrinsic
	x86MaskPmul                    // <n x i64> (<2n x i32>, <2n x i32>, <n x i64>, mask), no intrinsic
	x86Planned                     // checked by x86IR.plan (upgrade_x86avx512.go)
)

// x86IRFamily returns the rewrite of x86 intrinsic name (without
// "llvm.x86."), false when it is not among these families.
func x86IRFamily(name string) (x86IR, bool) {
	switch {
	case strings.HasPrefix(name, "sse.storeu."), strings.HasPrefix(name, "sse2.storeu."),
		strings.HasPrefix(name, "avx.storeu."):
		return x86IR{rewrite: rewriteX86StoreU, shape: x86Store}, true
	case strings.HasPrefix(name, "sse2.pcmpeq."), strings.HasPrefix(name, "avx2.pcmpeq."):
		return x86IR{rewrite: foldsConstants(rewriteX86Cmp), op: int(ir.ICmpEQ), shape: x86Compare}, true
	case strings.HasPrefix(name, "sse2.pcmpgt."), strings.HasPrefix(name, "avx2.pcmpgt."):
		return x86IR{rewrite: foldsConstants(rewriteX86Cmp), op: int(ir.ICmpSGT), shape: x86Compare}, true
	case name == "sse.sqrt.ss", name == "sse2.sqrt.sd":
		return x86IR{rewrite: foldsConstants(rewriteX86SqrtScalar), base: "llvm.sqrt", shape: x86SqrtScalar}, true
	case strings.HasPrefix(name, "sse.sqrt.p"), strings.HasPrefix(name, "sse2.sqrt.p"),
		strings.HasPrefix(name, "avx.sqrt.p"):
		return x86IR{rewrite: rewriteX86Unary, base: "llvm.sqrt", shape: x86Unary}, true
	case name == "ssse3.pabs.b.128", name == "ssse3.pabs.w.128", name == "ssse3.pabs.d.128",
		strings.HasPrefix(name, "avx2.pabs."):
		return x86IR{rewrite: rewriteX86Abs, base: "llvm.abs", shape: x86Abs}, true
	case name == "sse41.pmaxsb", name == "sse2.pmaxs.w", name == "sse41.pmaxsd", strings.HasPrefix(name, "avx2.pmaxs"):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.smax", shape: x86Binary}, true
	case name == "sse2.pmaxu.b", name == "sse41.pmaxuw", name == "sse41.pmaxud", strings.HasPrefix(name, "avx2.pmaxu"):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.umax", shape: x86Binary}, true
	case name == "sse41.pminsb", name == "sse2.pmins.w", name == "sse41.pminsd", strings.HasPrefix(name, "avx2.pmins"):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.smin", shape: x86Binary}, true
	case name == "sse2.pminu.b", name == "sse41.pminuw", name == "sse41.pminud", strings.HasPrefix(name, "avx2.pminu"):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.umin", shape: x86Binary}, true
	case name == "sse2.cvtdq2pd", name == "avx.cvtdq2.pd.256", name == "sse2.cvtps2pd", name == "avx.cvt.ps2.pd.256",
		name == "sse2.cvtdq2ps", name == "avx.cvtdq2.ps.256":
		return x86IR{rewrite: foldsConstants(rewriteX86Cvt), shape: x86Convert}, true
	case strings.HasPrefix(name, "sse41.pmovsx"), strings.HasPrefix(name, "avx2.pmovsx"):
		return x86IR{rewrite: foldsConstants(rewriteX86Pmov), op: 1, shape: x86Extend}, true
	case strings.HasPrefix(name, "sse41.pmovzx"), strings.HasPrefix(name, "avx2.pmovzx"):
		return x86IR{rewrite: foldsConstants(rewriteX86Pmov), shape: x86Extend}, true
	case name == "sse42.crc32.64.8":
		return x86IR{rewrite: foldsConstants(rewriteX86Crc32), base: "llvm.x86.sse42.crc32.32.8", shape: x86Crc32}, true
	case name == "sse.add.ss", name == "sse2.add.sd", name == "sse.sub.ss", name == "sse2.sub.sd",
		name == "sse.mul.ss", name == "sse2.mul.sd", name == "sse.div.ss", name == "sse2.div.sd":
		return x86IR{rewrite: foldsConstants(rewriteX86ScalarArith), shape: x86Scalar}, true
	case name == "sse2.pmulu.dq", name == "avx2.pmulu.dq", name == "avx512.pmulu.dq.512":
		return x86IR{rewrite: foldsConstants(rewriteX86Pmuldq), shape: x86Pmul}, true
	case name == "sse41.pmuldq", name == "avx2.pmul.dq", name == "avx512.pmul.dq.512":
		return x86IR{rewrite: foldsConstants(rewriteX86Pmuldq), op: 1, shape: x86Pmul}, true
	case name == "sse2.psrl.dq", name == "avx2.psrl.dq":
		return x86IR{rewrite: rewriteX86ByteShift, op: shiftRightBits, shape: x86Imm2}, true
	case name == "sse2.psll.dq", name == "avx2.psll.dq":
		return x86IR{rewrite: rewriteX86ByteShift, op: shiftLeftBits, shape: x86Imm2}, true
	case name == "sse2.psrl.dq.bs", name == "avx2.psrl.dq.bs", name == "avx512.psrl.dq.512":
		return x86IR{rewrite: rewriteX86ByteShift, op: shiftRightBytes, shape: x86Imm2}, true
	case name == "sse2.psll.dq.bs", name == "avx2.psll.dq.bs", name == "avx512.psll.dq.512":
		return x86IR{rewrite: rewriteX86ByteShift, op: shiftLeftBytes, shape: x86Imm2}, true
	case name == "sse2.pshuf.d", strings.HasPrefix(name, "avx.vpermil."):
		return x86IR{rewrite: rewriteX86Imm(shufPermil), shape: x86Imm2}, true
	case name == "sse2.pshufl.w":
		return x86IR{rewrite: rewriteX86Imm(shufLowWords), shape: x86Imm2}, true
	case name == "sse2.pshufh.w":
		return x86IR{rewrite: rewriteX86Imm(shufHighWords), shape: x86Imm2}, true
	case name == "sse41.pblendw", strings.HasPrefix(name, "sse41.blendp"), strings.HasPrefix(name, "avx.blend.p"),
		name == "avx2.pblendw", strings.HasPrefix(name, "avx2.pblendd."):
		return x86IR{rewrite: rewriteX86Imm(shufBlend), shape: x86Imm3}, true
	case strings.HasPrefix(name, "avx.vinsertf128."), name == "avx2.vinserti128":
		return x86IR{rewrite: rewriteX86Imm(nil), shape: x86Imm3}, true
	case strings.HasPrefix(name, "avx.vextractf128."), name == "avx2.vextracti128":
		return x86IR{rewrite: rewriteX86Imm(shufExtract128), shape: x86Imm2}, true
	case strings.HasPrefix(name, "avx.vperm2f128."), name == "avx2.vperm2i128":
		return x86IR{rewrite: rewriteX86Imm(shufPerm2x128), shape: x86Imm3}, true
	case strings.HasPrefix(name, "avx.vbroadcast.s"):
		return x86IR{rewrite: rewriteX86BroadcastLoad, shape: x86LoadSplat}, true
	case strings.HasPrefix(name, "avx2.pbroadcast"), strings.HasPrefix(name, "avx2.vbroadcast.s"):
		return x86IR{rewrite: foldsConstants(rewriteX86Broadcast), shape: x86Splat}, true
	case strings.HasPrefix(name, "avx.movnt."):
		return x86IR{rewrite: rewriteX86MovNT, shape: x86Store}, true
	case strings.HasPrefix(name, "sse2.padds."), strings.HasPrefix(name, "avx2.padds."):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.sadd.sat", shape: x86Binary}, true
	case strings.HasPrefix(name, "sse2.psubs."), strings.HasPrefix(name, "avx2.psubs."):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.ssub.sat", shape: x86Binary}, true
	case strings.HasPrefix(name, "sse2.paddus."), strings.HasPrefix(name, "avx2.paddus."):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.uadd.sat", shape: x86Binary}, true
	case strings.HasPrefix(name, "sse2.psubus."), strings.HasPrefix(name, "avx2.psubus."):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.usub.sat", shape: x86Binary}, true
	}
	return x86MaskFamily(name)
}

// planX86IR plans the rewrite of f, an x86 intrinsic of x86IRFamily,
// checking the types the rewrite takes; nil when they are other ones.
func (r *Reader) planX86IR(f *ir.Function, name string) *oldIntrinsic {
	fam, ok := x86IRFamily(name)
	if !ok {
		return nil
	}
	sig := f.Sig
	ps := sig.Params
	isVec := func(t *ir.Type) bool { return t != nil && t.Kind == ir.FixedVectorType }
	u := &oldIntrinsic{f: f, oldSig: sig, rewrite: fam.rewrite, lazyDecl: true, op: fam.op}
	sameVec := func(n int) bool {
		if len(ps) != n || !isVec(sig.Ret) {
			return false
		}
		for _, p := range ps {
			if p != sig.Ret {
				return false
			}
		}
		return true
	}
	var newSig *ir.Type
	ok = false
	switch fam.shape {
	case x86Store:
		ok = len(ps) == 2 && ps[0].Kind == ir.PointerType && isVec(ps[1]) && sig.Ret.Kind == ir.VoidType
	case x86LoadSplat:
		ok = len(ps) == 1 && ps[0].Kind == ir.PointerType && isVec(sig.Ret)
	case x86Splat:
		ok = len(ps) == 1 && isVec(ps[0]) && isVec(sig.Ret) && ps[0].Elem == sig.Ret.Elem
	case x86Compare:
		ok = sameVec(2) && sig.Ret.Elem.Kind == ir.IntegerType
	case x86Convert:
		ok = len(ps) == 1 && isVec(sig.Ret) && isVec(ps[0]) && sig.Ret.Len <= ps[0].Len &&
			(sig.Ret.Len == ps[0].Len || sig.Ret.Len == 2)
	case x86Extend:
		ok = len(ps) == 1 && isVec(sig.Ret) && isVec(ps[0]) && sig.Ret.Len <= ps[0].Len
	case x86Imm2:
		ok = len(ps) == 2 && isVec(sig.Ret) && isVec(ps[0]) && ps[1].Kind == ir.IntegerType
	case x86Imm3:
		ok = len(ps) == 3 && isVec(sig.Ret) && isVec(ps[0]) && isVec(ps[1]) && ps[2].Kind == ir.IntegerType
	case x86Crc32:
		if ok = len(ps) == 2 && isInt(sig.Ret, 64) && isInt(ps[0], 64) && isInt(ps[1], 8); ok {
			i32 := r.intType(32)
			newSig = r.fnType(i32, i32, ps[1])
		}
	case x86Scalar:
		ok = sameVec(2)
	case x86Pmul:
		ok = len(ps) == 2 && isVec(sig.Ret) && isVec(ps[0]) && ps[1] == ps[0] && isInt(sig.Ret.Elem, 64) &&
			isInt(ps[0].Elem, 32) && ps[0].Len == 2*sig.Ret.Len
	case x86MaskPmul:
		ok = len(ps) == 4 && isVec(sig.Ret) && isVec(ps[0]) && ps[1] == ps[0] && isInt(sig.Ret.Elem, 64) &&
			isInt(ps[0].Elem, 32) && ps[0].Len == 2*sig.Ret.Len && ps[2] == sig.Ret && x86MaskFits(ps[3], sig.Ret)
	case x86Planned:
		ok = fam.plan(r, u, name)
	case x86SqrtScalar:
		if ok = sameVec(1); ok {
			newSig = r.fnType(sig.Ret.Elem, sig.Ret.Elem)
		}
	case x86Unary:
		ok, newSig = sameVec(1), sig
	case x86Abs:
		if ok = sameVec(1); ok {
			newSig = r.fnType(sig.Ret, sig.Ret, r.i1())
		}
	case x86Binary:
		ok, newSig = sameVec(2), sig
	case x86Rotate:
		if ok = sameVec(2) || len(ps) == 4 && isVec(sig.Ret) && ps[0] == sig.Ret && ps[1] == sig.Ret &&
			ps[2] == sig.Ret && x86MaskFits(ps[3], sig.Ret); ok {
			newSig = r.fnType(sig.Ret, sig.Ret, sig.Ret, sig.Ret)
		}
	case x86MaskBinary:
		if ok = len(ps) == 4 && isVec(sig.Ret) && ps[0] == sig.Ret && ps[1] == sig.Ret && ps[2] == sig.Ret &&
			x86MaskFits(ps[3], sig.Ret); ok {
			newSig = r.fnType(sig.Ret, sig.Ret, sig.Ret)
		}
	case x86MaskUnary:
		if ok = len(ps) == 3 && isVec(sig.Ret) && ps[0] == sig.Ret && ps[1] == sig.Ret && x86MaskFits(ps[2], sig.Ret); ok {
			newSig = r.fnType(sig.Ret, sig.Ret)
		}
	case x86MaskCvt:
		ok = (len(ps) == 3 || len(ps) == 4 && isInt(ps[3], 32)) && isVec(sig.Ret) && isVec(ps[0]) &&
			(ps[0].Len == sig.Ret.Len || sig.Ret.Len == 2 && ps[0].Len == 4) && ps[1] == sig.Ret && x86MaskFits(ps[2], sig.Ret) &&
			sig.Ret.Elem.Kind != ir.IntegerType
	case x86MaskVec:
		if ok = len(ps) == 3 && isVec(sig.Ret) && ps[0] == sig.Ret && ps[1] == sig.Ret && x86MaskFits(ps[2], sig.Ret); ok {
			cond := r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: sig.Ret.Len, Elem: r.i1()})
			newSig = r.fnType(sig.Ret, sig.Ret, sig.Ret, cond)
			want, ok := ir.IntrinsicMangledName(fam.base, newSig)
			if !ok {
				return nil
			}
			if _, ok := ir.IntrinsicAttrs(want, newSig); !ok {
				return nil
			}
			u.newName, u.newSig = want, newSig
			return u
		}
	case x86ConcatShift:
		if ok = len(ps) == 4 && isVec(sig.Ret) && ps[0] == sig.Ret && ps[1] == sig.Ret && ps[2] == sig.Ret &&
			x86MaskFits(ps[3], sig.Ret); ok {
			newSig = r.fnType(sig.Ret, sig.Ret, sig.Ret, sig.Ret)
		}
	case x86BitMask:
		if ok = len(ps) == 3 && sig.Ret.Kind == ir.IntegerType && isVec(ps[0]) && isInt(ps[0].Elem, 8) &&
			ps[0].Len == uint64(sig.Ret.BitWidth) && ps[1] == ps[0] && ps[2] == sig.Ret; ok {
			newSig = r.fnType(r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: ps[0].Len, Elem: r.i1()}), ps[0], ps[0])
		}
	case x86Vpcom:
		ok = len(ps) == 3 && isVec(sig.Ret) && sig.Ret.Elem.Kind == ir.IntegerType && ps[0] == sig.Ret && ps[1] == sig.Ret &&
			isInt(ps[2], 8)
	case x86MaskCvtPH:
		ok = len(ps) == 3 && isVec(sig.Ret) && sig.Ret.Elem.Kind == ir.FloatType && (sig.Ret.Len == 4 || sig.Ret.Len == 8) &&
			isVec(ps[0]) && ps[0].Len == 8 && isInt(ps[0].Elem, 16) && ps[1] == sig.Ret && isInt(ps[2], 8)
	}
	if !ok {
		return nil
	}
	if newSig != nil && !strings.HasPrefix(fam.base, "llvm.x86.") {
		want, ok := ir.IntrinsicMangledName(fam.base, newSig)
		if !ok {
			return nil
		}
		if _, ok := ir.IntrinsicAttrs(want, newSig); !ok {
			return nil
		}
		u.newName, u.newSig = want, newSig
	} else if newSig != nil {
		if _, ok := ir.IntrinsicAttrs(fam.base, newSig); !ok {
			return nil
		}
		u.newName, u.newSig = fam.base, newSig
	}
	return u
}

// rewriteX86StoreU: a store of the vector, align 1.
func rewriteX86StoreU(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ptr, v := in.Operands[0], in.Operands[1]
	becomeInst(in, ir.Store, u.oldSig.Ret, v, ptr)
	in.Align = 1
	return out, true
}

// rewriteX86Cmp: an icmp of the operands (eq or sgt), sign-extended to
// the result's type.
func rewriteX86Cmp(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	t := u.oldSig.Ret
	cmp := r.newInst(in, ir.ICmp, r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: t.Len, Elem: r.i1()}),
		in.Operands[0], in.Operands[1])
	cmp.Pred = ir.Predicate(u.op)
	out = append(out, cmp)
	becomeInst(in, ir.SExt, t, cmp)
	return out, true
}

// rewriteX86Unary: a call of the generic intrinsic on the operand.
func rewriteX86Unary(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	becomeCall(in, r.target(u), in.Operands[0])
	return out, true
}

// rewriteX86Binary: a call of the generic intrinsic on both operands.
func rewriteX86Binary(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	becomeCall(in, r.target(u), in.Operands[0], in.Operands[1])
	return out, true
}

// rewriteX86Abs: llvm.abs of the operand, i1 false.
func rewriteX86Abs(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	becomeCall(in, r.target(u), in.Operands[0], &ir.ConstInt{Typ: r.i1(), V: 0})
	return out, true
}

// rewriteX86SqrtScalar: element 0 extracted, its square root (llvm.sqrt)
// inserted back.
func rewriteX86SqrtScalar(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	vec := in.Operands[0]
	t := u.oldSig.Ret
	zero := &ir.ConstInt{Typ: r.intType(64), V: 0}
	elt := r.newInst(in, ir.ExtractElement, t.Elem, vec, zero)
	sq := r.newCall(in, r.target(u), elt)
	out = append(out, elt, sq)
	becomeInst(in, ir.InsertElement, t, vec, sq, zero)
	return out, true
}

// becomeCall makes in an unnamed call of decl with operands ops, keeping
// its !dbg location and the debug records before it.
func becomeCall(in *ir.Instruction, decl *ir.Function, ops ...ir.Value) {
	becomeInst(in, ir.Call, decl.Sig.Ret, ops...)
	in.Callee, in.FuncType = decl, decl.Sig
}

// rewriteX86Cvt: the low two elements taken when the result is shorter
// (a shufflevector), then converted: fpext named "cvtps2pd" or sitofp
// named "cvt".
func rewriteX86Cvt(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	dst, v := u.oldSig.Ret, in.Operands[0]
	src := u.oldSig.Params[0]
	if dst.Len < src.Len {
		sh := r.newShuffle(in, v, v, []int32{0, 1})
		out = append(out, sh)
		v = sh
	}
	op, name := ir.SIToFP, "cvt"
	if src.Elem.Kind == ir.FloatType {
		op, name = ir.FPExt, "cvtps2pd"
	}
	becomeInst(in, op, dst, v)
	in.Name = r.fs.claim(name)
	return out, true
}

// rewriteX86Pmov: the low elements (a shufflevector with poison), sign
// (u.op 1) or zero extended.
func rewriteX86Pmov(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	dst, v := u.oldSig.Ret, in.Operands[0]
	mask := make([]int32, dst.Len)
	for i := range mask {
		mask[i] = int32(i)
	}
	sh := r.newShuffle(in, v, &ir.Poison{Typ: v.Type()}, mask)
	out = append(out, sh)
	op := ir.ZExt
	if u.op == 1 {
		op = ir.SExt
	}
	becomeInst(in, op, dst, sh)
	return out, true
}

// rewriteX86Crc32: the 64-bit CRC of a byte is the 32-bit one of the
// truncated value, zero-extended.
func rewriteX86Crc32(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	tr := r.newInst(in, ir.Trunc, r.intType(32), in.Operands[0])
	call := r.newCall(in, r.target(u), tr, in.Operands[1])
	out = append(out, tr, call)
	becomeInst(in, ir.ZExt, u.oldSig.Ret, call)
	return out, true
}

// rewriteX86ScalarArith: element 0 of both operands (i32 indices), the
// operation, inserted into the first.
func rewriteX86ScalarArith(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	t := u.oldSig.Ret
	name := u.f.Name
	op := ir.FDiv
	switch {
	case strings.Contains(name, ".add."):
		op = ir.FAdd
	case strings.Contains(name, ".sub."):
		op = ir.FSub
	case strings.Contains(name, ".mul."):
		op = ir.FMul
	}
	zero := &ir.ConstInt{Typ: r.intType(32), V: 0}
	a := r.newInst(in, ir.ExtractElement, t.Elem, in.Operands[0], zero)
	b := r.newInst(in, ir.ExtractElement, t.Elem, in.Operands[1], zero)
	x := r.newInst(in, op, t.Elem, a, b)
	out = append(out, a, b, x)
	becomeInst(in, ir.InsertElement, t, in.Operands[0], x, zero)
	return out, true
}

// rewriteX86Pmuldq: both operands bitcast to the result's vector of i64,
// their low 32 bits kept (and with 0xffffffff, or shl and ashr by 32 when
// signed, u.op 1), multiplied.
func rewriteX86Pmuldq(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	t := u.oldSig.Ret
	splat := func(v uint64) ir.Constant {
		e := make([]uint64, t.Len)
		for i := range e {
			e[i] = v
		}
		return &ir.ConstData{Typ: t, Elems: e}
	}
	var ops [2]ir.Value
	for i := range ops {
		ops[i] = r.newInst(in, ir.BitCast, t, in.Operands[i])
		out = append(out, ops[i].(*ir.Instruction))
	}
	for i := range ops {
		if u.op == 1 {
			shl := r.newInst(in, ir.Shl, t, ops[i], splat(32))
			ashr := r.newInst(in, ir.AShr, t, shl, splat(32))
			out = append(out, shl, ashr)
			ops[i] = ashr
		} else {
			and := r.newInst(in, ir.And, t, ops[i], splat(0xffffffff))
			out = append(out, and)
			ops[i] = and
		}
	}
	if len(in.Operands) == 2 {
		becomeInst(in, ir.Mul, t, ops[0], ops[1])
		return out, true
	}
	// The masked form of AVX-512: selected by the mask (operand 3) from
	// the pass-through (operand 2).
	e := &x86Emit{r: r, in: in, out: out}
	v := e.inst(ir.Mul, t, ops[0], ops[1])
	return e.finish(e.selectBy(in.Operands[3], v, in.Operands[2]))
}

// newShuffle returns a new unnamed shufflevector of a and b by mask, with
// in's !dbg location.
func (r *Reader) newShuffle(in *ir.Instruction, a, b ir.Value, mask []int32) *ir.Instruction {
	t := a.Type()
	sh := r.newInst(in, ir.ShuffleVector, r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: uint64(len(mask)), Elem: t.Elem}), a, b)
	extraOf(sh).Mask = mask
	return sh
}

// The byte shifts of rewriteX86ByteShift (x86IR.op): right or left, by a
// number of bits (a multiple of 8) or of bytes.
const (
	shiftRightBits = iota
	shiftLeftBits
	shiftRightBytes
	shiftLeftBytes
)

// rewriteX86ByteShift: psrl.dq and psll.dq (LLVM 3.6 and older), which
// shift each 16-byte lane of a vector of i64 by whole bytes, become a
// bitcast to a vector of bytes, a shufflevector with zeros, and a bitcast
// back, the two bitcasts named "cast" (upgradeX86PSRLDQIntrinsics,
// upgradeX86PSLLDQIntrinsics). A shift of 16 bytes or more makes a
// constant, which this reader cannot put in the call's place: left to be
// reported, as a constant operand (folded by LLVM) is.
func rewriteX86ByteShift(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ret, v := u.oldSig.Ret, in.Operands[0]
	c, ok := in.Operands[1].(*ir.ConstInt)
	if _, isConst := v.(ir.Constant); !ok || c.Big != nil || isConst || !isInt(ret.Elem, 64) || ret.Len == 0 || ret.Len%2 != 0 {
		return out, false
	}
	shift := uint64(c.V)
	if c.Typ.BitWidth < 64 {
		shift &= 1<<c.Typ.BitWidth - 1
	}
	if u.op == shiftRightBits || u.op == shiftLeftBits {
		shift /= 8
	}
	if shift >= 16 {
		return out, false
	}
	n := int(ret.Len * 8)
	bytes := r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: uint64(n), Elem: r.intType(8)})
	cast := r.newInst(in, ir.BitCast, bytes, v)
	cast.Name = r.fs.claim("cast")
	out = append(out, cast)
	zero := &ir.ConstNull{Typ: bytes}
	mask := make([]int32, n)
	sh := int(shift)
	for l := 0; l < n; l += 16 {
		for i := 0; i < 16; i++ {
			var idx int
			if u.op == shiftRightBits || u.op == shiftRightBytes {
				if idx = i + sh; idx >= 16 {
					idx += n - 16 // past the lane: the zeros
				}
			} else if idx = n + i - sh; idx < n {
				idx -= n - 16 // before the lane: the zeros
			}
			mask[l+i] = int32(idx + l)
		}
	}
	var shuf *ir.Instruction
	if u.op == shiftRightBits || u.op == shiftRightBytes {
		shuf = r.newShuffle(in, cast, zero, mask)
	} else {
		shuf = r.newShuffle(in, zero, cast, mask)
	}
	out = append(out, shuf)
	becomeInst(in, ir.BitCast, ret, shuf)
	in.Name = r.fs.claim("cast")
	return out, true
}

// An x86Shuffle makes the shufflevector an x86 intrinsic with an
// immediate (its last operand, imm) is: the operands and the mask; ok
// false when the types do not fit.
type x86Shuffle func(ret *ir.Type, ops []ir.Value, imm uint64) (a, b ir.Value, mask []int32, ok bool)

// rewriteX86Imm rewrites a call of an x86 intrinsic whose last operand is
// an immediate into one shufflevector (two for vinsertf128), as
// upgradeX86IntrinsicCall does. A call whose immediate is not a constant
// (LLVM asserts), or whose vector operands are all constants (LLVM folds
// the shuffle), is left to be reported.
func rewriteX86Imm(sh x86Shuffle) callRewriter {
	return func(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
		ops := in.Operands
		c, ok := ops[len(ops)-1].(*ir.ConstInt)
		if !ok || c.Big != nil {
			return out, false
		}
		imm := uint64(c.V)
		if c.Typ.BitWidth < 64 {
			imm &= 1<<c.Typ.BitWidth - 1
		}
		ret := u.oldSig.Ret
		if sh == nil {
			return rewriteInsert128(r, in, out, ret, ops, imm)
		}
		a, b, mask, ok := sh(ret, ops[:len(ops)-1], imm)
		if !ok {
			return out, false
		}
		_, ca := a.(ir.Constant)
		_, cb := b.(ir.Constant)
		if ca && cb {
			return out, false
		}
		becomeInst(in, ir.ShuffleVector, ret, a, b)
		extraOf(in).Mask = mask
		return out, true
	}
}

func shufPermil(ret *ir.Type, ops []ir.Value, imm uint64) (ir.Value, ir.Value, []int32, bool) {
	n := ret.Len
	bits := uint64(elemBits(ret.Elem))
	if bits == 0 || 64/bits == 0 {
		return nil, nil, nil, false
	}
	idxSize := 64 / bits
	idxMask := uint64(1)<<idxSize - 1
	mask := make([]int32, n)
	for i := range n {
		mask[i] = int32((imm>>((i*idxSize)%8))&idxMask | i&^idxMask)
	}
	return ops[0], ops[0], mask, true
}

func shufLowWords(ret *ir.Type, ops []ir.Value, imm uint64) (ir.Value, ir.Value, []int32, bool) {
	n := ret.Len
	mask := make([]int32, n)
	for l := uint64(0); l+8 <= n; l += 8 {
		for i := uint64(0); i != 4; i++ {
			mask[i+l] = int32((imm>>(2*i))&3 + l)
		}
		for i := uint64(4); i != 8; i++ {
			mask[i+l] = int32(i + l)
		}
	}
	return ops[0], ops[0], mask, n%8 == 0
}

func shufHighWords(ret *ir.Type, ops []ir.Value, imm uint64) (ir.Value, ir.Value, []int32, bool) {
	n := ret.Len
	mask := make([]int32, n)
	for l := uint64(0); l+8 <= n; l += 8 {
		for i := uint64(0); i != 4; i++ {
			mask[i+l] = int32(i + l)
		}
		for i := uint64(0); i != 4; i++ {
			mask[i+l+4] = int32((imm>>(2*i))&3 + 4 + l)
		}
	}
	return ops[0], ops[0], mask, n%8 == 0
}

func shufBlend(ret *ir.Type, ops []ir.Value, imm uint64) (ir.Value, ir.Value, []int32, bool) {
	n := ret.Len
	mask := make([]int32, n)
	for i := range n {
		mask[i] = int32(i)
		if (imm>>(i%8))&1 != 0 {
			mask[i] = int32(i + n)
		}
	}
	return ops[0], ops[1], mask, true
}

func shufExtract128(ret *ir.Type, ops []ir.Value, imm uint64) (ir.Value, ir.Value, []int32, bool) {
	dst, src := ret.Len, ops[0].Type().Len
	if dst == 0 || src < dst {
		return nil, nil, nil, false
	}
	imm %= src / dst
	mask := make([]int32, dst)
	for i := range dst {
		mask[i] = int32(i + imm*dst)
	}
	return ops[0], ops[0], mask, true
}

func shufPerm2x128(ret *ir.Type, ops []ir.Value, imm uint64) (ir.Value, ir.Value, []int32, bool) {
	imm &= 0xff
	n := ret.Len
	half := n / 2
	v0, v1 := ops[0], ops[0]
	if imm&0x02 != 0 {
		v0 = ops[1]
	}
	if imm&0x20 != 0 {
		v1 = ops[1]
	}
	if imm&0x08 != 0 {
		v0 = &ir.ConstNull{Typ: ret}
	}
	if imm&0x80 != 0 {
		v1 = &ir.ConstNull{Typ: ret}
	}
	mask := make([]int32, n)
	start := uint64(0)
	if imm&0x01 != 0 {
		start = half
	}
	for i := range half {
		mask[i] = int32(start + i)
	}
	start = 0
	if imm&0x10 != 0 {
		start = half
	}
	for i := range half {
		mask[i+half] = int32(n + start + i)
	}
	return v0, v1, mask, true
}

// rewriteInsert128: the second operand widened to the result's length
// (a shufflevector with poison), then put into the first at the lane
// the immediate says (a second shufflevector).
func rewriteInsert128(r *Reader, in *ir.Instruction, out []*ir.Instruction, ret *ir.Type, ops []ir.Value, imm uint64) ([]*ir.Instruction, bool) {
	a, b := ops[0], ops[1]
	dst, src := ret.Len, b.Type().Len
	if src == 0 || dst < src {
		return out, false
	}
	if _, ok := b.(ir.Constant); ok {
		return out, false // folded
	}
	imm %= dst / src
	wide := make([]int32, dst)
	for i := range dst {
		wide[i] = int32(min(i, src))
	}
	w := r.newShuffle(in, b, &ir.Poison{Typ: b.Type()}, wide)
	out = append(out, w)
	mask := make([]int32, dst)
	for i := range dst {
		mask[i] = int32(i)
	}
	for i := range src {
		mask[i+imm*src] = int32(i + dst)
	}
	becomeInst(in, ir.ShuffleVector, ret, a, w)
	extraOf(in).Mask = mask
	return out, true
}

// elemBits is the width of an integer or floating-point element type, 0
// for others.
func elemBits(t *ir.Type) uint32 {
	if t == nil {
		return 0
	}
	if t.Kind == ir.HalfType || t.Kind == ir.BFloatType {
		return 16
	}
	return storeBits(t)
}

// rewriteX86BroadcastLoad: the element loaded (its ABI alignment), then
// inserted into every lane of a poison vector, one insertelement each
// (i32 indices).
func rewriteX86BroadcastLoad(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	t := u.oldSig.Ret
	align, err := r.typeAlign(t.Elem, abiAlign, "load")
	if err != nil {
		return out, false
	}
	ld := r.newInst(in, ir.Load, t.Elem, in.Operands[0])
	ld.Align = align
	out = append(out, ld)
	var v ir.Value = &ir.Poison{Typ: t}
	for i := range t.Len {
		idx := &ir.ConstInt{Typ: r.intType(32), V: int64(i)}
		if i == t.Len-1 {
			becomeInst(in, ir.InsertElement, t, v, ld, idx)
			break
		}
		ins := r.newInst(in, ir.InsertElement, t, v, ld, idx)
		out = append(out, ins)
		v = ins
	}
	return out, t.Len > 0
}

// rewriteX86Broadcast: a shufflevector of the operand (and poison) by a
// mask of zeros.
func rewriteX86Broadcast(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	t, v := u.oldSig.Ret, in.Operands[0]
	becomeInst(in, ir.ShuffleVector, t, v, &ir.Poison{Typ: v.Type()})
	extraOf(in).Mask = make([]int32, t.Len)
	return out, true
}

// rewriteX86MovNT: a store of the vector aligned to its size, with
// !nontemporal !{i32 1} (the uniqued node).
func rewriteX86MovNT(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ptr, v := in.Operands[0], in.Operands[1]
	t := v.Type()
	if t == nil || t.Elem == nil {
		return out, false // not a vector: the call's type is not its operand's
	}
	bits := uint64(elemBits(t.Elem)) * t.Len
	if bits == 0 || bits%8 != 0 {
		return out, false
	}
	one := &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: r.intType(32), V: 1}}
	node := r.md.tuple(r, []ir.Metadata{one})
	becomeInst(in, ir.Store, u.oldSig.Ret, v, ptr)
	in.Align = bits / 8
	in.Metadata = []ir.Attachment{{Kind: "nontemporal", Node: node}}
	return out, true
}
