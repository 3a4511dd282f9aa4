package bcwrite

//go:generate go run gen_libcalls.go

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/bcextract/bcextract/ir"
)

// The irsymtab format LLVM 22 writes: little-endian 32-bit words; a Str
// is {offset into the STRTAB, size}, a Range {offset into the blob,
// count}.
const (
	symtabVersion      = 3
	symtabHeaderSize   = 76 // Version, Producer, 4 Ranges, 3 Strs, 1 Range
	symtabModuleSize   = 12 // Begin, End, UncBegin
	symtabComdatSize   = 12 // Name, SelectionKind
	symtabSymbolSize   = 24 // Name, IRName, ComdatIndex, Flags
	symtabUncommonSize = 24 // CommonSize, CommonAlign, COFFWeakExternFallbackName, SectionName
	symtabStrSize      = 8
)

// Symbol flag bits (storage::Symbol's FB_*); bits 0 and 1 hold the
// visibility.
const (
	fbHasUncommon = 1 << (iota + 2)
	fbUndefined
	fbWeak
	fbCommon
	fbIndirect
	fbUsed
	fbTLS
	fbMayOmit
	fbGlobal
	fbFormatSpecific
	fbUnnamedAddr
	fbExecutable
)

// buildSymtab returns the blob of the SYMTAB block LLVM 22 writes for a
// bitcode file holding m alone (irsymtab::build), adding its strings to
// st after those the module writer added, in LLVM's order: producer (the
// LLVM version, "22.1.8"), triple, source file name; ELF's dependent
// libraries; per symbol its mangled name, its IR name, for one with
// uncommon fields "" twice, then its comdat's name, a weak external's
// fallback name and its section; COFF's linker options last.
//
// ok is false when LLVM writes no SYMTAB block for m: the module has
// module-level inline assembly and the target no assembler parser, or
// asmParser is false (the tool registers none; then no string is added),
// the module has no data layout, or the table cannot
// be built (a common global that is not a variable, an alias whose object
// is not found, a COFF comdat whose leader is missing, a weak alias to
// something that is not a global); LLVM drops the table then but keeps
// the strings it added so far, and so does buildSymtab. err, an
// *UnsupportedError, reports what this package does not model: a common
// global whose size is not known, a data layout it cannot read; and
// errAsmSymbols the symbols of module-level inline assembly when
// m.AsmSymbols does not give them (m.Asm with a line that is not blank;
// LLVM runs the target's assembler parser over it): no string is added
// then.
//
// The source file name is m.SourceFilename, whatever m.NoSourceFilename
// says: a caller whose module has none passes a copy holding the name
// LLVM would use (the module identifier).
//
// Symbols whose IR names are runtime library calls the target has
// (memcpy, __stack_chk_fail, __aeabi_memcpy, ...) are marked used, as
// LLVM 22 does from the tables of its RuntimeLibcalls.inc
// (symtab_libcalls.go, made by gen_libcalls.go).
func buildSymtab(m *ir.Module, st *strtab, producer string, asmParser bool) (blob []byte, ok bool, err error) {
	b := &symtabBuilder{m: m, st: st, tt: ir.ParseTriple(m.Triple)}
	if len(m.Asm) > 0 {
		if !asmParser || !asmParserTargets[b.tt.Arch] {
			// BitcodeWriter::writeSymtab: no assembler parser for the
			// module asm, no table, not even its header's strings.
			return nil, false, nil
		}
		if m.AsmSymbols == nil && strings.TrimSpace(strings.Join(m.Asm, "")) != "" {
			// LLVM parses the assembly for its symbols (ModuleSymbolTable::
			// CollectAsmSymbols); a reader gives them from the table LLVM 22
			// wrote beside the module.
			return nil, false, errAsmSymbols
		}
	}
	hdr := [3]symtabStr{b.str(producer), b.str(m.Triple), b.str(m.SourceFilename)}
	if m.DataLayout == "" {
		return nil, false, nil
	}
	if err := b.init(); err != nil {
		return nil, false, err
	}
	ok, err = b.addModule()
	if !ok || err != nil {
		return nil, false, err
	}
	coff := b.str(b.coffOpts.String())
	return b.encode(hdr, coff), true, nil
}

// errAsmSymbols is buildSymtab's error for a module whose module-level
// inline assembly has symbols it does not know; Write leaves the table out
// and counts lossAsmSymtab.
var errAsmSymbols = &UnsupportedError{What: "the IR symbol table of a module with module-level inline assembly whose symbols are not known (no symbol table of LLVM 22 beside it)"}

// lossAsmSymtab is the loss counted for a table errAsmSymbols leaves out.
const lossAsmSymtab = "IR symbol table (SYMTAB block; the symbols of the module-level inline assembly are not known; linkers make it again)"

// asmParserTargets are the architectures of the targets LLVM 22 (as
// Debian builds it) registers with an assembler parser, which the bitcode
// writer requires of a module with module-level inline assembly before
// it writes a symbol table: not NVPTX, SPIR-V, XCore, nor the targets it
// does not build (CSKY, ARC, DirectX, ...).
var asmParserTargets = map[string]bool{
	"aarch64": true, "aarch64_32": true, "aarch64_be": true, "amdgcn": true, "r600": true,
	"arm": true, "armeb": true, "thumb": true, "thumbeb": true, "avr": true, "bpfel": true, "bpfeb": true,
	"hexagon": true, "lanai": true, "loongarch32": true, "loongarch64": true, "m68k": true,
	"mips": true, "mipsel": true, "mips64": true, "mips64el": true, "msp430": true,
	"powerpc": true, "powerpcle": true, "powerpc64": true, "powerpc64le": true,
	"riscv32": true, "riscv64": true, "riscv32be": true, "riscv64be": true,
	"sparc": true, "sparcel": true, "sparcv9": true, "s390x": true, "ve": true,
	"wasm32": true, "wasm64": true, "i386": true, "x86_64": true, "xtensa": true,
}

