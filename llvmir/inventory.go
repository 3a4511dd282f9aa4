package llvmir

import (
	"fmt"
	"strings"

	"github.com/bcextract/bcextract/wrapper"
)

// A File is the inventory of one bitcode file: the modules it holds and the
// IR symbol table they share. It is what [ReadFile] returns.
type File struct {
	// Wrapper is the wrapper header, nil for a raw bitstream.
	Wrapper *wrapper.Header
	// Modules are the file's modules in order (several after llvm-cat or
	// in a split ThinLTO unit).
	Modules []Module
	// Symtab is the IR symbol table of the first SYMTAB block, nil when
	// the file has none.
	Symtab *Symtab
	// Notes say what the reader did not understand and skipped: blocks
	// and records from a newer LLVM, an unknown epoch.
	Notes []string
}

// A Module is the inventory of one module.
type Module struct {
	// Off is the byte offset, in the data given to ReadFile, of the
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
	Globals []Global
	// Summary says which summary the module carries.
	Summary Summary
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
func (m *Module) HashString() string {
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
	Function
	Alias
	IFunc
)

var globalKindNames = [...]string{"variable", "function", "alias", "ifunc"}

// String returns "variable", "function", "alias" or "ifunc".
func (k GlobalKind) String() string {
	if int(k) < len(globalKindNames) {
		return globalKindNames[k]
	}
	return fmt.Sprintf("GlobalKind(%d)", uint8(k))
}

// A Linkage is a global value's linkage type, decoded from its bitcode
// encoding (obsolete encodings map to their modern equivalent, as LLVM's
// reader maps them).
type Linkage uint8

// Linkage types, spelled as in LLVM's assembly.
const (
	ExternalLinkage Linkage = iota
	AvailableExternallyLinkage
	LinkOnceAnyLinkage
	LinkOnceODRLinkage
	WeakAnyLinkage
	WeakODRLinkage
	AppendingLinkage
	InternalLinkage
	PrivateLinkage
	ExternalWeakLinkage
	CommonLinkage
)

var linkageNames = [...]string{
	"external", "available_externally", "linkonce", "linkonce_odr", "weak",
	"weak_odr", "appending", "internal", "private", "extern_weak", "common",
}

// String returns the linkage's LLVM assembly keyword ("external" for the
// default).
func (l Linkage) String() string {
	if int(l) < len(linkageNames) {
		return linkageNames[l]
	}
	return fmt.Sprintf("Linkage(%d)", uint8(l))
}

// IsLocal reports internal and private linkage.
func (l Linkage) IsLocal() bool { return l == InternalLinkage || l == PrivateLinkage }

// isWeak reports linkages the linker may override or drop:
// linkonce, weak (any and ODR), extern_weak.
func (l Linkage) isWeak() bool {
	switch l {
	case LinkOnceAnyLinkage, LinkOnceODRLinkage, WeakAnyLinkage, WeakODRLinkage, ExternalWeakLinkage:
		return true
	}
	return false
}

// decodeLinkage maps a bitcode linkage code to a Linkage, as LLVM's
// getDecodedLinkage does (unknown codes are external).
func decodeLinkage(v uint64) (l Linkage, dll DLLStorage) {
	switch v {
	case 0, 15:
		return ExternalLinkage, 0
	case 5:
		return ExternalLinkage, DLLImport
	case 6:
		return ExternalLinkage, DLLExport
	case 2:
		return AppendingLinkage, 0
	case 3:
		return InternalLinkage, 0
	case 7:
		return ExternalWeakLinkage, 0
	case 8:
		return CommonLinkage, 0
	case 9, 13, 14:
		return PrivateLinkage, 0
	case 12:
		return AvailableExternallyLinkage, 0
	case 1, 16:
		return WeakAnyLinkage, 0
	case 10, 17:
		return WeakODRLinkage, 0
	case 4, 18:
		return LinkOnceAnyLinkage, 0
	case 11, 19:
		return LinkOnceODRLinkage, 0
	}
	return ExternalLinkage, 0
}

// A Visibility is a global value's visibility.
type Visibility uint8

// Visibilities.
const (
	DefaultVisibility Visibility = iota
	HiddenVisibility
	ProtectedVisibility
)

// String returns "default", "hidden" or "protected".
func (v Visibility) String() string {
	switch v {
	case DefaultVisibility:
		return "default"
	case HiddenVisibility:
		return "hidden"
	case ProtectedVisibility:
		return "protected"
	}
	return fmt.Sprintf("Visibility(%d)", uint8(v))
}

// A DLLStorage is a global value's DLL storage class.
type DLLStorage uint8

// DLL storage classes.
const (
	DLLDefault DLLStorage = iota
	DLLImport
	DLLExport
)

// String returns "default", "dllimport" or "dllexport".
func (d DLLStorage) String() string {
	switch d {
	case DLLDefault:
		return "default"
	case DLLImport:
		return "dllimport"
	case DLLExport:
		return "dllexport"
	}
	return fmt.Sprintf("DLLStorage(%d)", uint8(d))
}

// A ThreadLocalMode is a global variable's thread-local storage model; 0
// means not thread-local.
type ThreadLocalMode uint8

var tlsNames = [...]string{"", "thread_local", "thread_local(localdynamic)", "thread_local(initialexec)", "thread_local(localexec)"}

// String returns the mode as LLVM assembly writes it, "" when not
// thread-local.
func (t ThreadLocalMode) String() string {
	if int(t) < len(tlsNames) {
		return tlsNames[t]
	}
	return fmt.Sprintf("ThreadLocalMode(%d)", uint8(t))
}

// A Global is one global value of a module.
type Global struct {
	Kind GlobalKind
	// Name is the value's IR name, without any mangling prefix; "" for an
	// unnamed value.
	Name       string
	Linkage    Linkage
	Visibility Visibility
	DLLStorage DLLStorage
	// Defined is false for declarations: functions without a body and
	// variables without an initializer. Aliases and ifuncs are always
	// defined.
	Defined     bool
	ThreadLocal ThreadLocalMode
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
func (g *Global) DeclarationForLinker() bool {
	return !g.Defined || g.Linkage == AvailableExternallyLinkage
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

// A Summary describes a module's summary block.
type Summary struct {
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
	// Language is the DW_LANG code; see [LanguageName].
	Language uint64
	// Producer is the compiler's identification ("clang version 22...").
	Producer string
	// File and Directory are the DIFile the unit names.
	File, Directory string
	Optimized       bool
	// SysRoot and SDK are the -isysroot and SDK names (Apple), "" if none.
	SysRoot, SDK string
}
