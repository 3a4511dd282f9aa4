package link

import (
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// internalize is what llvm-link --internalize does once a module is
// linked: LLVM's internalize pass over the whole destination, keeping
// external every global value whose name is not in names (those linked
// from the module).
func (l *Linker) internalize(names []string) {
	m := l.m
	linked := make(map[string]bool, len(names))
	for _, n := range names {
		linked[n] = true
	}
	keep := map[string]bool{
		"llvm.used": true, "llvm.compiler.used": true,
		"llvm.global_ctors": true, "llvm.global_dtors": true, "llvm.global.annotations": true,
		"__stack_chk_fail": true,
	}
	if strings.Contains(m.Triple, "-aix") {
		keep["__ssp_canary_word"] = true
	} else {
		keep["__stack_chk_guard"] = true
	}
	if strings.HasPrefix(m.Triple, "nvptx") || strings.HasPrefix(m.Triple, "amdgcn") || strings.HasPrefix(m.Triple, "r600") {
		keep["__llvm_rpc_client"] = true
	}
	for _, g := range m.Globals {
		// collectUsedGlobalVariables: the members of @llvm.used.
		if g.Name != "llvm.used" {
			continue
		}
		if init, ok := g.Init.(*ir.ConstAggregate); ok {
			for _, e := range init.Elems {
				if h := header(ir.StripPointerCasts(e)); h != nil {
					keep[h.Name] = true
				}
			}
		}
		break
	}
	// shouldPreserveGV.
	preserve := func(c ir.Constant) bool {
		h := header(c)
		switch {
		case isDeclaration(c), h.Linkage == ir.AvailableExternallyLinkage, h.DLLStorage == ir.DLLExport:
			return true
		case h.Linkage.IsLocal():
			return false
		}
		if g, ok := c.(*ir.GlobalVar); ok && g.ExternallyInitialized {
			return true
		}
		return keep[h.Name] || h.Name == "" || !linked[h.Name]
	}
	type comdatInfo struct {
		size     int
		external bool
	}
	comdats := map[*ir.Comdat]*comdatInfo{}
	var all []ir.Constant
	for _, f := range m.Functions {
		all = append(all, f)
	}
	for _, g := range m.Globals {
		all = append(all, g)
	}
	for _, a := range m.Aliases {
		all = append(all, a)
	}
	if len(l.comdats) > 0 {
		for _, c := range all {
			cd := comdatOfValue(c)
			if cd == nil {
				continue
			}
			in := comdats[cd]
			if in == nil {
				in = &comdatInfo{}
				comdats[cd] = in
			}
			in.size++
			if preserve(c) {
				in.external = true
			}
		}
	}
	wasm := strings.HasPrefix(m.Triple, "wasm")
	// maybeInternalize, over functions, variables, then aliases.
	for _, c := range all {
		h := header(c)
		if cd := comdatOfValue(c); cd != nil {
			in := comdats[cd]
			if in != nil && in.external {
				continue
			}
			if _, alias := c.(*ir.Alias); !alias {
				// A comdat of one member is dropped; one of several
				// kept, to tie its sections, but no longer deduplicated.
				if in != nil && in.size == 1 {
					setComdat(c, nil)
				} else if !wasm {
					cd.Selection = ir.ComdatNoDeduplicate
				}
			}
			if h.Linkage.IsLocal() {
				continue
			}
		} else if h.Linkage.IsLocal() || preserve(c) {
			continue
		}
		h.Visibility = ir.DefaultVisibility
		h.Linkage = ir.InternalLinkage
		h.DSOLocal = true
	}
}
