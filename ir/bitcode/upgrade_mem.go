package bitcode

import (
	"slices"

	"github.com/bcextract/bcextract/ir"
)

// planMemAlign: until LLVM 7, llvm.memcpy, llvm.memmove and llvm.memset
// took the alignment of their pointers as a fourth argument (i32) before
// the volatile flag. LLVM 22 declares the four-argument intrinsic (at
// once, when the module is read) and rebuilds each call without that
// argument (UpgradeIntrinsicCall): the call keeps its name, !dbg location
// and the attributes of the function, the result and the arguments kept,
// and gets the alignment, unless 0, as an align attribute of the
// destination and, but for memset, of the source.
func (r *Reader) planMemAlign(f *ir.Function) *oldIntrinsic {
	base, _ := ir.IntrinsicName(f.Name)
	sig := f.Sig
	if len(sig.Params) != 5 || sig.Ret.Kind != ir.VoidType || !isInt(sig.Params[3], 32) {
		return nil
	}
	newSig := r.fnType(sig.Ret, sig.Params[0], sig.Params[1], sig.Params[2], sig.Params[4])
	want, ok := ir.IntrinsicMangledName(f.Name, newSig)
	if !ok {
		return nil
	}
	u := &oldIntrinsic{f: f, oldSig: sig, newName: want, newSig: newSig, rewrite: rewriteMemAlign}
	if base != "llvm.memset" {
		u.op = 1 // the source has the alignment too
	}
	return u
}

// isMemAlignBase reports whether base is one of the intrinsics
// planMemAlign upgrades.
func isMemAlignBase(base string) bool {
	return base == "llvm.memcpy" || base == "llvm.memmove" || base == "llvm.memset"
}

func rewriteMemAlign(r *Reader, u *oldIntrinsic, in *ir.Instruction, out []*ir.Instruction) ([]*ir.Instruction, bool) {
	align, ok := in.Operands[3].(*ir.ConstInt)
	if !ok || align.Big != nil || align.V < 0 || align.V > 1<<32-1 || align.V&(align.V-1) != 0 {
		// Not a power of two: LLVM's MaybeAlign asserts.
		return out, false
	}
	old := in.Attrs
	rebuildCall(in, r.target(u), []ir.Value{in.Operands[0], in.Operands[1], in.Operands[2], in.Operands[4]})
	l := ir.AttrList{Fn: old.Fn, Ret: old.Ret, Params: make([]ir.AttrSet, 4)}
	for i, p := range [4]int{0, 1, 2, 4} {
		l.Params[i] = old.Param(p)
	}
	for i := range 1 + u.op {
		l.Params[i] = withAlign(l.Params[i], uint64(align.V))
	}
	for len(l.Params) > 0 && len(l.Params[len(l.Params)-1]) == 0 {
		l.Params = l.Params[:len(l.Params)-1]
	}
	if len(l.Params) == 0 {
		l.Params = nil
	}
	in.Attrs = l
	return out, true
}

// withAlign returns s with its align attribute set to a, or without one
// when a is 0 (setDestAlignment, setSourceAlignment); s is not changed.
func withAlign(s ir.AttrSet, a uint64) ir.AttrSet {
	out := slices.DeleteFunc(slices.Clone(s), func(x ir.Attribute) bool { return x.Kind == ir.AttrAlignment })
	if a != 0 {
		out = append(out, ir.Attribute{Kind: ir.AttrAlignment, Int: a})
		ir.SortAttrs(out)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