// A symtabStr is a string of the table: its offset and size in the
// STRTAB.
type symtabStr struct{ off, size uint32 }

type symtabSymbol struct {
	name, irName symtabStr
	comdat       int32
	flags        uint32
}

type symtabUncommon struct {
	commonSize, commonAlign uint32
	fallback, section       symtabStr
}

type symtabComdat struct {
	name symtabStr
	kind uint32
}

// A symtabBuilder holds the state of one buildSymtab.
type symtabBuilder struct {
	m  *ir.Module
	st *strtab
	tt ir.Triple
	dl *ir.DataLayout

	mode ir.ManglingMode
	// symMangler names the symbols (LLVM's ModuleSymbolTable has a
	// Mangler of its own); mangler names comdat leaders and exports.
	// Each numbers unnamed globals in the order it meets them.
	symMangler, mangler mangler

	used     map[ir.Constant]bool
	byName   map[string]ir.Constant
	comdats  map[*ir.Comdat]int32
	coffOpts strings.Builder

	syms    []symtabSymbol
	uncs    []symtabUncommon
	cds     []symtabComdat
	deplibs []symtabStr
}

func (b *symtabBuilder) str(s string) symtabStr {
	return symtabStr{b.st.add(s), uint32(len(s))}
}

// init reads the data layout and collects llvm.used and
// llvm.compiler.used.
func (b *symtabBuilder) init() error {
	dl, err := ir.ParseDataLayout(b.m.DataLayout)
	if err != nil {
		return &UnsupportedError{What: fmt.Sprintf("the IR symbol table of a module whose data layout does not parse (%v)", err)}
	}
	b.dl = dl
	b.mode = ir.ManglingModeOf(b.m.DataLayout)
	b.symMangler = mangler{b: b}
	b.mangler = mangler{b: b}
	b.used = map[ir.Constant]bool{}
	for _, name := range [...]string{"llvm.used", "llvm.compiler.used"} {
		for _, g := range b.m.Globals {
			if g.Name != name {
				continue
			}
			// Module::getGlobalVariable: not a local one.
			if g.Linkage.IsLocal() {
				break
			}
			if a, ok := g.Init.(*ir.ConstAggregate); ok {
				for _, e := range a.Elems {
					if gv := ir.StripPointerCasts(e); isGlobalValue(gv) {
						b.used[gv] = true
					}
				}
			}
			break
		}
	}
	b.comdats = map[*ir.Comdat]int32{}
	return nil
}

// A gvalue is one global value of the module with what the table needs.
type gvalue struct {
	c ir.Constant // *ir.GlobalVar, *ir.Function, *ir.Alias or *ir.IFunc
	h *ir.GlobalHeader
}

func globalValue(c ir.Constant) gvalue {
	switch g := c.(type) {
	case *ir.GlobalVar:
		return gvalue{c, &g.GlobalHeader}
	case *ir.Function:
		return gvalue{c, &g.GlobalHeader}
	case *ir.Alias:
		return gvalue{c, &g.GlobalHeader}
	case *ir.IFunc:
		return gvalue{c, &g.GlobalHeader}
	}
	return gvalue{}
}

func isGlobalValue(c ir.Constant) bool {
	switch c.(type) {
	case *ir.GlobalVar, *ir.Function, *ir.Alias, *ir.IFunc:
		return true
	}
	return false
}

// isDeclaration is GlobalValue::isDeclaration.
func isDeclaration(c ir.Constant) bool {
	switch g := c.(type) {
	case *ir.GlobalVar:
		return g.Init == nil
	case *ir.Function:
		return !g.HasBody
	}
	return false
}

// addModule adds m's symbols (Builder::addModule); false when LLVM gives
// up on the table.
func (b *symtabBuilder) addModule() (bool, error) {
	if b.tt.ObjectFormat == "coff" {
		if n := namedMetadata(b.m, "llvm.linker.options"); n != nil {
			for _, op := range n.Ops {
				t, _ := op.(*ir.MDTuple)
				if t == nil {
					continue
				}
				for _, o := range t.Ops {
					if s, ok := o.(*ir.MDString); ok {
						b.coffOpts.WriteString(" ")
						b.coffOpts.WriteString(s.Value)
					}
				}
			}
		}
	}
	if b.tt.ObjectFormat == "elf" {
		if n := namedMetadata(b.m, "llvm.dependent-libraries"); n != nil {
			for _, op := range n.Ops {
				if t, _ := op.(*ir.MDTuple); t != nil && len(t.Ops) > 0 {
					if s, ok := t.Ops[0].(*ir.MDString); ok {
						b.deplibs = append(b.deplibs, b.str(s.Value))
					}
				}
			}
		}
	}
	// ModuleSymbolTable::addModule: Module::global_values() order.
	var order []ir.Constant
	for _, f := range b.m.Functions {
		order = append(order, f)
	}
	for _, g := range b.m.Globals {
		order = append(order, g)
	}
	for _, a := range b.m.Aliases {
		order = append(order, a)
	}
	for _, i := range b.m.IFuncs {
		order = append(order, i)
	}
	for _, c := range order {
		ok, err := b.addSymbol(globalValue(c))
		if !ok || err != nil {
			return ok, err
		}
	}
	// Then the assembly's symbols (executable, as LLVM assumes them all),
	// an undefined one counting as used.
	for _, a := range b.m.AsmSymbols {
		sym := symtabSymbol{name: b.str(a.Name), irName: b.str(""), comdat: -1, flags: fbExecutable}
		if a.Undefined {
			sym.flags |= fbUndefined | fbUsed
		}
		if a.Weak {
			sym.flags |= fbWeak
		}
		if a.Global {
			sym.flags |= fbGlobal
		}
		b.syms = append(b.syms, sym)
	}
	if b.tt.NeedsGOTSymbol(moduleCodeModel(b.m)) {
		// An undefined assembly symbol, which counts as used.
		b.syms = append(b.syms, symtabSymbol{
			name:   b.str("_GLOBAL_OFFSET_TABLE_"),
			irName: b.str(""),
			comdat: -1,
			flags:  fbUndefined | fbGlobal | fbUsed,
		})
	}
	return true, nil
}

