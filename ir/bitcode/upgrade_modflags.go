package bitcode

import (
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// Module-flag upgrades of LLVM 22's reader that LLVM 13-21 did not make
// themselves (UpgradeModuleFlags, copyModuleAttrToFunctions).

// branchProtection are the AArch64 module flags that LLVM 22 copies
// onto each function definition as string attributes, in the order the
// flags are looked at.
var branchProtection = [...]string{
	"branch-target-enforcement", "branch-protection-pauth-lr", "guarded-control-stack",
	"sign-return-address", "sign-return-address-all", "sign-return-address-with-bkey",
}

// moduleFlag returns the index in nmd of module flag id and its integer
// value (-1 when it is no integer), or -1 when there is no such flag.
func moduleFlag(nmd *ir.NamedMetadata, id string) (int, int64) {
	for i, op := range nmd.Ops {
		t, ok := op.(*ir.MDTuple)
		if !ok || len(t.Ops) != 3 {
			continue
		}
		s, ok := t.Ops[1].(*ir.MDString)
		if !ok || s.Value != id {
			continue
		}
		if vm, ok := t.Ops[2].(*ir.ValueAsMetadata); ok {
			if c, ok := vm.Value.(*ir.ConstInt); ok && c.Big == nil {
				return i, c.V
			}
		}
		return i, -1
	}
	return -1, 0
}

// moduleFlags returns the module's llvm.module.flags, nil if none.
func (r *Reader) moduleFlags() *ir.NamedMetadata {
	for _, nmd := range r.m.NamedMetadata {
		if nmd != nil && nmd.Name == "llvm.module.flags" {
			return nmd
		}
	}
	return nil
}

// renameAMDGPUFlag renames the module flag amdgpu_code_object_version to
// amdhsa_code_object_version (LLVM 19), on any target.
func (r *Reader) renameAMDGPUFlag(nmd *ir.NamedMetadata) {
	i, _ := moduleFlag(nmd, "amdgpu_code_object_version")
	if i < 0 {
		return
	}
	t := nmd.Ops[i].(*ir.MDTuple)
	ops := []ir.Metadata{t.Ops[0], &ir.MDString{Value: "amdhsa_code_object_version"}, t.Ops[2]}
	nmd.Ops[i] = &ir.MDTuple{Distinct: t.Distinct, Ops: ops, ID: r.nodeID()}
}

// copyBranchProtection does what LLVM 22 does with the branch-protection
// module flags of an AArch64 module, unless one of them is 2 already
// (copied before): on each function definition, "false" attributes of
// branch-target-enforcement, branch-protection-pauth-lr and
// guarded-control-stack are removed, "true" ones lose their value, and
// those the function lacks are added where the flag is 1;
// sign-return-address ("all" or "non-leaf") and sign-return-address-key
// ("b_key" or "a_key") are added where the function lacks them and
// sign-return-address is 1. Then each such flag of 1 becomes 2, with
// behavior Min.
func (r *Reader) copyBranchProtection(nmd *ir.NamedMetadata) {
	arch, _, _ := strings.Cut(r.m.Triple, "-")
	if !isAArch64Arch(arch) {
		return
	}
	var idx [len(branchProtection)]int
	var val [len(branchProtection)]int64
	if nmd != nil {
		for i, id := range branchProtection {
			idx[i], val[i] = moduleFlag(nmd, id)
			if idx[i] >= 0 && val[i] == 2 {
				return
			}
		}
	} else {
		for i := range idx {
			idx[i] = -1
		}
	}
	on := func(i int) bool { return idx[i] >= 0 && val[i] == 1 }
	for _, f := range r.m.Functions {
		if !f.HasBody {
			continue
		}
		s := append(ir.AttrSet(nil), f.Attrs.Fn...)
		for i, id := range branchProtection[:3] {
			j := stringAttr(s, id)
			switch {
			case j >= 0 && s[j].Value == "false":
				s = append(s[:j], s[j+1:]...)
			case j >= 0 && s[j].Value == "true":
				s[j].Value = ""
			case j < 0 && on(i):
				s = append(s, ir.Attribute{Key: id})
			}
		}
		if on(3) {
			if stringAttr(s, "sign-return-address") < 0 {
				v := "non-leaf"
				if idx[4] >= 0 && val[4] == 1 {
					v = "all"
				}
				s = append(s, ir.Attribute{Key: "sign-return-address", Value: v})
			}
			if stringAttr(s, "sign-return-address-key") < 0 {
				v := "a_key"
				if idx[5] >= 0 && val[5] == 1 {
					v = "b_key"
				}
				s = append(s, ir.Attribute{Key: "sign-return-address-key", Value: v})
			}
		}
		ir.SortAttrs(s)
		if len(s) == 0 {
			s = nil
		}
		f.Attrs.Fn = s
	}
	if nmd == nil {
		return
	}
	for i := range branchProtection {
		if !on(i) {
			continue
		}
		t := nmd.Ops[idx[i]].(*ir.MDTuple)
		b, ok := t.Ops[0].(*ir.ValueAsMetadata)
		if !ok {
			continue
		}
		ops := []ir.Metadata{&ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: b.Value.Type(), V: 8}}, t.Ops[1],
			&ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: t.Ops[2].(*ir.ValueAsMetadata).Value.Type(), V: 2}}}
		nmd.Ops[idx[i]] = &ir.MDTuple{Distinct: t.Distinct, Ops: ops, ID: r.nodeID()}
	}
}

// stringAttr returns the index in s of string attribute key, -1 if none.
func stringAttr(s ir.AttrSet, key string) int {
	for i := range s {
		if s[i].Kind == 0 && s[i].Key == key {
			return i
		}
	}
	return -1
}
