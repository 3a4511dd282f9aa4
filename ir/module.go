package ir

// A Module is an LLVM IR module.
type Module struct {
	// SourceFilename is source_filename; DataLayout and Triple are the
	// target datalayout and triple strings, as the reader upgrades them.
	SourceFilename string
	DataLayout     string
	Triple         string
	// NoSourceFilename is set by the reader when the module has no
	// source_filename record (an empty record is one): LLVM then takes the
	// module identifier, the path it read the module from, for it.
	NoSourceFilename bool
	// Asm is the module-level inline assembly, one string per line.
	Asm []string
	// AsmSymbols are the symbols LLVM 22's assembler parser finds in Asm,
	// in the order of the IR symbol table, when they are known: a reader
	// takes them from the symbol table LLVM 22 wrote beside the module. A
	// writer needs them to write that table, and parses no assembly: a
	// caller that changes Asm sets them anew, or to nil (unknown).
	AsmSymbols []AsmSymbol

	// Types are the module's identified struct types, in the order of the
	// module's type table.
	Types []*Type

	Comdats   []*Comdat
	Globals   []*GlobalVar
	Functions []*Function
	Aliases   []*Alias
	IFuncs    []*IFunc

	// NamedMetadata are the module's named metadata (!llvm.module.flags =
	// !{...}), in the order of the bitcode.
	NamedMetadata []*NamedMetadata

	// Summary is the module summary index (ThinLTO or full LTO), nil when
	// the module has none.
	Summary *Summary

	// Producer is what the bitcode the module was read from named as its
	// producer (its IDENTIFICATION block, "LLVM22.1.8"), "" when it named
	// none or the module was not read from bitcode.
	Producer string

	// MetadataKinds are the names of the metadata kinds the module
	// registers beyond LLVM 22's fixed ones (llvmir.NumFixedMetadataKinds),
	// in the order of their IDs: a bitcode file's METADATA_KIND block
	// registers them, even those nothing uses, and a writer writes them
	// all, as LLVM's writes every kind its context knows.
	MetadataKinds []string
	// LateMetadataKinds are kinds LLVM's reader registers once it has
	// read every body, after those the bodies register: "heapallocsite"
	// when it strips the debug info of a module (StripDebugInfo clears
	// that attachment by name on every instruction with attachments), as
	// a reader that did so met such an instruction. A writer lists them
	// after the others, unless MetadataKinds has them.
	LateMetadataKinds []string

	// SyncScopes are the synchronization scope names the module
	// registers beyond LLVM's fixed ones (llvmir.FixedSyncScopes), in
	// the order its bitcode listed them; BundleTags likewise the operand
	// bundle tags beyond llvmir.FixedOperandBundleTags. A writer writes
	// them all, as LLVM's writes every scope and tag its context knows,
	// used or not.
	SyncScopes []string
	BundleTags []string

	// UseListOrders are the orders of the uses of global values and
	// constants that the bitcode recorded (its module-level USELIST
	// block), in its order. LLVM's reader applies them and its writer,
	// which writes what it finds in memory, writes them again: a writer
	// of an unchanged module writes them as they are. Printing ignores
	// them.
	UseListOrders []UseListOrder
}

// A UseListOrder says in which order the uses of Value are kept: Shuffle
// gives, for each use in the order a reader creates them, its place in
// the order wanted (LLVM's USELIST_CODE_DEFAULT record).
type UseListOrder struct {
	Value   Value
	Shuffle []uint64
}

// A Linkage is a global value's linkage type, in LLVM's in-memory order.
type Linkage uint8

// The linkage types.
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

var linkageNames = [...]string{"external", "available_externally", "linkonce", "linkonce_odr", "weak", "weak_odr", "appending", "internal", "private", "extern_weak", "common"}

// String returns the linkage's keyword in LLVM assembly ("external" for
// ExternalLinkage, which a printer omits).
func (l Linkage) String() string {
	if int(l) < len(linkageNames) {
		return linkageNames[l]
	}
	return "linkage?"
}

// IsLocal reports whether l is internal or private.
func (l Linkage) IsLocal() bool { return l == InternalLinkage || l == PrivateLinkage }

// A Visibility is a global value's visibility.
type Visibility uint8

// The visibilities.
const (
	DefaultVisibility Visibility = iota
	HiddenVisibility
	ProtectedVisibility
)

// A DLLStorage is a global value's DLL storage class.
type DLLStorage uint8

// The DLL storage classes.
const (
	DefaultStorage DLLStorage = iota
	DLLImport
	DLLExport
)

// A ThreadLocalMode is the thread-local storage model of a global.
type ThreadLocalMode uint8

