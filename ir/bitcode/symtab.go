package bitcode

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// A Symtab is the IR symbol table LLVM stores in a SYMTAB block (the
// "irsymtab"): the symbols a linker sees, precomputed so that it need not
// load the modules. Strings point into the file's STRTAB.
type Symtab struct {
	// Version is the table's format version (3 in LLVM 14 to 22).
	Version uint32
	// Producer is the LLVM version that built the table ("22.1.8").
	Producer                     string
	TargetTriple, SourceFileName string
	// COFFLinkerOpts is the linker options for COFF targets, one string.
	COFFLinkerOpts     string
	DependentLibraries []string
	// Modules give each module's range of Symbols.
	Modules []SymtabModule
	Comdats []SymtabComdat
	Symbols []SymtabSymbol
}

// A SymtabModule is one module's slice of the symbol table.
type SymtabModule struct {
	Begin, End uint32 // indexes into Symbols
	UncBegin   uint32 // index of its first uncommon entry
}

// A SymtabComdat is one comdat.
type SymtabComdat struct {
	Name          string
	SelectionKind uint32
}

// A SymtabSymbol is one symbol of the IR symbol table.
type SymtabSymbol struct {
	// Name is the mangled name; IRName is the IR global's name, "" for a
	// symbol of module-level inline assembly.
	Name, IRName string
	// ComdatIndex is an index into Comdats, -1 for none.
	ComdatIndex int32
	Flags       SymbolFlags
	// The uncommon fields: set only when Flags has SymbolHasUncommon.
	CommonSize, CommonAlign    uint32
	COFFWeakExternFallbackName string
	SectionName                string
}

// SymbolFlags are the flags of an IR symbol table symbol.
type SymbolFlags uint32

// Symbol flag bits; bits 0-1 hold the visibility.
const (
	SymbolHasUncommon SymbolFlags = 1 << (iota + 2)
	SymbolUndefined
	SymbolWeak
	SymbolCommon
	SymbolIndirect
	SymbolUsed
	SymbolTLS
	SymbolMayOmit
	SymbolGlobal
	SymbolFormatSpecific
	SymbolUnnamedAddr
	SymbolExecutable
)

var symbolFlagNames = [...]string{"has_uncommon", "undefined", "weak", "common", "indirect", "used",
	"tls", "may_omit", "global", "format_specific", "unnamed_addr", "executable"}

// Visibility returns the visibility in the flags' low two bits.
func (f SymbolFlags) Visibility() ir.Visibility { return ir.Visibility(f & 3) }

// Names returns the names of the flags set (visibility aside), unknown bits
// as hexadecimal.
func (f SymbolFlags) Names() []string {
	names := []string{}
	for i, n := range symbolFlagNames {
		if bit := SymbolFlags(1) << (i + 2); f&bit != 0 {
			names = append(names, n)
		}
	}
	if rest := f &^ (1<<(len(symbolFlagNames)+2) - 1); rest != 0 {
		names = append(names, fmt.Sprintf("0x%x", uint32(rest)))
	}
	return names
}

// Sizes of the irsymtab's little-endian structures, in bytes.
const (
	symtabHeaderSize   = 76
	symtabModuleSize   = 12
	symtabComdatSize   = 12
	symtabSymbolSize   = 24
	symtabUncommonSize = 24
	symtabStrSize      = 8
)

// A SymtabError reports a malformed IR symbol table. Off is the byte
// offset in the SYMTAB blob.
type SymtabError struct {
	Off int
	Msg string
}

// Error returns "irsymtab: MSG at byte 0xOFF of the SYMTAB blob".
func (e *SymtabError) Error() string {
	return fmt.Sprintf("irsymtab: %s at byte 0x%x of the SYMTAB blob", e.Msg, e.Off)
}

// DecodeSymtab decodes the blob of a SYMTAB block, with strtab the blob of
// the STRTAB block that follows it. Every count is checked against the
// blob's size before anything is allocated, the strings are substrings of
// one copy of strtab (however many entries share its bytes), and the
// modules' symbol ranges may not add up to more than the symbols, so that
// the work and the memory are linear in the sizes of blob and strtab.
func DecodeSymtab(blob, strtab []byte) (*Symtab, error) {
	return decodeSymtab(blob, string(strtab))
}

