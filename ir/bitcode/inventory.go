package bitcode

import (
	"fmt"
	"strings"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/wrapper"
)

// An Inventory is what one bitcode file says about its modules: the modules it holds and the
// IR symbol table they share. It is what [ReadInventory] returns.
type Inventory struct {
	// Wrapper is the wrapper header, nil for a raw bitstream.
	Wrapper *wrapper.Header
	// Modules are the file's modules in order (several after llvm-cat or
	// in a split ThinLTO unit).
	Modules []ModuleInfo
	// Symtab is the IR symbol table of the first SYMTAB block, nil when
	// the file has none.
	Symtab *Symtab
	// Notes say what the reader did not understand and skipped: blocks
	// and records from a newer LLVM, an unknown epoch.
	Notes []string
}

// A ModuleInfo is the inventory of one module.
type ModuleInfo struct {
	// Off is the byte offset, in the data given to ReadInventory, of the
	// module's IDENTIFICATION block (or of its MODULE block if it has
	// none).
	Off int64
	// Producer is the IDENTIFICATION block's producer string ("LLVM22.1.8"),
	// "" if the module has none; Epoch is its epoch.
	Producer string
	Epoch    uint64
	// Version is the MODULE block's VERSION record: 2 means global names
	// live in the STRTAB, lower versions name them in a value symbol table.
	Version uint64
	// Triple, DataLayout and SourceFileName are the module's target
	// triple, data layout and source_filename, "" when absent.
	Triple, DataLayout, SourceFileName string
	// Hash is the module hash (HASH record, five 32-bit words of a SHA-1),
	// nil when absent.
	Hash []uint32
	// AsmSize is the size of the module-level inline assembly in bytes.
	AsmSize int
	// Globals are the module's global values in record order: global
	// variables, functions, aliases and ifuncs.
	Globals []GlobalInfo
	// Summary says which summary the module carries.
	Summary SummaryInfo
	// Idents are the strings of the llvm.ident named metadata.
	Idents []string
	// CompileUnits are the module's debug-info compile units.
	CompileUnits []CompileUnit

	strtab     string   // the STRTAB blob that names the globals
	hasStrtab  bool     // strtab was given, even if empty
	nameRefs   []uint64 // per global: strtab offset<<32 | size
	aliasBases []uint64 // per alias or ifunc: its global index<<32 | aliasee value ID
}

// HashString returns the module hash as 40 hexadecimal digits, each word written
// big-endian, or "" when the module has no hash.
func (m *ModuleInfo) HashString() string {
	var b strings.Builder
	for _, w := range m.Hash {
		fmt.Fprintf(&b, "%08x", w)
	}
	return b.String()
}

// A GlobalKind says what a global value is.
type GlobalKind uint8

// Kinds of global values.
const (
	GlobalVariable GlobalKind = iota
	GlobalFunction
	GlobalAlias
	GlobalIFunc
)

var globalKindNames = [...]string{"variable", "function", "alias", "ifunc"}

// String returns "variable", "function", "alias" or "ifunc".
func (k GlobalKind) String() string {
	if int(k) < len(globalKindNames) {
		return globalKindNames[k]
	}
	return fmt.Sprintf("GlobalKind(%d)", uint8(k))
}

// A GlobalInfo is one global value of a module.
type GlobalInfo struct {
	Kind GlobalKind
	// Name is the value's IR name, without any mangling prefix; "" for an
	// unnamed value.
	Name       string
	Linkage    ir.Linkage
	Visibility ir.Visibility
	DLLStorage ir.DLLStorage
	// Defined is false for declarations: functions without a body and
	// variables without an initializer. Aliases and ifuncs are always
	// defined.
	Defined     bool
	ThreadLocal ir.ThreadLocalMode
	// Constant marks a constant global variable.
	Constant bool
	// Section is the explicit section, "" for none.
	Section string
	// Executable reports a function, an ifunc, or an alias whose aliasee
	// resolves to one.
	Executable bool
	// CallingConv is a function's calling convention number (0 is C).
	CallingConv uint64
}

// DeclarationForLinker reports a global the linker must find elsewhere: a
// declaration, or an available_externally definition.
func (g *GlobalInfo) DeclarationForLinker() bool {
	return !g.Defined || g.Linkage == ir.AvailableExternallyLinkage
}

// A SummaryKind says which module summary a module carries.
type SummaryKind uint8

// Summary kinds.
const (
	NoSummary      SummaryKind = iota
	ThinLTOSummary             // GLOBALVAL_SUMMARY_BLOCK
	FullLTOSummary             // FULL_LTO_GLOBALVAL_SUMMARY_BLOCK
)

// String returns "none", "thinlto" or "full-lto".
func (k SummaryKind) String() string {
	switch k {
	case NoSummary:
		return "none"
	case ThinLTOSummary:
		return "thinlto"
	case FullLTOSummary:
		return "full-lto"
	}
	return fmt.Sprintf("SummaryKind(%d)", uint8(k))
}

// A SummaryInfo describes a module's summary block.
type SummaryInfo struct {
	Kind SummaryKind
	// Version is the summary's VERSION record (12 in LLVM 22).
	Version uint64
	// Flags is the summary's FLAGS record.
	Flags SummaryFlags
}

// SummaryFlags are the flags of a module summary (FLAGS record).
type SummaryFlags uint64

var summaryFlagNames = []struct {
	bit  SummaryFlags
	name string
}{
	{0x1, "dead-stripping"},
	{0x2, "skip-module-by-distributed-backend"},
	{0x4, "synthetic-entry-counts"},
	{0x8, "enable-split-lto-unit"},
	{0x10, "partially-split-lto-units"},
	{0x20, "attribute-propagation"},
	{0x40, "dso-local-propagation"},
	{0x80, "whole-program-visibility"},
	{0x100, "supports-hot-cold-new"},
	{0x200, "unified-lto"},
	{0x400, "internalize-and-promote"},
}

// Names returns the names of the flags set, unknown bits as hexadecimal.
func (f SummaryFlags) Names() []string {
	names := []string{}
	for _, n := range summaryFlagNames {
		if f&n.bit != 0 {
			names = append(names, n.name)
			f &^= n.bit
		}
	}
	if f != 0 {
		names = append(names, fmt.Sprintf("0x%x", uint64(f)))
	}
	return names
}

// A CompileUnit is the part of a DICompileUnit that says who compiled what.
type CompileUnit struct {
	// Language is the DW_LANG code; see [llvmir.LanguageName].
	Language uint64
	// Producer is the compiler's identification ("clang version 22...").
	Producer string
	// File and Directory are the DIFile the unit names.
	File, Directory string
	Optimized       bool
	// SysRoot and SDK are the -isysroot and SDK names (Apple), "" if none.
	SysRoot, SDK string
}
