package bitcode

import (
	"github.com/bcextract/bcextract/ir"
)

// The AArch64 conversions of float to bfloat that LLVM 22 rewrites, as
// clang-19 emitted them for arm_neon.h and arm_sve.h (vcvth_bf16_f32,
// vcvtq_low/high_bf16_f32, svcvt_bf16_f32, svcvtnt_bf16_f32):
//
//   - llvm.aarch64.neon.bfcvt(float): an fptrunc to bfloat;
//   - llvm.aarch64.neon.bfcvtn(<4 x float>): an fptrunc to <4 x bfloat>,
//     widened to <8 x bfloat> with zeros (a shufflevector);
//   - llvm.aarch64.neon.bfcvtn2(<8 x bfloat> a, <4 x float> x): the low
//     half of a (a shufflevector), the fptrunc of x, both joined;
//   - llvm.aarch64.sve.fcvt.bf16f32 and fcvtnt.bf16f32 took a predicate
//     of the smaller element (<vscale x 8 x i1>): their .v2 takes that of
//     the larger, the old one given through svbool
//     (llvm.aarch64.sve.convert.to.svbool.nxv8i1, then
//     convert.from.svbool.nxv4i1).
//
// The NEON ones become unnamed instructions (the call's name is lost;
// IRBuilder folds constant operands, which is left to be reported); the
// SVE call is rebuilt plain (no tail marker, attributes or flags), named
// after the old one, which still holds its name then ("r" becomes "r1").
// Each new declaration comes at its first use.

// planAArch64BF16 plans those rewrites of f, nil for another declaration
// or one of another type.
func (r *Reader) planAArch64BF16(f *ir.Function) *oldIntrinsic {
	sig := f.Sig
	vec := func(t *ir.Type, n uint64, k ir.TypeKind) bool {
		return t != nil && t.Kind == ir.FixedVectorType && t.Len == n && t.Elem.Kind == k
	}
	svec := func(t *ir.Type, n uint64, k ir.TypeKind, bits uint32) bool {
		return t != nil && t.Kind == ir.ScalableVectorType && t.Len == n && t.Elem.Kind == k &&
			(k != ir.IntegerType || t.Elem.BitWidth == bits)
	}
	u := &oldIntrinsic{f: f, oldSig: sig, lazyDecl: true}
	ps := sig.Params
	switch f.Name {
	case "llvm.aarch64.neon.bfcvt":
		if len(ps) != 1 || ps[0].Kind != ir.FloatType || sig.Ret.Kind != ir.BFloatType {
			return nil
		}
		u.rewrite = foldsConstants(rewriteBFCvt)
	case "llvm.aarch64.neon.bfcvtn":
		if len(ps) != 1 || !vec(ps[0], 4, ir.FloatType) || !vec(sig.Ret, 8, ir.BFloatType) {
			return nil
		}
		u.rewrite = foldsConstants(rewriteBFCvtN)
	case "llvm.aarch64.neon.bfcvtn2":
		if len(ps) != 2 || !vec(ps[0], 8, ir.BFloatType) || !vec(ps[1], 4, ir.FloatType) || sig.Ret != ps[0] {
			return nil
		}
		u.rewrite = foldsConstants(rewriteBFCvtN2)
	case "llvm.aarch64.sve.fcvt.bf16f32", "llvm.aarch64.sve.fcvtnt.bf16f32":
		if len(ps) != 3 || !svec(sig.Ret, 8, ir.BFloatType, 0) || ps[0] != sig.Ret ||
			!svec(ps[1], 8, ir.IntegerType, 1) || !svec(ps[2], 4, ir.FloatType, 0) {
			return nil
		}
		pred := r.findType(&ir.Type{Kind: ir.ScalableVectorType, Len: 4, Elem: r.i1()})
		u.newName, u.newSig = f.Name+".v2", r.fnType(sig.Ret, ps[0], pred, ps[2])
		if _, ok := ir.IntrinsicAttrs(u.newName, u.newSig); !ok {
			return nil
		}
		u.rewrite = rewriteSVEBFCvt
	default:
		return nil
	}
	return u
}

// rewriteBFCvt: an fptrunc of the operand to bfloat.
func rewriteBFCvt(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	becomeInst(in, ir.FPTrunc, u.oldSig.Ret, in.Operands[0])
	return out, true
}

// bfHalf returns <4 x bfloat>.
func (r *Reader) bfHalf() *ir.Type {
	return r.findType(&ir.Type{Kind: ir.FixedVectorType, Len: 4, Elem: r.shape(ir.Type{Kind: ir.BFloatType})})
}

// lanes returns the mask 0, 1, ..., n-1.
func lanes(n int) []int32 {
	m := make([]int32, n)
	for i := range m {
		m[i] = int32(i)
	}
	return m
}

// rewriteBFCvtN: the fptrunc of the operand to <4 x bfloat>, joined with
// zeros.
func rewriteBFCvtN(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	half := r.bfHalf()
	tr := r.newInst(in, ir.FPTrunc, half, in.Operands[0])
	out = append(out, tr)
	becomeInst(in, ir.ShuffleVector, u.oldSig.Ret, tr, &ir.ConstNull{Typ: half})
	extraOf(in).Mask = lanes(8)
	return out, true
}

// rewriteBFCvtN2: the low half of the first operand, joined with the
// fptrunc of the second to <4 x bfloat>.
func rewriteBFCvtN2(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	a, x := in.Operands[0], in.Operands[1]
	low := r.newShuffle(in, a, &ir.Poison{Typ: a.Type()}, lanes(4))
	tr := r.newInst(in, ir.FPTrunc, r.bfHalf(), x)
	out = append(out, low, tr)
	becomeInst(in, ir.ShuffleVector, u.oldSig.Ret, low, tr)
	extraOf(in).Mask = lanes(8)
	return out, true
}

// rewriteSVEBFCvt: the predicate given through svbool to the .v2 call.
func rewriteSVEBFCvt(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := in.Operands
	if len(ops) != 3 {
		return out, false
	}
	pg := ops[1]
	i1 := r.i1()
	svbool := r.findType(&ir.Type{Kind: ir.ScalableVectorType, Len: 16, Elem: i1})
	to := r.declare("llvm.aarch64.sve.convert.to.svbool.nxv8i1", r.fnType(svbool, pg.Type()))
	toCall := r.newCall(in, to, pg)
	from := r.declare("llvm.aarch64.sve.convert.from.svbool.nxv4i1", r.fnType(u.newSig.Params[1], svbool))
	fromCall := r.newCall(in, from, toCall)
	out = append(out, toCall, fromCall)
	// The new call is named while the old one holds the name.
	old := in.Name
	name := r.fs.claim(old)
	r.fs.free(old)
	rebuildCall(in, r.target(u), []ir.Value{ops[0], fromCall, ops[2]})
	in.Name = name
	return out, true
}