// The thread-local modes.
const (
	NotThreadLocal ThreadLocalMode = iota
	GeneralDynamicTLS
	LocalDynamicTLS
	InitialExecTLS
	LocalExecTLS
)

// An UnnamedAddr says whether a global's address is significant.
type UnnamedAddr uint8

// The unnamed_addr kinds.
const (
	NoUnnamedAddr UnnamedAddr = iota
	LocalUnnamedAddr
	GlobalUnnamedAddr
)

// A CodeModel is a global variable's code_model, 0 when it has none.
type CodeModel uint8

// The code models.
const (
	NoCodeModel CodeModel = iota
	TinyCodeModel
	SmallCodeModel
	KernelCodeModel
	MediumCodeModel
	LargeCodeModel
)

// A GlobalHeader holds what every global value has.
type GlobalHeader struct {
	// Name is the global's name without "@"; empty for an unnamed
	// global, which prints as @N.
	Name string
	// Typ is the global's own type: a pointer in its address space.
	Typ *Type
	// ValueType is the type of what it points to: the variable's type,
	// the function's type, the aliasee's value type.
	ValueType   *Type
	Linkage     Linkage
	Visibility  Visibility
	DLLStorage  DLLStorage
	ThreadLocal ThreadLocalMode
	UnnamedAddr UnnamedAddr
	DSOLocal    bool
	Partition   string
}

// A Comdat is a COMDAT group: $Name = comdat Selection.
type Comdat struct {
	Name      string
	Selection ComdatSelection
}

// A ComdatSelection is a comdat's selection kind.
type ComdatSelection uint8

// The comdat selection kinds.
const (
	ComdatAny ComdatSelection = iota
	ComdatExactMatch
	ComdatLargest
	ComdatNoDeduplicate
	ComdatSameSize
)

var comdatSelectionNames = [...]string{"any", "exactmatch", "largest", "nodeduplicate", "samesize"}

// String returns the selection kind's keyword in LLVM assembly ("any",
// "exactmatch", ...).
func (s ComdatSelection) String() string {
	if int(s) < len(comdatSelectionNames) {
		return comdatSelectionNames[s]
	}
	return "comdat?"
}

// SanitizerMetadata are a global variable's sanitizer flags.
type SanitizerMetadata struct {
	NoAddress, NoHWAddress, Memtag, IsDynInit bool
}

// A GlobalVar is a global variable.
type GlobalVar struct {
	GlobalHeader
	// Init is the initializer, nil for a declaration.
	Init                  Constant
	Constant              bool
	ExternallyInitialized bool
	Section               string
	Comdat                *Comdat
	Align                 uint64 // in bytes; 0 when not given
	Attrs                 AttrSet
	Sanitizer             SanitizerMetadata
	CodeModel             CodeModel
	Metadata              []Attachment
}

// A Function is a function declaration or definition.
type Function struct {
	GlobalHeader
	// Sig is the function type (the same as ValueType).
	Sig      *Type
	CallConv CallingConv
	Attrs    AttrList
	Align    uint64 // in bytes; 0 when not given
	// PrefAlign is the preferred alignment (prefalign), 0 when not given.
	PrefAlign   uint64
	Section     string
	Comdat      *Comdat
	GC          string
	Prefix      Constant // nil when absent
	Prologue    Constant
	Personality Constant
	// HasBody says the function is a definition. Its Params and Blocks
	// are nil until its body is loaded (see BodyLoader).
	HasBody  bool
	Params   []*Argument
	Blocks   []*Block
	Metadata []Attachment
	// UseListOrders are the use-list orders the body's USELIST block
	// recorded, in its order: of values (arguments, constants,
	// instructions, global values) and of blocks (whose order is also in
	// their Preds). Loaded and released with the body; see
	// Module.UseListOrders.
	UseListOrders []UseListOrder
	// Names are the names the body's value symbol table took and let go
	// of, in that order, as the reader that loaded the body met them:
	// LLVM keeps a function's names in a hash table whose layout depends
	// on the order they were added and removed (a removed name leaves a
	// tombstone a later one may take), and writes them in that layout.
	// Nil when the body's history is not known (the names are then taken
	// in the order of the body). Loaded and released with the body.
	Names []NameEvent
}

// A NameEvent is a name a function's value symbol table took or, when
// Gone, let go of. A name taken again after it is let go is taken anew;
// a value that takes another's name (LLVM's Value::takeName) is no event.
type NameEvent struct {
	Name string
	Gone bool
}

// An Alias is a global alias.
type Alias struct {
	GlobalHeader
	Aliasee Constant
}