// symbolName is ModuleSymbolTable::printSymbolName: "__imp_" for a
// dllimport global, then the mangled name.
func (b *symtabBuilder) symbolName(g gvalue) string {
	name := b.symMangler.name(g)
	if g.h.DLLStorage == ir.DLLImport {
		return "__imp_" + name
	}
	return name
}

// addSymbol is Builder::addSymbol for a global value.
func (b *symtabBuilder) addSymbol(g gvalue) (bool, error) {
	sym := symtabSymbol{comdat: -1}
	unc := -1
	uncommon := func() *symtabUncommon {
		if unc < 0 {
			sym.flags |= fbHasUncommon
			unc = len(b.uncs)
			b.uncs = append(b.uncs, symtabUncommon{fallback: b.str(""), section: b.str("")})
		}
		return &b.uncs[unc]
	}
	sym.name = b.str(b.symbolName(g))

	h := g.h
	obj := ir.AliaseeObject(g.c)
	if isDeclaration(g.c) || h.Linkage == ir.AvailableExternallyLinkage {
		sym.flags |= fbUndefined
	}
	switch h.Linkage {
	case ir.LinkOnceAnyLinkage, ir.LinkOnceODRLinkage, ir.WeakAnyLinkage, ir.WeakODRLinkage, ir.ExternalWeakLinkage:
		sym.flags |= fbWeak
	case ir.CommonLinkage:
		sym.flags |= fbCommon
	}
	_, alias := g.c.(*ir.Alias)
	if alias {
		sym.flags |= fbIndirect
	}
	if !h.Linkage.IsLocal() {
		sym.flags |= fbGlobal
	}
	v, isVar := g.c.(*ir.GlobalVar)
	if h.Linkage == ir.PrivateLinkage || strings.HasPrefix(h.Name, "llvm.") || (isVar && v.Section == "llvm.metadata") {
		sym.flags |= fbFormatSpecific
	}
	switch obj.(type) {
	case *ir.Function, *ir.IFunc:
		sym.flags |= fbExecutable
	}

	sym.irName = b.str(h.Name)
	if b.used[g.c] {
		sym.flags |= fbUsed
	} else {
		lib, err := b.isLibcall(h.Name)
		if err != nil {
			return false, err
		}
		if lib {
			sym.flags |= fbUsed
		}
	}
	if h.ThreadLocal != ir.NotThreadLocal {
		sym.flags |= fbTLS
	}
	if h.UnnamedAddr == ir.GlobalUnnamedAddr {
		sym.flags |= fbUnnamedAddr
	}
	if canBeOmittedFromSymbolTable(g) {
		sym.flags |= fbMayOmit
	}
	sym.flags |= uint32(h.Visibility) & 3

	// The symbol is appended now, as LLVM emplaces it first: the uncommon
	// and comdat entries below refer to it by position only.
	if sym.flags&fbCommon != 0 {
		if !isVar {
			return false, nil // "Only variables can have common linkage!"
		}
		size, ok := b.dl.AllocSize(v.ValueType)
		if !ok || size > 1<<32-1 {
			return false, &UnsupportedError{What: fmt.Sprintf("the IR symbol table entry of common global @%s, whose size is not known", h.Name)}
		}
		u := uncommon()
		u.commonSize = uint32(size)
		u.commonAlign = uint32(v.Align)
	}

	if obj == nil {
		return false, nil // "Unable to determine comdat of alias!"
	}
	if c := objectComdat(obj); c != nil {
		idx, ok := b.comdatIndex(c)
		if !ok {
			return false, nil // "Could not find leader"
		}
		sym.comdat = idx
	}

	if b.tt.ObjectFormat == "coff" {
		b.linkerFlagsCOFF(g)
		if sym.flags&fbWeak != 0 && sym.flags&fbIndirect != 0 {
			fb := globalValue(ir.StripPointerCasts(g.c.(*ir.Alias).Aliasee))
			if fb.c == nil {
				return false, nil // "Invalid weak external"
			}
			name := b.symbolName(fb)
			uncommon().fallback = b.str(name)
		}
	}

	if sec := objectSection(obj); sec != "" {
		uncommon().section = b.str(sec)
	}
	b.syms = append(b.syms, sym)
	return true, nil
}

// canBeOmittedFromSymbolTable is GlobalValue's: a linkonce_odr global
// whose address is not significant.
func canBeOmittedFromSymbolTable(g gvalue) bool {
	if g.h.Linkage != ir.LinkOnceODRLinkage {
		return false
	}
	if g.h.UnnamedAddr == ir.GlobalUnnamedAddr {
		return true
	}
	if v, ok := g.c.(*ir.GlobalVar); ok && !v.Constant {
		return false
	}
	return g.h.UnnamedAddr != ir.NoUnnamedAddr
}

