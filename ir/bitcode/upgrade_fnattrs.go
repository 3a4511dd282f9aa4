package bitcode

import (
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// Function-attribute upgrades of LLVM 22's reader (UpgradeFunctionAttributes)
// that LLVM 13-21 did not make themselves.
//
// "amdgpu-unsafe-fp-atomics" (LLVM 20 removed it) leaves every function
// definition; where it was "true", each floating-point atomicrmw of the
// body gets !amdgpu.no.fine.grained.host.memory,
// !amdgpu.no.remote.memory.access and !amdgpu.ignore.denormal.mode, each
// !{}, which say what the attribute allowed.

const unsafeFPAtomics = "amdgpu-unsafe-fp-atomics"

// upgradeFnAttrs applies the attribute upgrades to the function
// definitions.
func (r *Reader) upgradeFnAttrs() {
	for _, f := range r.m.Functions {
		if !f.HasBody {
			continue
		}
		i := stringAttr(f.Attrs.Fn, unsafeFPAtomics)
		if i < 0 {
			continue
		}
		if f.Attrs.Fn[i].Value == "true" {
			if r.up.unsafeFPAtomics == nil {
				r.up.unsafeFPAtomics = map[*ir.Function]bool{}
			}
			r.up.unsafeFPAtomics[f] = true
		}
		s := make(ir.AttrSet, 0, len(f.Attrs.Fn)-1)
		s = append(s, f.Attrs.Fn[:i]...)
		s = append(s, f.Attrs.Fn[i+1:]...)
		if len(s) == 0 {
			s = nil
		}
		f.Attrs.Fn = s
	}
}

// markUnsafeFPAtomic gives in, an instruction of a function that had
// "amdgpu-unsafe-fp-atomics"="true", the metadata that replace it when
// it is a floating-point atomicrmw.
func (r *Reader) markUnsafeFPAtomic(in *ir.Instruction) {
	if in.Op != ir.AtomicRMW {
		return
	}
	switch in.RMW {
	case ir.RMWFAdd, ir.RMWFSub, ir.RMWFMin, ir.RMWFMax, ir.RMWFMaximum, ir.RMWFMinimum:
	default:
		return
	}
	kinds := [...]string{"amdgpu.no.fine.grained.host.memory", "amdgpu.no.remote.memory.access", "amdgpu.ignore.denormal.mode"}
	for _, k := range kinds {
		r.rankOf(k)
	}
	md := make([]ir.Attachment, 0, len(in.Metadata)+len(kinds))
	for _, a := range in.Metadata {
		if a.Kind != kinds[0] && a.Kind != kinds[1] && a.Kind != kinds[2] {
			md = append(md, a)
		}
	}
	for _, k := range kinds {
		md = append(md, ir.Attachment{Kind: k, Node: r.emptyNode()})
	}
	r.sortAttachments(md)
	in.Metadata = md
}

// upgradeStrictFP: in a function definition without strictfp, a call
// that is strictfp (by its own attributes or its callee's) loses strictfp
// and gets nobuiltin instead, unless it calls a constrained
// floating-point intrinsic (LLVM 10 stopped such calls; LLVM 22 reads old
// ones so).
func (r *Reader) upgradeStrictFP(f *ir.Function, in *ir.Instruction) {
	if in.Op != ir.Call && in.Op != ir.Invoke && in.Op != ir.CallBr {
		return
	}
	callee, _ := in.Callee.(*ir.Function)
	if !in.Attrs.Fn.Has(ir.AttrStrictFP) && (callee == nil || !callee.Attrs.Fn.Has(ir.AttrStrictFP)) {
		return
	}
	if callee != nil && strings.HasPrefix(callee.Name, "llvm.experimental.constrained.") {
		return
	}
	s := make(ir.AttrSet, 0, len(in.Attrs.Fn)+1)
	for _, a := range in.Attrs.Fn {
		if a.Kind != ir.AttrStrictFP && a.Kind != ir.AttrNoBuiltin {
			s = append(s, a)
		}
	}
	s = append(s, ir.Attribute{Kind: ir.AttrNoBuiltin})
	ir.SortAttrs(s)
	in.Attrs.Fn = s
}
