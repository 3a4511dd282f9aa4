package ir

import (
	"crypto/md5"
	"encoding/binary"
)

// A Summary is a module summary index (the GLOBALVAL_SUMMARY_BLOCK of a
// module compiled for ThinLTO, or the FULL_LTO_GLOBALVAL_SUMMARY_BLOCK),
// as llvm-dis prints it after the module: "^N = ..." lines.
type Summary struct {
	// FullLTO is set when the summary came from a
	// FULL_LTO_GLOBALVAL_SUMMARY_BLOCK.
	FullLTO bool
	// Combined is set for a combined index (the thin link's, in a
	// .thinlto.bc file): its Modules are the modules it summarizes, in
	// path order, and an empty path is that of the regular LTO module.
	Combined bool
	// Version is the summary's FS_VERSION.
	Version uint64
	// Modules are the module paths; a per-module summary has one, whose
	// Path is empty (the printer uses the module's ID), a combined index
	// those of its MODULE_STRTAB_BLOCK.
	Modules []SummaryModule
	// Values are the value infos, in ascending GUID order.
	Values []*SummaryValue
	// TypeIDs are the FS_TYPE_ID entries, in ascending GUID order.
	TypeIDs []*SummaryTypeID
	// TypeIDCompatibleVTables are the FS_TYPE_ID_METADATA entries, in
	// ascending name order.
	TypeIDCompatibleVTables []*SummaryTypeIDVTables
	// Flags are the index-wide flags (FS_FLAGS); BlockCount is the total
	// of FS_BLOCK_COUNT records.
	Flags      uint64
	BlockCount uint64
	// StackIDs is the stack id table of the MemProf records (FS_STACK_IDS)
	// as read: the ids, in the producer's order, that the callsite and
	// allocation summaries name by index there. The summaries hold the ids
	// themselves (MIBInfo.StackIDs, CallsiteInfo.StackIDs); a writer keeps
	// this order, which the layout of its context radix tree follows. Nil
	// when the summary had none (then a writer makes one).
	StackIDs []uint64
	// The rest is what a combined index's writer needs to write it again
	// as it was written, which llvm-dis does not print.
	//
	// Order lists the summaries of a combined index in the order of
	// their records as read (LLVM's writer, for a distributed backend,
	// writes them in the hash order of its maps); nil when unknown, then
	// a writer writes them by GUID, as LLVM writes a whole index.
	Order []*GlobalSummary
	// CFIFunctionDefs and CFIFunctionDecls are the names of the
	// functions with CFI jump tables a combined index lists
	// (FS_CFI_FUNCTION_DEFS, FS_CFI_FUNCTION_DECLS), sorted, each once.
	CFIFunctionDefs, CFIFunctionDecls []string
	// AllocContexts is set when a combined index's allocation summaries
	// carry their contexts (FS_COMBINED_ALLOC_INFO, with a context radix
	// tree; LLVM 22 writes them with -combined-index-memprof-context),
	// rather than their allocation types alone
	// (FS_COMBINED_ALLOC_INFO_NO_CONTEXT).
	AllocContexts bool
	// NamedAnew is set when global values of the module had one name
	// and were made unique on reading ("f", "f.1", ...): the GUIDs the
	// summary lists are those of the names as they were, which a module
	// written back would not have.
	NamedAnew bool
}

// A SummaryModule is a module path entry: its path and hash.
type SummaryModule struct {
	Path string
	Hash [5]uint32
}

// A SummaryValue is the index's value info for one GUID: the global's
// name (empty when unknown) and its summaries.
type SummaryValue struct {
	GUID      uint64
	Name      string
	Summaries []*GlobalSummary
	// ValueID is the value ID a combined index names the value by
	// (FS_VALUE_GUID), 0 when it gives none.
	ValueID uint64
}

// A SummaryKind tells function, variable and alias summaries apart.
type SummaryKind uint8

// The summary kinds.
const (
	SummaryAlias SummaryKind = iota
	SummaryFunction
	SummaryVariable
)