// comdatIndex is Builder::getComdatIndex: the comdat's index in the
// table, added on first use; -1 for a COFF comdat whose leader is local.
// false when the COFF leader is missing.
func (b *symtabBuilder) comdatIndex(c *ir.Comdat) (int32, bool) {
	if i, ok := b.comdats[c]; ok {
		return i, true
	}
	name := c.Name
	if b.tt.ObjectFormat == "coff" {
		leader := b.namedValue(c.Name)
		if leader == nil {
			return 0, false
		}
		g := globalValue(leader)
		if g.h.Linkage.IsLocal() {
			b.comdats[c] = -1
			return -1, true
		}
		name = b.mangler.name(g)
	}
	i := int32(len(b.cds))
	b.comdats[c] = i
	b.cds = append(b.cds, symtabComdat{b.str(name), uint32(c.Selection)})
	return i, true
}

// namedValue is Module::getNamedValue.
func (b *symtabBuilder) namedValue(name string) ir.Constant {
	if b.byName == nil {
		b.byName = map[string]ir.Constant{}
		add := func(n string, c ir.Constant) {
			if n != "" {
				if _, dup := b.byName[n]; !dup {
					b.byName[n] = c
				}
			}
		}
		for _, f := range b.m.Functions {
			add(f.Name, f)
		}
		for _, g := range b.m.Globals {
			add(g.Name, g)
		}
		for _, a := range b.m.Aliases {
			add(a.Name, a)
		}
		for _, i := range b.m.IFuncs {
			add(i.Name, i)
		}
	}
	return b.byName[name]
}

// linkerFlagsCOFF is emitLinkerFlagsForGlobalCOFF: the /EXPORT (or
// -export) of a dllexport definition and, for MinGW and Cygwin, the
// -exclude-symbols of a hidden one.
func (b *symtabBuilder) linkerFlagsCOFF(g gvalue) {
	if isDeclaration(g.c) {
		return
	}
	w := &b.coffOpts
	quote := g.h.Name != "" && !unquotedInDirective(g.h.Name)
	stripPrefix := func(s string) string {
		if p := b.mode.GlobalPrefix(); p != "" && strings.HasPrefix(s, p) {
			return s[len(p):]
		}
		return s
	}
	if g.h.DLLStorage == ir.DLLExport {
		msvc := b.tt.IsWindowsMSVCEnvironment()
		if msvc {
			w.WriteString(" /EXPORT:")
		} else {
			w.WriteString(" -export:")
		}
		if quote {
			w.WriteByte('"')
		}
		name := b.mangler.name(g)
		if b.tt.IsWindowsGNUEnvironment() || b.tt.IsWindowsCygwinEnvironment() {
			name = stripPrefix(name)
		}
		w.WriteString(name)
		if b.tt.IsWindowsArm64EC() {
			if d, ok := arm64ECDemangledName(g.h.Name); ok {
				w.WriteString(",EXPORTAS,")
				w.WriteString(d)
			}
		}
		if quote {
			w.WriteByte('"')
		}
		if t := g.h.ValueType; t == nil || t.Kind != ir.FunctionType {
			if msvc {
				w.WriteString(",DATA")
			} else {
				w.WriteString(",data")
			}
		}
	}
	if g.h.Visibility == ir.HiddenVisibility && b.tt.IsOSCygMing() {
		w.WriteString(" -exclude-symbols:")
		if quote {
			w.WriteByte('"')
		}
		w.WriteString(stripPrefix(b.mangler.name(g)))
		if quote {
			w.WriteByte('"')
		}
	}
}

// unquotedInDirective reports a name a linker directive may carry
// without quotes: letters, digits, '_', '@' and '#'.
func unquotedInDirective(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '@' || c == '#') {
			return false
		}
	}
	return s != ""
}

// arm64ECDemangledName is getArm64ECDemangledFunctionName.
func arm64ECDemangledName(name string) (string, bool) {
	switch {
	case strings.HasPrefix(name, "#"):
		return name[1:], true
	case strings.HasPrefix(name, "?"):
		before, after, _ := strings.Cut(name, "$$h")
		if after == "" {
			return "", false
		}
		return before + after, true
	}
	return "", false
}

// A mangler is LLVM's Mangler over the module: the names of global
// values, unnamed ones numbered "__unnamed_N" in the order asked.
type mangler struct {
	b   *symtabBuilder
	ids map[ir.Constant]int
}

func (m *mangler) name(g gvalue) string {
	b := m.b
	private := g.h.Linkage == ir.PrivateLinkage
	if g.h.Name == "" {
		if m.ids == nil {
			m.ids = map[ir.Constant]int{}
		}
		id, ok := m.ids[g.c]
		if !ok {
			id = len(m.ids) + 1
			m.ids[g.c] = id
		}
		return b.mode.Mangle("__unnamed_"+strconv.Itoa(id), private, nil)
	}
	var fn *ir.MangleFunc
	if f, ok := ir.AliaseeObject(g.c).(*ir.Function); ok {
		fn = b.mangleFunc(f)
	}
	return b.mode.Mangle(g.h.Name, private, fn)
}

// mangleFunc describes f for the decorations of Windows calling
// conventions (addByteCountSuffix).
func (b *symtabBuilder) mangleFunc(f *ir.Function) *ir.MangleFunc {
	mf := &ir.MangleFunc{CallConv: f.CallConv, ArgBytes: -1}
	sig := f.Sig
	if sig == nil {
		sig = f.ValueType
	}
	if sig == nil || sig.Kind != ir.FunctionType {
		return mf
	}
	mf.VarArg = sig.VarArg
	mf.NumParams = len(sig.Params)
	mf.SRet = f.Attrs.Param(0).Has(ir.AttrStructRet) || f.Attrs.Param(1).Has(ir.AttrStructRet)
	ptr, _ := b.dl.StoreSize(&ir.Type{Kind: ir.PointerType})
	if ptr == 0 {
		return mf
	}
	var total uint64
	for i, t := range sig.Params {
		attrs := f.Attrs.Param(i)
		if attrs.Has(ir.AttrStructRet) {
			continue
		}
		for _, a := range attrs {
			if (a.Kind == ir.AttrByVal || a.Kind == ir.AttrInAlloca || a.Kind == ir.AttrPreallocated) && a.Type != nil {
				t = a.Type
				break
			}
		}
		n, ok := b.dl.AllocSize(t)
		if !ok {
			return mf
		}
		total += (n + ptr - 1) / ptr * ptr
	}
	if total > 1<<62 {
		return mf
	}
	mf.ArgBytes = int64(total)
	return mf
}

