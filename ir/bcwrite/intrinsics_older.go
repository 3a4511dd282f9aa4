package bcwrite

import (
	"slices"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// This file gives an older reader the intrinsics whose signature LLVM 22
// changed in the form that reader's verifier takes, as its own upgrade
// (AutoUpgrade.cpp of LLVM 22) undoes them:
//
//   - llvm.lifetime.start/end (LLVM 22: ptr alone) take the object's size
//     first, i64 immarg, before LLVM 22: given -1, "the whole object",
//     which is what LLVM 22's lifetime markers mean (it drops the size
//     when it reads them back).
//
// Write changes the declarations for its run, and each body just before
// it is numbered or written, and undoes both after: the module is left as
// it was given.

// olderLifetime are the declarations of lifetime intrinsics in the
// LLVM 22 form (one pointer parameter).
func olderLifetime(m *ir.Module) []*ir.Function {
	var fs []*ir.Function
	for _, f := range m.Functions {
		if (strings.HasPrefix(f.Name, "llvm.lifetime.start.") || strings.HasPrefix(f.Name, "llvm.lifetime.end.")) &&
			f.Sig != nil && len(f.Sig.Params) == 1 {
			fs = append(fs, f)
		}
	}
	return fs
}

// lifetimeSize is the size argument given to an older reader's lifetime
// intrinsics: -1, the whole object.
var lifetimeSize = &ir.ConstInt{Typ: i64Type, V: -1}

// withSizeParam returns the function type t (void (ptr)) with an i64
// parameter first.
func withSizeParam(t *ir.Type) *ir.Type {
	n := *t
	n.Params = append([]*ir.Type{i64Type}, t.Params...)
	return &n
}

// shiftParams returns attribute list l with an empty parameter (first)
// set for the size argument, immarg when decl.
func shiftParams(l ir.AttrList, decl bool) ir.AttrList {
	first := ir.AttrSet(nil)
	if decl {
		first = ir.AttrSet{{Kind: ir.AttrImmArg}}
	}
	if len(l.Params) == 0 && !decl {
		return l
	}
	l.Params = append([]ir.AttrSet{first}, l.Params...)
	return l
}

// olderDecls changes the lifetime declarations of the module to the form
// of the older reader written for; restore undoes it.
func (w *writer) olderDecls() (restore func()) {
	fs := olderLifetime(w.m)
	if len(fs) == 0 {
		return func() {}
	}
	type saved struct {
		sig, vt *ir.Type
		attrs   ir.AttrList
	}
	old := make([]saved, len(fs))
	w.lifetime = make(map[*ir.Function]*ir.Type, len(fs))
	for i, f := range fs {
		old[i] = saved{f.Sig, f.ValueType, f.Attrs}
		t := withSizeParam(f.Sig)
		w.lifetime[f] = t
		f.Sig, f.ValueType, f.Attrs = t, t, shiftParams(f.Attrs, true)
	}
	return func() {
		for i, f := range fs {
			f.Sig, f.ValueType, f.Attrs = old[i].sig, old[i].vt, old[i].attrs
		}
	}
}

// olderBody changes the calls of f's body to the lifetime declarations
// changed by olderDecls; undo undoes it.
func (w *writer) olderBody(f *ir.Function) (undo func()) {
	if len(w.lifetime) == 0 {
		return func() {}
	}
	type saved struct {
		in    *ir.Instruction
		ft    *ir.Type
		ops   []ir.Value
		attrs ir.AttrList
	}
	var old []saved
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != ir.Call {
				continue
			}
			callee, _ := in.Callee.(*ir.Function)
			t, ok := w.lifetime[callee]
			if !ok || len(in.Operands) != 1 {
				continue
			}
			old = append(old, saved{in, in.FuncType, in.Operands, in.Attrs})
			in.FuncType = t
			in.Operands = append([]ir.Value{lifetimeSize}, slices.Clip(in.Operands)...)
			in.Attrs = shiftParams(in.Attrs, false)
		}
	}
	return func() {
		for _, s := range old {
			s.in.FuncType, s.in.Operands, s.in.Attrs = s.ft, s.ops, s.attrs
		}
	}
}