// decodeSymtab is DecodeSymtab with the string table already a string.
func decodeSymtab(blob []byte, strtab string) (*Symtab, error) {
	d := symtabDecoder{blob: blob, strtab: strtab}
	if len(blob) < symtabHeaderSize {
		return nil, &SymtabError{0, fmt.Sprintf("blob of %d bytes is shorter than the %d-byte header", len(blob), symtabHeaderSize)}
	}
	st := &Symtab{Version: d.u32(0)}
	if st.Version != 3 {
		return nil, &SymtabError{0, fmt.Sprintf("version %d (only version 3 is known)", st.Version)}
	}
	st.Producer = d.str(4)
	mods, nmods := d.rng(12, symtabModuleSize)
	comdats, ncomdats := d.rng(20, symtabComdatSize)
	syms, nsyms := d.rng(28, symtabSymbolSize)
	uncs, nuncs := d.rng(36, symtabUncommonSize)
	st.TargetTriple = d.str(44)
	st.SourceFileName = d.str(52)
	st.COFFLinkerOpts = d.str(60)
	libs, nlibs := d.rng(68, symtabStrSize)
	if d.err != nil {
		return nil, d.err
	}
	st.Modules = make([]SymtabModule, nmods)
	for i := range st.Modules {
		o := mods + i*symtabModuleSize
		st.Modules[i] = SymtabModule{d.u32(o), d.u32(o + 4), d.u32(o + 8)}
	}
	st.Comdats = make([]SymtabComdat, ncomdats)
	for i := range st.Comdats {
		o := comdats + i*symtabComdatSize
		st.Comdats[i] = SymtabComdat{d.str(o), d.u32(o + 8)}
	}
	st.DependentLibraries = make([]string, nlibs)
	for i := range st.DependentLibraries {
		st.DependentLibraries[i] = d.str(libs + i*symtabStrSize)
	}
	st.Symbols = make([]SymtabSymbol, nsyms)
	for i := range st.Symbols {
		o := syms + i*symtabSymbolSize
		st.Symbols[i] = SymtabSymbol{Name: d.str(o), IRName: d.str(o + 8),
			ComdatIndex: int32(d.u32(o + 16)), Flags: SymbolFlags(d.u32(o + 20))}
	}
	// Each module's symbols with uncommon fields take the module's uncommon
	// entries in order. LLVM's writer gives the modules consecutive ranges;
	// ranges that overlap so much that they add up to more than the
	// symbols would make this loop quadratic, and are rejected.
	var total uint64
	for i, m := range st.Modules {
		if m.Begin > m.End || m.End > uint32(nsyms) {
			return nil, &SymtabError{mods + i*symtabModuleSize, fmt.Sprintf("module symbol range [%d, %d) outside the %d symbols", m.Begin, m.End, nsyms)}
		}
		if total += uint64(m.End - m.Begin); total > uint64(nsyms) {
			return nil, &SymtabError{mods + i*symtabModuleSize, fmt.Sprintf("module symbol ranges add up to more than the %d symbols", nsyms)}
		}
		u := uint64(m.UncBegin)
		for i := m.Begin; i < m.End; i++ {
			s := &st.Symbols[i]
			if s.Flags&SymbolHasUncommon == 0 {
				continue
			}
			if u >= uint64(nuncs) {
				return nil, &SymtabError{syms + int(i)*symtabSymbolSize, "symbol's uncommon entry is past the end of the table"}
			}
			o := uncs + int(u)*symtabUncommonSize
			s.CommonSize, s.CommonAlign = d.u32(o), d.u32(o+4)
			s.COFFWeakExternFallbackName, s.SectionName = d.str(o+8), d.str(o+16)
			u++
		}
	}
	if d.err != nil {
		return nil, d.err
	}
	return st, nil
}

// symtabDecoder reads the blob; the first problem sticks in err.
type symtabDecoder struct {
	blob   []byte
	strtab string
	err    error
}

func (d *symtabDecoder) u32(off int) uint32 {
	if off < 0 || off+4 > len(d.blob) {
		if d.err == nil {
			d.err = &SymtabError{off, "read past the end of the blob"}
		}
		return 0
	}
	return binary.LittleEndian.Uint32(d.blob[off:])
}

// str reads a Str {offset, size} into the string table.
func (d *symtabDecoder) str(off int) string {
	o, n := uint64(d.u32(off)), uint64(d.u32(off+4))
	if o+n > uint64(len(d.strtab)) {
		if d.err == nil {
			d.err = &SymtabError{off, fmt.Sprintf("string [0x%x, +%d) outside the %d-byte string table", o, n, len(d.strtab))}
		}
		return ""
	}
	return d.strtab[o : o+n]
}

// rng reads a Range {offset, count} of elements of size bytes, and checks
// that it lies inside the blob.
func (d *symtabDecoder) rng(off, size int) (start, n int) {
	o, c := uint64(d.u32(off)), uint64(d.u32(off+4))
	if o+c*uint64(size) > uint64(len(d.blob)) {
		if d.err == nil {
			d.err = &SymtabError{off, fmt.Sprintf("range of %d entries at 0x%x runs past the end of the %d-byte blob", c, o, len(d.blob))}
		}
		return 0, 0
	}
	return int(o), int(c)
}

// asmSymbols returns the symbols of the module's inline assembly that
// the IR symbol table beside it holds, when LLVM 22 built that table for
// this module: its symbols are then the module's global values, in the
// order of Module::global_values() and named as they are, followed by the
// assembly's (the executable ones: _GLOBAL_OFFSET_TABLE_, which LLVM adds
// after them for some x86 ELF modules, is not). Else nil: a table of
// another LLVM may have been built by another assembler parser.
func (r *Reader) asmSymbols() []ir.AsmSymbol {
	if r.symtab == nil || r.strtab == nil {
		return nil
	}
	st, err := DecodeSymtab(r.symtab, r.strtab)
	if err != nil || !strings.HasPrefix(st.Producer, "22.") || r.symtabIndex >= len(st.Modules) {
		return nil
	}
	mod := st.Modules[r.symtabIndex]
	if mod.Begin > mod.End || mod.End > uint32(len(st.Symbols)) {
		return nil
	}
	syms := st.Symbols[mod.Begin:mod.End]
	m := r.m
	var names []string
	for _, f := range m.Functions {
		names = append(names, f.Name)
	}
	for _, g := range m.Globals {
		names = append(names, g.Name)
	}
	for _, a := range m.Aliases {
		names = append(names, a.Name)
	}
	for _, i := range m.IFuncs {
		names = append(names, i.Name)
	}
	if len(syms) < len(names) {
		return nil
	}
	for i, n := range names {
		if syms[i].IRName != n {
			return nil
		}
	}
	out := []ir.AsmSymbol{}
	for _, s := range syms[len(names):] {
		if s.IRName != "" {
			return nil
		}
		if s.Flags&SymbolExecutable == 0 {
			continue
		}
		out = append(out, ir.AsmSymbol{Name: s.Name, Undefined: s.Flags&SymbolUndefined != 0,
			Weak: s.Flags&SymbolWeak != 0, Global: s.Flags&SymbolGlobal != 0})
	}
	return out
}