func objectComdat(c ir.Constant) *ir.Comdat {
	switch o := c.(type) {
	case *ir.GlobalVar:
		return o.Comdat
	case *ir.Function:
		return o.Comdat
	}
	return nil
}

func objectSection(c ir.Constant) string {
	switch o := c.(type) {
	case *ir.GlobalVar:
		return o.Section
	case *ir.Function:
		return o.Section
	}
	return ""
}

func namedMetadata(m *ir.Module, name string) *ir.NamedMetadata {
	for _, n := range m.NamedMetadata {
		if n.Name == name {
			return n
		}
	}
	return nil
}

// moduleCodeModel is Module::getCodeModel: the "Code Model" module flag
// (LLVM's CodeModel::Model, Tiny 0 to Large 4), as an ir.CodeModel.
func moduleCodeModel(m *ir.Module) ir.CodeModel {
	if v, ok := m.ModuleFlagInt("Code Model"); ok && v >= 0 && v <= 4 {
		return ir.CodeModel(v + 1)
	}
	return ir.NoCodeModel
}

// encode lays out the blob: the header, then the modules, comdats,
// symbols, uncommons and dependent libraries.
func (b *symtabBuilder) encode(hdr [3]symtabStr, coff symtabStr) []byte {
	size := symtabHeaderSize + symtabModuleSize + len(b.cds)*symtabComdatSize +
		len(b.syms)*symtabSymbolSize + len(b.uncs)*symtabUncommonSize + len(b.deplibs)*symtabStrSize
	out := make([]byte, symtabHeaderSize, size)
	le := binary.LittleEndian
	word := func(v uint32) { out = le.AppendUint32(out, v) }
	str := func(s symtabStr) { word(s.off); word(s.size) }
	type rng struct{ off, n uint32 }
	var r [5]rng

	r[0] = rng{uint32(len(out)), 1}
	word(0)
	word(uint32(len(b.syms)))
	word(0)
	r[1] = rng{uint32(len(out)), uint32(len(b.cds))}
	for _, c := range b.cds {
		str(c.name)
		word(c.kind)
	}
	r[2] = rng{uint32(len(out)), uint32(len(b.syms))}
	for _, s := range b.syms {
		str(s.name)
		str(s.irName)
		word(uint32(s.comdat))
		word(s.flags)
	}
	r[3] = rng{uint32(len(out)), uint32(len(b.uncs))}
	for _, u := range b.uncs {
		word(u.commonSize)
		word(u.commonAlign)
		str(u.fallback)
		str(u.section)
	}
	r[4] = rng{uint32(len(out)), uint32(len(b.deplibs))}
	for _, d := range b.deplibs {
		str(d)
	}

	h := out[:0]
	h = le.AppendUint32(h, symtabVersion)
	h = le.AppendUint32(le.AppendUint32(h, hdr[0].off), hdr[0].size)
	for _, x := range r[:4] {
		h = le.AppendUint32(le.AppendUint32(h, x.off), x.n)
	}
	for _, s := range [...]symtabStr{hdr[1], hdr[2], coff} {
		h = le.AppendUint32(le.AppendUint32(h, s.off), s.size)
	}
	le.AppendUint32(le.AppendUint32(h, r[4].off), r[4].n)
	return out
}

// isLibcall reports whether name is a runtime library call LLVM 22
// knows and the target has (RuntimeLibcallsInfo built from the triple
// alone, the exception model the triple's default): the IR symbol table
// marks such symbols used.
func (b *symtabBuilder) isLibcall(name string) (bool, error) {
	impls := libcallImpls(name)
	if len(impls) == 0 {
		return false, nil
	}
	env := libcallEnv{tt: b.tt, eh: defaultExceptionHandling(b.tt)}
	var t *libcallTarget
	for i := range libcallTargets {
		c := &libcallTargets[i]
		hold, known := env.eval(c.cond)
		if !known {
			return false, &UnsupportedError{What: fmt.Sprintf("the runtime library calls of target %q (%s)", b.tt.String(), c.cond)}
		}
		if hold {
			t = c
			break
		}
	}
	if t == nil {
		return false, nil
	}
	var unknown string
	for _, id := range impls {
		if t.bits[id/64]&(1<<(id%64)) != 0 {
			return true, nil
		}
		for _, g := range t.groups {
			if !containsImpl(g.impls, id) {
				continue
			}
			hold, known := env.eval(g.cond)
			if !known {
				unknown = g.cond
				continue
			}
			if hold {
				return true, nil
			}
		}
	}
	if unknown != "" {
		return false, &UnsupportedError{What: fmt.Sprintf("whether runtime library call %s is available on target %q (%s)", name, b.tt.String(), unknown)}
	}
	return false, nil
}

func containsImpl(list []uint16, id uint16) bool {
	for _, x := range list {
		if x == id {
			return true
		}
	}
	return false
}

