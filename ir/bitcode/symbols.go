package bitcode

import (
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// A Symbol is a linker-level symbol of a bitcode file, as LLVM's object
// layer (and so llvm-nm) sees it.
type Symbol struct {
	// Name is the mangled name: with the data layout's global prefix
	// ("_" on Mach-O and 32-bit Windows), "__imp_" for dllimport, and
	// without the "\x01" that asks for no mangling.
	Name string
	// Type is llvm-nm's type letter: T/t code, D/d data, S/s constant
	// data on Darwin, C common, W weak, U undefined, w weak undefined.
	Type byte
	// FormatSpecific marks symbols llvm-nm hides by default: private
	// ones, "llvm." intrinsics and globals in section "llvm.metadata".
	FormatSpecific bool
}

// Defined reports whether the symbol is defined in the file.
func (s *Symbol) Defined() bool { return s.Type != 'U' && s.Type != 'w' }

// Symbols returns the file's symbols in the order of LLVM's module symbol
// table: for each module its functions, variables, aliases, ifuncs, then
// the symbols of its inline assembly. Names come from the IR symbol
// table when the file has one, which also supplies the symbols of
// module-level inline assembly; without it names are mangled here, which
// covers all but the "@N" suffixes of 32-bit Windows stdcall, fastcall and
// vectorcall functions, and assembly symbols are missing.
func (f *Inventory) Symbols() []Symbol {
	var syms []Symbol
	unnamed := 0
	for i := range f.Modules {
		m := &f.Modules[i]
		order := m.symbolOrder()
		tab := f.moduleSymtab(i, m, order)
		darwin := ir.ParseTriple(m.Triple).IsOSDarwin()
		mode := ir.ManglingModeOf(m.DataLayout)
		for k, j := range order {
			g := &m.Globals[j]
			var name string
			switch {
			case tab != nil:
				name = tab[k].Name
			case g.Name == "":
				// Unnamed globals are numbered across the file.
				unnamed++
				name = mangle("__unnamed_"+strconv.Itoa(unnamed), g, mode)
			default:
				name = mangle(g.Name, g, mode)
			}
			if g.Name == "" && tab != nil {
				unnamed++
			}
			syms = append(syms, Symbol{Name: name, Type: nmType(g, darwin), FormatSpecific: formatSpecific(g)})
		}
		// The IR symbol table lists the module's global values first, then
		// the symbols of its inline assembly.
		if tab != nil {
			for _, s := range tab[len(order):] {
				syms = append(syms, Symbol{Name: s.Name, Type: nmTypeOf(s.Flags), FormatSpecific: s.Flags&SymbolFormatSpecific != 0})
			}
		} else if ir.ParseTriple(m.Triple).NeedsGOTSymbol(ir.NoCodeModel) {
			syms = append(syms, Symbol{Name: "_GLOBAL_OFFSET_TABLE_", Type: 'U'})
		}
	}
	return syms
}

// NMSymbols returns the symbols llvm-nm 22 prints for the file, in its
// order: the FormatSpecific ones left out, the rest sorted by name as its
// std::sort leaves them (symbols of equal names included).
func (f *Inventory) NMSymbols() []Symbol {
	all := f.Symbols()
	syms := all[:0]
	for _, s := range all {
		if !s.FormatSpecific {
			syms = append(syms, s)
		}
	}
	sortLikeLibstdcxx(syms, func(a, b *Symbol) bool { return a.Name < b.Name })
	return syms
}

// symbolOrder returns the indexes of m.Globals in the order of LLVM's
// module symbol table: functions, variables, aliases, then ifuncs.
func (m *ModuleInfo) symbolOrder() []int {
	order := make([]int, 0, len(m.Globals))
	for _, k := range [...]GlobalKind{GlobalFunction, GlobalVariable, GlobalAlias, GlobalIFunc} {
		for j := range m.Globals {
			if m.Globals[j].Kind == k {
				order = append(order, j)
			}
		}
	}
	return order
}

// moduleSymtab returns module i's symbols in the IR symbol table if they
// line up with its globals in symbol order (same IR names), nil otherwise.
func (f *Inventory) moduleSymtab(i int, m *ModuleInfo, order []int) []SymtabSymbol {
	st := f.Symtab
	if st == nil || i >= len(st.Modules) {
		return nil
	}
	r := st.Modules[i]
	if r.Begin > r.End || int(r.End) > len(st.Symbols) || int(r.End-r.Begin) < len(order) {
		return nil
	}
	tab := st.Symbols[r.Begin:r.End]
	for k, j := range order {
		if tab[k].IRName != m.Globals[j].Name {
			return nil
		}
	}
	return tab
}

// mangle applies LLVM's Mangler to an IR name, with "__imp_" before a
// dllimport one as LLVM's module symbol table puts it. The "@N" suffixes
// of Windows calling conventions need the parameters, which the inventory
// does not have: they are left out. An unnamed global's "__unnamed_N" is
// mangled as LLVM does, without the decorations of a calling convention.
func mangle(name string, g *GlobalInfo, mode ir.ManglingMode) string {
	imp := ""
	if g.DLLStorage == ir.DLLImport {
		imp = "__imp_"
	}
	var fn *ir.MangleFunc
	if g.Kind == GlobalFunction && g.Name != "" {
		fn = &ir.MangleFunc{CallConv: ir.CallingConv(g.CallingConv), ArgBytes: -1}
	}
	return imp + mode.Mangle(name, g.Linkage == ir.PrivateLinkage, fn)
}

// formatSpecific mirrors ModuleSymbolTable's SF_FormatSpecific.
func formatSpecific(g *GlobalInfo) bool {
	return g.Linkage == ir.PrivateLinkage || strings.HasPrefix(g.Name, "llvm.") ||
		(g.Kind == GlobalVariable && g.Section == "llvm.metadata")
}

// nmType is llvm-nm's letter for a global value.
func nmType(g *GlobalInfo, darwin bool) byte {
	weak := isWeakLinkage(g.Linkage)
	if g.DeclarationForLinker() {
		if weak {
			return 'w'
		}
		return 'U'
	}
	switch {
	case weak:
		return 'W'
	case g.Linkage == ir.CommonLinkage:
		return 'C'
	}
	c := byte('d')
	if g.Executable {
		c = 't'
	} else if darwin && g.Kind == GlobalVariable && g.Constant {
		c = 's'
	}
	if !g.Linkage.IsLocal() {
		c -= 'a' - 'A'
	}
	return c
}

// nmTypeOf is llvm-nm's letter for a symbol of the IR symbol table.
func nmTypeOf(f SymbolFlags) byte {
	switch {
	case f&SymbolUndefined != 0 && f&SymbolWeak != 0:
		return 'w'
	case f&SymbolUndefined != 0:
		return 'U'
	case f&SymbolWeak != 0:
		return 'W'
	case f&SymbolCommon != 0:
		return 'C'
	}
	c := byte('d')
	if f&SymbolExecutable != 0 {
		c = 't'
	}
	if f&SymbolGlobal != 0 {
		c -= 'a' - 'A'
	}
	return c
}

// Is64Bit reports whether a target triple's architecture is 64-bit, as
// LLVM's Triple::isArch64Bit; llvm-nm prints 16-digit addresses for them.
func Is64Bit(triple string) bool { return ir.ParseTriple(triple).IsArch64Bit() }

// isWeakLinkage reports linkages the linker may override or drop:
// linkonce, weak (any and ODR), extern_weak.
func isWeakLinkage(l ir.Linkage) bool {
	switch l {
	case ir.LinkOnceAnyLinkage, ir.LinkOnceODRLinkage, ir.WeakAnyLinkage, ir.WeakODRLinkage, ir.ExternalWeakLinkage:
		return true
	}
	return false
}
