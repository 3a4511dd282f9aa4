package bitcode

import (
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// The MVE intrinsics of 64-bit lanes that clang 13 and older emitted with a
// <4 x i1> predicate, which LLVM 14 made <2 x i1> and LLVM 22 rewrites
// (UpgradeARMIntrinsicCall): vctp64 returning <4 x i1> becomes the new
// vctp64 and the predicate converted through an i32
// (llvm.arm.mve.pred.v2i.v2i1, then llvm.arm.mve.pred.i2v.v4i1); the
// predicated loads, stores, multiplies and CDE operations take each
// <4 x i1> operand converted the other way (pred.v2i.v4i1, then
// pred.i2v.v2i1). Every declaration is made at its first use. LLVM 22
// gives the new call the old one's name while it still holds it (a
// numbered name): a named call is left to be reported.

// mvePredicated are the predicated intrinsics LLVM 22 rewrites, by their
// old names (without "llvm.arm.").
var mvePredicated = map[string]bool{
	"mve.mull.int.predicated.v2i64.v4i32.v4i1":                  true,
	"mve.vqdmull.predicated.v2i64.v4i32.v4i1":                   true,
	"mve.vldr.gather.base.predicated.v2i64.v2i64.v4i1":          true,
	"mve.vldr.gather.base.wb.predicated.v2i64.v2i64.v4i1":       true,
	"mve.vldr.gather.offset.predicated.v2i64.p0i64.v2i64.v4i1":  true,
	"mve.vldr.gather.offset.predicated.v2i64.p0.v2i64.v4i1":     true,
	"mve.vstr.scatter.base.predicated.v2i64.v2i64.v4i1":         true,
	"mve.vstr.scatter.base.wb.predicated.v2i64.v2i64.v4i1":      true,
	"mve.vstr.scatter.offset.predicated.p0i64.v2i64.v2i64.v4i1": true,
	"mve.vstr.scatter.offset.predicated.p0.v2i64.v2i64.v4i1":    true,
	"cde.vcx1q.predicated.v2i64.v4i1":                           true,
	"cde.vcx1qa.predicated.v2i64.v4i1":                          true,
	"cde.vcx2q.predicated.v2i64.v4i1":                           true,
	"cde.vcx2qa.predicated.v2i64.v4i1":                          true,
	"cde.vcx3q.predicated.v2i64.v4i1":                           true,
	"cde.vcx3qa.predicated.v2i64.v4i1":                          true,
}

// The predicate conversions of the MVE rewrites.
const (
	mveV2I = "llvm.arm.mve.pred.v2i"
	mveI2V = "llvm.arm.mve.pred.i2v"
)

// planMVE plans those rewrites of f, nil for another declaration or one
// of other types.
func (r *Reader) planMVE(f *ir.Function) *oldIntrinsic {
	name, ok := strings.CutPrefix(f.Name, "llvm.arm.")
	if !ok {
		return nil
	}
	sig := f.Sig
	i32 := r.intType(32)
	v2 := r.x86Vec(2, r.i1())
	v4 := r.x86Vec(4, r.i1())
	u := &oldIntrinsic{f: f, oldSig: sig, lazyDecl: true}
	switch {
	case name == "mve.vctp64":
		if len(sig.Params) != 1 || !isInt(sig.Params[0], 32) || sig.Ret != v4 {
			return nil
		}
		if !setTarget(u, "llvm.arm.mve.vctp64", r.fnType(v2, i32)) {
			return nil
		}
		u.rewrite = rewriteMVEVctp64
	case mvePredicated[name]:
		params := make([]*ir.Type, len(sig.Params))
		for i, p := range sig.Params {
			params[i] = p
			if p == v4 {
				params[i] = v2
			}
		}
		base, ok := ir.IntrinsicName(f.Name)
		if !ok || !setTarget(u, base, r.fnType(sig.Ret, params...)) {
			return nil
		}
		u.rewrite = rewriteMVEPredicated
	default:
		return nil
	}
	for _, c := range []*ir.Type{r.fnType(i32, v2), r.fnType(v4, i32), r.fnType(i32, v4), r.fnType(v2, i32)} {
		if _, ok := intrinsicFor(pick(c.Ret == i32, mveV2I, mveI2V), c); !ok {
			return nil
		}
	}
	return u
}

// mvePred declares (if need be) the predicate conversion of type sig.
func (r *Reader) mvePred(sig *ir.Type) *ir.Function {
	name, _ := intrinsicFor(pick(sig.Ret.Kind == ir.IntegerType, mveV2I, mveI2V), sig)
	return r.declare(name, sig)
}

// rewriteMVEVctp64: the new vctp64, its <2 x i1> made an i32 and that a
// <4 x i1>.
func rewriteMVEVctp64(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	if in.Name != "" {
		return out, false
	}
	i32 := r.intType(32)
	c := r.newCall(in, r.target(u), in.Operands[0])
	v2i := r.newCall(in, r.mvePred(r.fnType(i32, u.newSig.Ret)), c)
	out = append(out, c, v2i)
	rebuildCall(in, r.mvePred(r.fnType(u.oldSig.Ret, i32)), []ir.Value{v2i})
	return out, true
}

// rewriteMVEPredicated: each <4 x i1> operand made an i32 and that a
// <2 x i1>, then the new call.
func rewriteMVEPredicated(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	if in.Name != "" {
		return out, false
	}
	i32 := r.intType(32)
	ops := append([]ir.Value(nil), in.Operands...)
	for i, op := range ops {
		if t := op.Type(); t != u.newSig.Params[i] {
			v2i := r.newCall(in, r.mvePred(r.fnType(i32, t)), op)
			i2v := r.newCall(in, r.mvePred(r.fnType(u.newSig.Params[i], i32)), v2i)
			out = append(out, v2i, i2v)
			ops[i] = i2v
		}
	}
	rebuildCall(in, r.target(u), ops)
	return out, true
}
