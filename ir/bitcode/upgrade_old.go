package bitcode

import (
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// The upgrades of generic intrinsics of LLVM 12 and older (older than the
// LLVMs upgrade_table.go was probed with), checked against llvm-dis-22
// by testdata/ir/upgrade's capi14 fixtures.

// planOldGeneric returns how LLVM 22 rewrites the calls of f, a generic
// intrinsic as LLVM 12 or older declared it, nil when f is none.
func (r *Reader) planOldGeneric(f *ir.Function) *oldIntrinsic {
	name, sig := f.Name, f.Sig
	switch {
	case (strings.HasPrefix(name, "llvm.ctlz.") || strings.HasPrefix(name, "llvm.cttz.")) && len(sig.Params) == 1:
		return r.planCountZeros(f)
	case strings.HasPrefix(name, "llvm.experimental.vector.reduce."):
		return r.planReduce(f)
	case (name == "llvm.var.annotation" || strings.HasPrefix(name, "llvm.var.annotation.") ||
		strings.HasPrefix(name, "llvm.ptr.annotation.")) && len(sig.Params) == 4:
		return r.planAnnotation(f)
	}
	return nil
}

// planCountZeros: llvm.ctlz and llvm.cttz had no "is zero poison" flag
// until LLVM 3.1. LLVM 22 declares them with it (at once) and rebuilds
// each call with i1 false: the call keeps its name and !dbg location.
func (r *Reader) planCountZeros(f *ir.Function) *oldIntrinsic {
	sig := f.Sig
	if sig.Params[0] != sig.Ret || sig.Ret.Kind != ir.IntegerType && !sig.Ret.IsVector() {
		return nil
	}
	newSig := r.fnType(sig.Ret, sig.Params[0], r.i1())
	want, ok := ir.IntrinsicMangledName(f.Name, newSig)
	if !ok {
		return nil
	}
	return &oldIntrinsic{f: f, oldSig: sig, newName: want, newSig: newSig, rewrite: rewriteCountZeros}
}

func rewriteCountZeros(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	rebuildCall(in, r.target(u), []ir.Value{in.Operands[0], &ir.ConstInt{Typ: r.i1(), V: 0}})
	return out, true
}

// reductions are the llvm.experimental.vector.reduce.* intrinsics LLVM 12
// renamed llvm.vector.reduce.* (the type of the result no longer in the
// name); LLVM 22 renames their declarations. Those of v2.fadd and v2.fmul
// become fadd and fmul; the fadd and fmul of LLVM 8 and older (without
// v2) are left as they are.
var reductions = [...]string{"add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin", "fmax", "fmin",
	"v2.fadd", "v2.fmul"}

// planReduce renames an old vector reduction: its calls call the new
// declaration (made at once), nothing else changed.
func (r *Reader) planReduce(f *ir.Function) *oldIntrinsic {
	rest := strings.TrimPrefix(f.Name, "llvm.experimental.vector.reduce.")
	for _, op := range reductions {
		if !strings.HasPrefix(rest, op+".") {
			continue
		}
		base := "llvm.vector.reduce." + strings.TrimPrefix(op, "v2.")
		want, ok := ir.IntrinsicMangledName(base, f.Sig)
		if !ok {
			return nil
		}
		if _, ok := ir.IntrinsicAttrs(want, f.Sig); !ok {
			return nil
		}
		return &oldIntrinsic{f: f, oldSig: f.Sig, newName: want, newSig: f.Sig, rewrite: rewriteRedirect}
	}
	return nil
}

// knownLeftOld reports whether name is an intrinsic of an older LLVM that
// LLVM 22 leaves as it is (prints as an unknown intrinsic).
func knownLeftOld(name string) bool {
	return strings.HasPrefix(name, "llvm.experimental.vector.reduce.fadd.") ||
		strings.HasPrefix(name, "llvm.experimental.vector.reduce.fmul.") ||
		strings.HasPrefix(name, "llvm.x86.avx512.mask.broadcastf32x2.") ||
		strings.HasPrefix(name, "llvm.x86.avx512.mask.broadcasti32x2.")
}

// planAnnotation: llvm.var.annotation and llvm.ptr.annotation got a fifth
// argument (the annotation's attributes) in LLVM 14. LLVM 22 declares
// them with it (at once) and rebuilds each call with a null pointer: the
// call keeps its name and !dbg location.
func (r *Reader) planAnnotation(f *ir.Function) *oldIntrinsic {
	sig := f.Sig
	ptr := sig.Params[1]
	if ptr.Kind != ir.PointerType || sig.Params[2] != ptr || !isInt(sig.Params[3], 32) {
		return nil
	}
	newSig := r.fnType(sig.Ret, sig.Params[0], ptr, ptr, sig.Params[3], ptr)
	want, ok := ir.IntrinsicMangledName(f.Name, newSig)
	if !ok {
		return nil
	}
	if _, ok := ir.IntrinsicAttrs(want, newSig); !ok {
		return nil
	}
	return &oldIntrinsic{f: f, oldSig: sig, newName: want, newSig: newSig, rewrite: rewriteAnnotation}
}

func rewriteAnnotation(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	ops := []ir.Value{in.Operands[0], in.Operands[1], in.Operands[2], in.Operands[3], &ir.ConstNull{Typ: u.newSig.Params[4]}}
	rebuildCall(in, r.target(u), ops)
	return out, true
}

// How the calls of an old ARM or AArch64 intrinsic are rewritten.
const (
	armRedirect    = iota // the call kept, calling the new declaration
	armRebuild            // rebuilt with the same operands, named as before
	armRebuildFlag        // rebuilt with an i1 false more
)

// oldARM are the ARM and AArch64 intrinsics of older LLVMs that LLVM 22
// replaces with generic ones: the name or name prefix, the generic
// intrinsic, how the calls are rewritten, and the parameter count.
var oldARM = [...]struct {
	name, base string
	prefix     bool
	how, n     int
	// fp: only when the result is a vector of floating point.
	fp bool
}{
	{"llvm.arm.neon.vqadds.", "llvm.sadd.sat", true, armRedirect, 2, false},
	{"llvm.arm.neon.vqaddu.", "llvm.uadd.sat", true, armRedirect, 2, false},
	{"llvm.arm.neon.vqsubs.", "llvm.ssub.sat", true, armRedirect, 2, false},
	{"llvm.arm.neon.vqsubu.", "llvm.usub.sat", true, armRedirect, 2, false},
	{"llvm.arm.neon.vcnt.", "llvm.ctpop", true, armRebuild, 1, false},
	{"llvm.arm.neon.vclz.", "llvm.ctlz", true, armRebuildFlag, 1, false},
	{"llvm.arm.rbit", "llvm.bitreverse", true, armRebuild, 1, false},
	{"llvm.aarch64.rbit", "llvm.bitreverse", true, armRebuild, 1, false},
	{"llvm.aarch64.neon.rbit", "llvm.bitreverse", true, armRebuild, 1, false},
	{"llvm.aarch64.neon.frintn", "llvm.roundeven", true, armRedirect, 1, false},
	{"llvm.arm.thread.pointer", "llvm.thread.pointer", false, armRebuild, 0, false},
	{"llvm.aarch64.thread.pointer", "llvm.thread.pointer", false, armRebuild, 0, false},
	{"llvm.aarch64.neon.addp.", "llvm.aarch64.neon.faddp", true, armRedirect, 2, true},
}

// planOldARM: the ARM and AArch64 intrinsics of oldARM. LLVM 22 declares
// the generic intrinsic at once; a call kept keeps all (its tail marker,
// attributes, metadata), a call rebuilt its name and !dbg location only.
func (r *Reader) planOldARM(f *ir.Function) *oldIntrinsic {
	sig := f.Sig
	for _, a := range oldARM {
		if f.Name != a.name && !(a.prefix && strings.HasPrefix(f.Name, a.name)) || len(sig.Params) != a.n {
			continue
		}
		if a.fp && !(sig.Ret.Kind == ir.FixedVectorType || sig.Ret.Kind == ir.ScalableVectorType) || a.fp && !isFPOrFPVector(sig.Ret) {
			continue
		}
		newSig := sig
		if a.how == armRebuildFlag {
			newSig = r.fnType(sig.Ret, sig.Params[0], r.i1())
		}
		want, ok := ir.IntrinsicMangledName(a.base, newSig)
		if !ok {
			return nil
		}
		if _, ok := ir.IntrinsicAttrs(want, newSig); !ok {
			return nil
		}
		u := &oldIntrinsic{f: f, oldSig: sig, newName: want, newSig: newSig, rewrite: rewriteRedirect}
		switch a.how {
		case armRebuild:
			u.rewrite = rewriteSameOperands
		case armRebuildFlag:
			u.rewrite = rewriteCountZeros
		}
		return u
	}
	return nil
}

// rewriteSameOperands rebuilds a call for the new declaration with the
// same operands.
func rewriteSameOperands(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	rebuildCall(in, r.target(u), append([]ir.Value(nil), in.Operands...))
	return out, true
}