// A libcallTarget is one block of setTargetRuntimeLibcallSets: the
// condition on the triple that selects it, the implementations always
// available, and those available under further conditions.
type libcallTarget struct {
	cond   string
	bits   [libcallWords]uint64
	groups []libcallGroup
}

type libcallGroup struct {
	cond  string
	impls []uint16
}

var (
	libcallByNameOnce sync.Once
	libcallByName     map[string][]uint16
)

// libcallImpls returns the implementations named name (several share
// names, for different types).
func libcallImpls(name string) []uint16 {
	libcallByNameOnce.Do(func() {
		libcallByName = make(map[string][]uint16, len(libcallNames))
		for i, n := range libcallNames {
			if i > 0 && len(n) <= 53 {
				libcallByName[n] = append(libcallByName[n], uint16(i))
			}
		}
	})
	return libcallByName[name]
}

// Exception handling models, as RuntimeLibcallsInfo's conditions name
// them.
const (
	ehNone = iota
	ehDwarfCFI
	ehSjLj
	ehARM
	ehWinEH
	ehWasm
	ehAIX
	ehZOS
)

// defaultExceptionHandling is Triple::getDefaultExceptionHandling.
func defaultExceptionHandling(t ir.Triple) int {
	switch t.ObjectFormat {
	case "coff":
		if t.Arch == "i386" && (t.IsOSCygMing() || t.IsWindowsItaniumEnvironment()) {
			return ehDwarfCFI
		}
		return ehWinEH
	case "xcoff":
		return ehAIX
	case "goff":
		return ehZOS
	}
	if t.IsARM() {
		if t.ObjectFormat == "elf" {
			if t.OS == "netbsd" {
				return ehDwarfCFI
			}
			return ehARM
		}
		if t.IsOSDarwin() && t.SubArch != "v7k" {
			return ehSjLj
		}
		return ehDwarfCFI
	}
	switch t.Arch {
	case "aarch64", "aarch64_be", "aarch64_32", "i386", "x86_64",
		"powerpc", "powerpcle", "powerpc64", "powerpc64le",
		"mips", "mipsel", "mips64", "mips64el", "sparc", "sparcel", "sparcv9", "bpfel", "bpfeb",
		"riscv32", "riscv64", "riscv32be", "riscv64be", "loongarch32", "loongarch64",
		"arc", "csky", "hexagon", "lanai", "m68k", "msp430", "s390x", "xcore", "xtensa":
		return ehDwarfCFI
	}
	return ehNone
}

// A libcallEnv evaluates the conditions of RuntimeLibcalls.inc for one
// triple, with RuntimeLibcallsInfo's defaults otherwise (float ABI and
// EABI version "default", no ABI name).
type libcallEnv struct {
	tt ir.Triple
	eh int
}

// eval returns the value of a condition and whether it is one this
// package knows.
func (e libcallEnv) eval(cond string) (hold, known bool) {
	f, ok := libcallConds[cond]
	if !ok {
		return false, false
	}
	return f(e), true
}

func darwinHasSinCosStret(t ir.Triple) bool {
	switch {
	case !t.IsOSDarwin(), t.Arch == "i386":
		return false
	case t.IsMacOSX():
		return !t.IsMacOSXVersionLT(10, 9, 0) && t.IsArch64Bit()
	case t.IsiOS():
		return !t.IsOSVersionLT(7, 0, 0)
	}
	return true
}

func darwinHasMemsetPattern(t ir.Triple) bool {
	switch {
	case t.IsMacOSX():
		return !t.IsMacOSXVersionLT(10, 5, 0)
	case t.IsiOS():
		return !t.IsOSVersionLT(3, 0, 0)
	}
	return t.OS == "watchos"
}

func darwinHasExp10(t ir.Triple) bool {
	switch t.OS {
	case "macosx":
		return !t.IsMacOSXVersionLT(10, 9, 0)
	case "ios":
		return !t.IsOSVersionLT(7, 0, 0)
	case "driverkit", "tvos", "watchos", "xros", "bridgeos":
		return true
	}
	return false
}

func hasSinCos(t ir.Triple) bool {
	return t.IsGNUEnvironment() || t.OS == "fuchsia" || t.Environment == "android"
}

func isTargetAEABI(t ir.Triple) bool {
	return (t.Environment == "eabi" || t.Environment == "eabihf") && !t.IsOSDarwin() && !t.IsOSWindows()
}

func isArch(archs ...string) func(libcallEnv) bool {
	return func(e libcallEnv) bool {
		for _, a := range archs {
			if e.tt.Arch == a {
				return true
			}
		}
		return false
	}
}

func isOS(os string) func(libcallEnv) bool {
	return func(e libcallEnv) bool { return e.tt.OS == os }
}

func not(f func(libcallEnv) bool) func(libcallEnv) bool {
	return func(e libcallEnv) bool { return !f(e) }
}