// GVSummaryFlags are a summary's global value flags.
type GVSummaryFlags struct {
	Linkage               Linkage
	Visibility            Visibility
	NotEligibleToImport   bool
	Live                  bool
	DSOLocal              bool
	CanAutoHide           bool
	ImportTypeDeclaration bool // importType: declaration (else definition)
}

// A GlobalSummary is one summary of a value: a function, variable or alias.
type GlobalSummary struct {
	Kind SummaryKind
	// Module is the index in Summary.Modules.
	Module int
	Flags  GVSummaryFlags
	// Refs are the referenced values, as GUIDs, with their access kind.
	Refs []SummaryRef

	// Function summaries.
	Insts      uint64
	FuncFlags  FuncSummaryFlags
	Calls      []SummaryCall
	TypeIDInfo *TypeIDInfo
	Params     []ParamAccess
	// Allocs and Callsites are the MemProf summaries of the function's
	// profiled allocation calls and of its calls on profiled contexts.
	Allocs    []AllocInfo
	Callsites []CallsiteInfo

	// Variable summaries.
	VarFlags    VarSummaryFlags
	VTableFuncs []VTableFunc

	// Alias summaries: the aliasee's GUID; HasAliasee is false when the
	// aliasee is unknown (printed as null).
	Aliasee    uint64
	HasAliasee bool

	// OriginalName, when HasOriginalName is set, is the GUID of the
	// original name of a local value that a combined index written whole
	// gives after its summary (FS_COMBINED_ORIGINAL_NAME).
	OriginalName    uint64
	HasOriginalName bool
}

// A SummaryRef is a reference to a value; ReadOnly and WriteOnly mark the
// "readonly " and "writeonly " forms.
type SummaryRef struct {
	GUID      uint64
	ReadOnly  bool
	WriteOnly bool
}

// FuncSummaryFlags are a function summary's funcFlags.
type FuncSummaryFlags struct {
	ReadNone, ReadOnly, NoRecurse, ReturnDoesNotAlias, NoInline,
	AlwaysInline, NoUnwind, MayThrow, HasUnknownCall, MustBeUnreachable bool
}

// Any reports whether some flag is set (funcFlags is printed only then).
func (f FuncSummaryFlags) Any() bool {
	return f.ReadNone || f.ReadOnly || f.NoRecurse || f.ReturnDoesNotAlias ||
		f.NoInline || f.AlwaysInline || f.NoUnwind || f.MayThrow ||
		f.HasUnknownCall || f.MustBeUnreachable
}

// A SummaryCall is a call edge: the callee's GUID, its hotness (0 unknown,
// 1 cold, 2 none, 3 hot, 4 critical), its block frequency relative to the
// caller's entry (RelBF, in 1/256ths; 0 when unknown, and only in older
// producers' FS_PERMODULE_RELBF records) and whether it is a tail call.
type SummaryCall struct {
	Callee  uint64
	Hotness uint8
	RelBF   uint32
	Tail    bool
}

// The MemProf allocation types of AllocInfo.Versions and MIBInfo.AllocType
// (llvm::AllocationType).
const (
	AllocNone    uint8 = 0
	AllocNotCold uint8 = 1
	AllocCold    uint8 = 2
	AllocHot     uint8 = 4
)

// An AllocInfo is the MemProf summary of one allocation call: the
// allocation type of each version of the function (one, AllocNone, before
// the thin link clones it) and the profiled contexts that reach the call
// (MIBs).
type AllocInfo struct {
	Versions []uint8
	MIBs     []MIBInfo
	// ContextSizes, when the producer recorded them
	// (-memprof-report-hinted-sizes), are the total sizes allocated by the
	// full contexts behind each MIB, one list per MIB. llvm-dis does not
	// print them.
	ContextSizes [][]ContextTotalSize
}

// A MIBInfo is one profiled context of an allocation: its allocation type
// and its stack ids, the allocation's caller first.
type MIBInfo struct {
	AllocType uint8
	StackIDs  []uint64
}