// An IFunc is an indirect function.
type IFunc struct {
	GlobalHeader
	Resolver Constant
}

// An Argument is a function's formal parameter.
type Argument struct {
	Typ  *Type
	Name string // without "%"; empty when unnamed
}

// A Block is a basic block.
type Block struct {
	Name   string // without "%"; empty when unnamed
	Instrs []*Instruction
	// Preds are the predecessors: the blocks whose terminators branch
	// here, once per use, in the block's use-list order (as LLVM's
	// predecessors() iterates them).
	Preds []*Block
	// Added says the reader made the block, which the bitcode does not
	// declare: LLVM 22's reader puts the instructions of a phi's incoming
	// value that is a constant expression it no longer has in a block of
	// their own on the edge (phi.constexpr). [BlockAddress].Block does not
	// count such blocks.
	Added bool
}

// A BodyLoader loads function bodies one at a time. LoadBody fills in
// f.Params and f.Blocks; a printer calls it just before printing f and may
// then set f.Params and f.Blocks to nil to free them, or, when the loader
// is a BodyReleaser, release the body.
type BodyLoader interface {
	LoadBody(f *Function) error
}

// A BodyReleaser is a BodyLoader that takes back the memory of a body it
// loaded once its user is done with it, to load the next bodies into (as
// package ir/bitcode's Reader.ReleaseBody does). ReleaseBody makes f
// bodiless again, as before LoadBody: f.Params and f.Blocks nil and
// f.Metadata without the body's attachments. The caller must hold no
// pointer into the body any more; other bodies loaded meanwhile are left
// alone.
type BodyReleaser interface {
	BodyLoader
	ReleaseBody(f *Function)
}

// A BodyUpgrader is a BodyLoader that says whether loading a body may
// upgrade it with what the module level holds, or change the module
// level (as package ir/bitcode's Reader does for old producers: calls of
// old intrinsics rewritten, looking at the declarations and the types of
// the operands). A caller that changes the module level between loads
// (a writer typing the module's pointers for an older reader) loads
// every body before it does when the loader may.
type BodyUpgrader interface {
	BodyLoader
	UpgradesBodies() bool
}

func (g *GlobalVar) Type() *Type { return g.Typ }
func (f *Function) Type() *Type  { return f.Typ }
func (a *Alias) Type() *Type     { return a.Typ }
func (i *IFunc) Type() *Type     { return i.Typ }
func (a *Argument) Type() *Type  { return a.Typ }

// Type returns the label type shared by all blocks.
func (b *Block) Type() *Type { return LabelTy }

// LabelTy is the label type of every [Block].
var LabelTy = &Type{Kind: LabelType}

func (*GlobalVar) isValue() {}
func (*Function) isValue()  {}
func (*Alias) isValue()     {}
func (*IFunc) isValue()     {}
func (*Argument) isValue()  {}
func (*Block) isValue()     {}

func (*GlobalVar) isConstant() {}
func (*Function) isConstant()  {}
func (*Alias) isConstant()     {}
func (*IFunc) isConstant()     {}

// A CallingConv is a calling convention, in LLVM's numbering (0 is ccc).
type CallingConv uint32

// CallX86Intr is x86_intrcc, whose first parameter LLVM 22 gives a byval
// attribute when old bitcode left it out.
const CallX86Intr CallingConv = 83

// ModuleFlagInt returns the value of module flag key (an entry {behavior,
// !"key", value} of !llvm.module.flags) when it is an integer of at most
// 64 bits; ok is false when the module has no such flag or its value is
// not such an integer.
func (m *Module) ModuleFlagInt(key string) (v int64, ok bool) {
	for _, nmd := range m.NamedMetadata {
		if nmd == nil || nmd.Name != "llvm.module.flags" {
			continue
		}
		for _, op := range nmd.Ops {
			t, isTuple := op.(*MDTuple)
			if !isTuple || len(t.Ops) < 3 {
				continue
			}
			if s, isStr := t.Ops[1].(*MDString); !isStr || s.Value != key {
				continue
			}
			if vm, isVal := t.Ops[2].(*ValueAsMetadata); isVal {
				if c, isInt := vm.Value.(*ConstInt); isInt && c.Big == nil {
					return c.V, true
				}
			}
			return 0, false
		}
	}
	return 0, false
}

// An AsmSymbol is a symbol of a module's inline assembly as LLVM's IR
// symbol table has it: a label defined, or a name declared (.globl,
// .weak) or used and not defined (Undefined). Global is set for a global
// or weak one.
type AsmSymbol struct {
	Name                    string
	Undefined, Weak, Global bool
}