// libcallConds are the conditions of LLVM 22's RuntimeLibcalls.inc, by
// their text.
var libcallConds = map[string]func(libcallEnv) bool{
	// Target blocks.
	"(TT.isAArch64() && !TT.isWindowsArm64EC())": func(e libcallEnv) bool { return e.tt.IsAArch64() && !e.tt.IsWindowsArm64EC() },
	"TT.isAMDGPU()":                    isArch("r600", "amdgcn"),
	"TT.isARM() || TT.isThumb()":       func(e libcallEnv) bool { return e.tt.IsARM() },
	"TT.getArch() == Triple::avr":      isArch("avr"),
	"TT.isDXIL()":                      isArch("dxil"),
	"TT.getArch() == Triple::hexagon":  isArch("hexagon"),
	"TT.getArch() == Triple::lanai":    isArch("lanai"),
	"TT.getArch() == Triple::msp430":   isArch("msp430"),
	"TT.isNVPTX()":                     isArch("nvptx", "nvptx64"),
	"TT.isPPC()":                       isArch("powerpc", "powerpcle", "powerpc64", "powerpc64le"),
	"TT.isRISCV()":                     isArch("riscv32", "riscv64", "riscv32be", "riscv64be"),
	"TT.isSPARC()":                     isArch("sparc", "sparcel", "sparcv9"),
	"TT.isSPIRV()":                     isArch("spirv", "spirv32", "spirv64"),
	"(TT.isSystemZ() && TT.isOSzOS())": func(e libcallEnv) bool { return e.tt.Arch == "s390x" && e.tt.OS == "zos" },
	"TT.isWasm()":                      isArch("wasm32", "wasm64"),
	"TT.isWindowsArm64EC()":            func(e libcallEnv) bool { return e.tt.IsWindowsArm64EC() },
	"TT.getArch() == Triple::x86":      isArch("i386"),
	"TT.getArch() == Triple::x86_64":   isArch("x86_64"),
	"TT.getArch() == Triple::xcore":    isArch("xcore"),
	"TT.isMIPS() || TT.isLoongArch() || TT.isVE() || TT.isBPF() || TT.getArch() == Triple::csky || TT.getArch() == Triple::arc || TT.getArch() == Triple::m68k || TT.getArch() == Triple::xtensa || (TT.isSystemZ() && !TT.isOSzOS())": func(e libcallEnv) bool {
		return isArch("mips", "mipsel", "mips64", "mips64el", "loongarch32", "loongarch64", "ve", "bpfel", "bpfeb",
			"csky", "arc", "m68k", "xtensa")(e) || (e.tt.Arch == "s390x" && e.tt.OS != "zos")
	},

	// Conditions within the blocks.
	"ExceptionModel != ExceptionHandling::None && ExceptionModel != ExceptionHandling::SjLj": func(e libcallEnv) bool {
		return e.eh != ehNone && e.eh != ehSjLj
	},
	"ExceptionModel != ExceptionHandling::None": func(e libcallEnv) bool { return e.eh != ehNone },
	"ExceptionModel == ExceptionHandling::SjLj": func(e libcallEnv) bool { return e.eh == ehSjLj },
	"!TT.isOSAIX() && !TT.isOSOpenBSD()":        func(e libcallEnv) bool { return e.tt.OS != "aix" && e.tt.OS != "openbsd" },
	"!TT.isOSAIX()":                             not(isOS("aix")),
	"!TT.isOSDarwin()":                          func(e libcallEnv) bool { return !e.tt.IsOSDarwin() },
	"!TT.isOSLinux() && !TT.isOSOpenBSD()":      func(e libcallEnv) bool { return e.tt.OS != "linux" && e.tt.OS != "openbsd" },
	"!TT.isOSMSVCRT()":                          func(e libcallEnv) bool { return !e.tt.IsOSMSVCRT() },
	"!TT.isOSOpenBSD() && !TT.isWindowsMSVCEnvironment() && !TT.isWindowsItaniumEnvironment()": func(e libcallEnv) bool {
		return e.tt.OS != "openbsd" && !e.tt.IsWindowsMSVCEnvironment() && !e.tt.IsWindowsItaniumEnvironment()
	},
	"!TT.isOSOpenBSD()":                     not(isOS("openbsd")),
	"!TT.isOSWindows() || TT.isOSCygMing()": func(e libcallEnv) bool { return !e.tt.IsOSWindows() || e.tt.IsOSCygMing() },
	"!TT.isPS()":                            func(e libcallEnv) bool { return !e.tt.IsPS() },
	"!TT.isWindowsMSVCEnvironment() && !TT.isWindowsItaniumEnvironment()": func(e libcallEnv) bool {
		return !e.tt.IsWindowsMSVCEnvironment() && !e.tt.IsWindowsItaniumEnvironment()
	},
	"(!TT.isOSWindows() || TT.isOSCygMing()) && !TT.isGNUEnvironment()": func(e libcallEnv) bool {
		return (!e.tt.IsOSWindows() || e.tt.IsOSCygMing()) && !e.tt.IsGNUEnvironment()
	},
	"(TT.isPPC32() && TT.isOSAIX())": func(e libcallEnv) bool { return isArch("powerpc", "powerpcle")(e) && e.tt.OS == "aix" },
	"(TT.isPPC64() && TT.isOSAIX())": func(e libcallEnv) bool { return isArch("powerpc64", "powerpc64le")(e) && e.tt.OS == "aix" },
	"TT.getArch() == Triple::x86 && (TT.isOSWindows() || TT.isUEFI()) && !TT.isOSCygMing()": func(e libcallEnv) bool {
		return e.tt.Arch == "i386" && (e.tt.IsOSWindows() || e.tt.OS == "uefi") && !e.tt.IsOSCygMing()
	},
	"TT.getArch() == Triple::x86_64 && (TT.isOSWindows() || TT.isUEFI()) && !TT.isOSCygMing()": func(e libcallEnv) bool {
		return e.tt.Arch == "x86_64" && (e.tt.IsOSWindows() || e.tt.OS == "uefi") && !e.tt.IsOSCygMing()
	},
	"TT.isAArch64(64)": func(e libcallEnv) bool {
		return e.tt.IsAArch64() && e.tt.Arch != "aarch64_32" && e.tt.Environment != "gnu_ilp32"
	},
	"TT.isArch64Bit()":                              func(e libcallEnv) bool { return e.tt.IsArch64Bit() },
	"TT.isGNUEnvironment()":                         func(e libcallEnv) bool { return e.tt.IsGNUEnvironment() },
	"TT.isMacOSX() && !TT.isMacOSXVersionLT(10, 6)": func(e libcallEnv) bool { return e.tt.IsMacOSX() && !e.tt.IsMacOSXVersionLT(10, 6, 0) },
	"TT.isMacOSX()":                                 func(e libcallEnv) bool { return e.tt.IsMacOSX() },
	"TT.isOSAIX()":                                  isOS("aix"),
	"TT.isOSBinFormatMachO() && (!TT.isiOS() || !TT.isOSVersionLT(5, 0))": func(e libcallEnv) bool {
		return e.tt.ObjectFormat == "macho" && (!e.tt.IsiOS() || !e.tt.IsOSVersionLT(5, 0, 0))
	},
	"TT.isOSCygMing() && TT.getArch() == Triple::x86":    func(e libcallEnv) bool { return e.tt.IsOSCygMing() && e.tt.Arch == "i386" },
	"TT.isOSCygMing() && TT.getArch() == Triple::x86_64": func(e libcallEnv) bool { return e.tt.IsOSCygMing() && e.tt.Arch == "x86_64" },
	"TT.isOSDarwin()":     func(e libcallEnv) bool { return e.tt.IsOSDarwin() },
	"TT.isOSEmscripten()": isOS("emscripten"),
	"TT.isOSOpenBSD()":    isOS("openbsd"),
	"TT.isOSWindows()":    func(e libcallEnv) bool { return e.tt.IsOSWindows() },
	"TT.isOSzOS()":        isOS("zos"),
	"TT.isPPC64()":        isArch("powerpc64", "powerpc64le"),
	"TT.isRISCV64()":      isArch("riscv64", "riscv64be"),
	"TT.isSPARC32()":      isArch("sparc", "sparcel"),
	"TT.isSPARC64()":      isArch("sparcv9"),
	"TT.isWindowsMSVCEnvironment() || TT.isWindowsItaniumEnvironment()": func(e libcallEnv) bool {
		return e.tt.IsWindowsMSVCEnvironment() || e.tt.IsWindowsItaniumEnvironment()
	},
	"TT.isWindowsMSVCEnvironment()": func(e libcallEnv) bool { return e.tt.IsWindowsMSVCEnvironment() },
	"darwinHasExp10(TT)":            func(e libcallEnv) bool { return darwinHasExp10(e.tt) },
	"darwinHasMemsetPattern(TT)":    func(e libcallEnv) bool { return darwinHasMemsetPattern(e.tt) },
	"darwinHasSinCosStret(TT)":      func(e libcallEnv) bool { return darwinHasSinCosStret(e.tt) },
	"hasSinCos(TT)":                 func(e libcallEnv) bool { return hasSinCos(e.tt) },
	"hasSinCos_f32_f64(TT)":         func(e libcallEnv) bool { return hasSinCos(e.tt) || e.tt.IsPS() },
	// ARM.
	"!TT.isOSBinFormatMachO() && !TT.isTargetAEABI()": func(e libcallEnv) bool {
		return e.tt.ObjectFormat != "macho" && !isTargetAEABI(e.tt)
	},
	"!TT.isTargetAEABI() && TT.isOSBinFormatMachO()": func(e libcallEnv) bool {
		return !isTargetAEABI(e.tt) && e.tt.ObjectFormat == "macho"
	},
	"!TT.isTargetAEABI()":  func(e libcallEnv) bool { return !isTargetAEABI(e.tt) },
	"hasAEABILibcalls(TT)": func(e libcallEnv) bool { return hasAEABILibcalls(e.tt) },
	"hasAEABILibcalls(TT) && isAAPCS_ABI(TT, ABIName)": func(e libcallEnv) bool {
		return hasAEABILibcalls(e.tt) && isAAPCS(e.tt)
	},
	"(!hasAEABILibcalls(TT) || !isAAPCS_ABI(TT, ABIName)) && !TT.isOSWindows()": func(e libcallEnv) bool {
		return (!hasAEABILibcalls(e.tt) || !isAAPCS(e.tt)) && !e.tt.IsOSWindows()
	},
	"TT.isTargetAEABI() && isAAPCS_ABI(TT, ABIName)": func(e libcallEnv) bool {
		return isTargetAEABI(e.tt) && isAAPCS(e.tt)
	},
	// EABIVersion is EABI::Default.
	"(EABIVersion == EABI::EABI4 || EABIVersion == EABI::EABI5) && hasAEABILibcalls(TT) && isAAPCS_ABI(TT, ABIName)": func(libcallEnv) bool { return false },
}

func hasAEABILibcalls(t ir.Triple) bool {
	if !t.IsOSDarwin() && !t.IsOSWindows() {
		switch t.Environment {
		case "gnueabi", "gnueabit64", "gnueabihf", "gnueabihft64", "musleabi", "musleabihf", "ohos":
			return true
		}
	}
	return isTargetAEABI(t) || t.OS == "fuchsia" || t.Environment == "android"
}

// isAAPCS is RuntimeLibcallsInfo::isAAPCS_ABI without an ABI name: the
// ABI ARM::computeDefaultTargetABI picks for the triple is a flavour of
// AAPCS ("aapcs", "aapcs-linux", "aapcs16"), not "apcs-gnu".
func isAAPCS(t ir.Triple) bool {
	if t.ObjectFormat == "macho" {
		return t.Environment == "eabi" || t.OS == "unknown" || t.IsARMMProfile() || t.SubArch == "v7k"
	}
	if t.IsOSWindows() {
		return true
	}
	switch t.Environment {
	case "android", "gnueabi", "gnueabit64", "gnueabihf", "gnueabihft64", "musleabi", "musleabihf", "ohos", "eabihf", "eabi":
		return true
	}
	return t.OS != "netbsd"
}