// A ContextTotalSize is the total size allocated on one full profiled
// context, given by its id.
type ContextTotalSize struct {
	FullStackID uint64
	TotalSize   uint64
}

// A CallsiteInfo is the MemProf summary of a call on profiled contexts: its
// callee (HasCallee is false for a callee a combined index does not know,
// printed as null), the callee version each version of the function calls
// (one, 0, before the thin link clones it) and the stack ids of the call,
// its own first.
type CallsiteInfo struct {
	Callee    uint64
	HasCallee bool
	Clones    []uint32
	StackIDs  []uint64
}

// VarSummaryFlags are a variable summary's varFlags.
type VarSummaryFlags struct {
	ReadOnly, WriteOnly, Constant bool
	VCallVisibility               uint8
}

// A VTableFunc is a virtual function in a vtable: its GUID and offset.
type VTableFunc struct {
	Func   uint64
	Offset uint64
}

// A VFuncID is a virtual call's type id GUID and offset.
type VFuncID struct {
	GUID   uint64
	Offset uint64
}

// A ConstVCall is a virtual call with constant arguments.
type ConstVCall struct {
	VFunc VFuncID
	Args  []uint64
}

// TypeIDInfo lists a function's type tests and virtual calls.
type TypeIDInfo struct {
	TypeTests                  []uint64
	TypeTestAssumeVCalls       []VFuncID
	TypeCheckedLoadVCalls      []VFuncID
	TypeTestAssumeConstVCalls  []ConstVCall
	TypeCheckedLoadConstVCalls []ConstVCall
}

// A ParamAccess is the accessed offset range of a parameter ([Lo, Hi] as
// printed: the signed minimum and maximum of the range, [0, -1] for the
// empty one) and the calls it is passed to.
type ParamAccess struct {
	Param  uint64
	Lo, Hi int64
	Calls  []ParamCall
}

// A ParamCall is a call a parameter is passed to.
type ParamCall struct {
	Param  uint64
	Callee uint64
	Lo, Hi int64
}

// A SummaryTypeID is a type identifier's resolution (FS_TYPE_ID).
type SummaryTypeID struct {
	GUID uint64
	Name string
	// TTRes fields.
	Kind           uint8
	SizeM1BitWidth uint64
	AlignLog2      uint64
	SizeM1         uint64
	BitMask        uint64
	InlineBits     uint64
	WPDRes         []WPDResolution
}

// A WPDResolution is a whole-program devirtualization resolution at an
// offset.
type WPDResolution struct {
	Offset         uint64
	Kind           uint8
	SingleImplName string
	ResByArg       []WPDByArg
}

// A WPDByArg is a resolution for one list of constant arguments.
type WPDByArg struct {
	Args      []uint64
	Kind      uint8
	Info      uint64
	Byte, Bit uint64
}

// SummaryTypeIDVTables is a type id's compatible vtables
// (FS_TYPE_ID_METADATA).
type SummaryTypeIDVTables struct {
	Name    string
	VTables []VTableOffset
}

// A VTableOffset is an address point offset in a vtable (given by GUID).
type VTableOffset struct {
	Offset uint64
	VTable uint64
}

// GUID returns LLVM's GUID of a global value named name with the given
// linkage in a module whose source_filename is srcFile
// (GlobalValue::getGUID of getGlobalIdentifier): the low 64 bits of the
// MD5 of the name, prefixed with "srcFile;" for local linkage.
func GUID(name string, linkage Linkage, srcFile string) uint64 {
	if len(name) > 0 && name[0] == 1 {
		name = name[1:]
	}
	// The bytes hashed are gathered on the stack when they fit.
	var buf [512]byte
	b := buf[:0]
	if linkage == InternalLinkage || linkage == PrivateLinkage {
		if srcFile == "" {
			srcFile = "<unknown>"
		}
		b = append(append(b, srcFile...), ';')
	}
	b = append(b, name...)
	h := md5.Sum(b)
	return binary.LittleEndian.Uint64(h[:8])
}
