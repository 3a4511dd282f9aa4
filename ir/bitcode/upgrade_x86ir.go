package bitcode

import (
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// x86 intrinsics of LLVM 3.x to 7 that LLVM 22 rewrites into plain IR or
// generic intrinsics (upgradeX86IntrinsicCall), the families clang's
// SSE2/SSE4.1/SSSE3/AVX/AVX2 headers emitted most: unaligned stores,
// packed compares, square roots, integer min/max, absolute values and
// saturating arithmetic. The old declaration goes; each call is replaced
// by new, unnamed instructions (the call's name is lost), which keep its
// !dbg location; a generic intrinsic is declared at its first call. The
// masked AVX-512 forms are not done: they are reported.

// An x86IR is the rewrite of one family: its generic intrinsic, if any.
type x86IR struct {
	rewrite callRewriter
	base    string // a generic intrinsic to call ("llvm.smax"), or ""
	pred    ir.Predicate
}

// x86IRFamily returns the rewrite of x86 intrinsic name (without
// "llvm.x86."), false when it is not among these families.
func x86IRFamily(name string) (x86IR, bool) {
	switch {
	case strings.HasPrefix(name, "sse.storeu."), strings.HasPrefix(name, "sse2.storeu."),
		strings.HasPrefix(name, "avx.storeu."):
		return x86IR{rewrite: rewriteX86StoreU}, true
	case strings.HasPrefix(name, "sse2.pcmpeq."), strings.HasPrefix(name, "avx2.pcmpeq."):
		return x86IR{rewrite: rewriteX86Cmp, pred: ir.ICmpEQ}, true
	case strings.HasPrefix(name, "sse2.pcmpgt."), strings.HasPrefix(name, "avx2.pcmpgt."):
		return x86IR{rewrite: rewriteX86Cmp, pred: ir.ICmpSGT}, true
	case name == "sse.sqrt.ss", name == "sse2.sqrt.sd":
		return x86IR{rewrite: rewriteX86SqrtScalar, base: "llvm.sqrt"}, true
	case strings.HasPrefix(name, "sse.sqrt.p"), strings.HasPrefix(name, "sse2.sqrt.p"),
		strings.HasPrefix(name, "avx.sqrt.p"):
		return x86IR{rewrite: rewriteX86Unary, base: "llvm.sqrt"}, true
	case name == "ssse3.pabs.b.128", name == "ssse3.pabs.w.128", name == "ssse3.pabs.d.128",
		strings.HasPrefix(name, "avx2.pabs."):
		return x86IR{rewrite: rewriteX86Abs, base: "llvm.abs"}, true
	case name == "sse41.pmaxsb", name == "sse2.pmaxs.w", name == "sse41.pmaxsd", strings.HasPrefix(name, "avx2.pmaxs"):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.smax"}, true
	case name == "sse2.pmaxu.b", name == "sse41.pmaxuw", name == "sse41.pmaxud", strings.HasPrefix(name, "avx2.pmaxu"):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.umax"}, true
	case name == "sse41.pminsb", name == "sse2.pmins.w", name == "sse41.pminsd", strings.HasPrefix(name, "avx2.pmins"):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.smin"}, true
	case name == "sse2.pminu.b", name == "sse41.pminuw", name == "sse41.pminud", strings.HasPrefix(name, "avx2.pminu"):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.umin"}, true
	case strings.HasPrefix(name, "sse2.padds."), strings.HasPrefix(name, "avx2.padds."):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.sadd.sat"}, true
	case strings.HasPrefix(name, "sse2.psubs."), strings.HasPrefix(name, "avx2.psubs."):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.ssub.sat"}, true
	case strings.HasPrefix(name, "sse2.paddus."), strings.HasPrefix(name, "avx2.paddus."):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.uadd.sat"}, true
	case strings.HasPrefix(name, "sse2.psubus."), strings.HasPrefix(name, "avx2.psubus."):
		return x86IR{rewrite: rewriteX86Binary, base: "llvm.usub.sat"}, true
	}
	return x86IR{}, false
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
	u := &oldIntrinsic{f: f, oldSig: sig, rewrite: fam.rewrite, lazyDecl: true, op: int(fam.pred)}
	var newSig *ir.Type
	switch {
	case fam.rewrite == nil:
		return nil
	case strings.Contains(name, "storeu."):
		if len(ps) != 2 || ps[0].Kind != ir.PointerType || !isVec(ps[1]) || sig.Ret.Kind != ir.VoidType {
			return nil
		}
	case strings.Contains(name, ".pcmp"):
		if len(ps) != 2 || !isVec(sig.Ret) || ps[0] != sig.Ret || ps[1] != sig.Ret || sig.Ret.Elem.Kind != ir.IntegerType {
			return nil
		}
	case fam.base == "llvm.sqrt" && !strings.Contains(name, ".p"):
		if len(ps) != 1 || !isVec(sig.Ret) || ps[0] != sig.Ret {
			return nil
		}
		newSig = r.fnType(sig.Ret.Elem, sig.Ret.Elem)
	case fam.base == "llvm.sqrt":
		if len(ps) != 1 || !isVec(sig.Ret) || ps[0] != sig.Ret {
			return nil
		}
		newSig = sig
	case fam.base == "llvm.abs":
		if len(ps) != 1 || !isVec(sig.Ret) || ps[0] != sig.Ret {
			return nil
		}
		newSig = r.fnType(sig.Ret, sig.Ret, r.i1())
	default:
		if len(ps) != 2 || !isVec(sig.Ret) || ps[0] != sig.Ret || ps[1] != sig.Ret {
			return nil
		}
		newSig = sig
	}
	if newSig != nil {
		want, ok := ir.IntrinsicMangledName(fam.base, newSig)
		if !ok {
			return nil
		}
		if _, ok := ir.IntrinsicAttrs(want, newSig); !ok {
			return nil
		}
		u.newName, u.newSig = want, newSig
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
