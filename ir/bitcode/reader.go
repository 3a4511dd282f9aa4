package bitcode

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/internal/faults"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
	"github.com/bcextract/bcextract/wrapper"
)

// An Error is a malformed module. Bit is the bit offset, from the start of
// the data given to [Open] (a wrapper header included), where the problem
// was found; Err, when set, is the cause (a *bitstream.FormatError, for
// example).
type Error struct {
	Bit uint64
	Msg string
	Err error
}

// Error returns "MSG at bit N (byte 0xB)".
func (e *Error) Error() string {
	return fmt.Sprintf("%s at bit %d (byte 0x%x)", e.Msg, e.Bit, e.Bit/8)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// A Skip is something the reader read past because LLVM 22 does not know
// it: an unknown record code, attribute kind, field or block. Bit is its
// bit offset from the start of the data given to [Open].
type Skip struct {
	Bit uint64
	Msg string
}

// ErrNotBitcode is returned by [Open] for data that is neither a raw
// bitcode stream nor a wrapped one.
var ErrNotBitcode = errors.New("not LLVM IR bitcode")

// A File is the top level of a bitcode file: its modules and the string
// table they share.
type File struct {
	// Modules has one Reader per MODULE_BLOCK, in file order.
	Modules []*Reader
	// Producers has, per module, the producer string of the
	// IDENTIFICATION block before it ("" when none).
	Producers []string
}

// maxSkips caps the Skip list of one module.
const maxSkips = 64

// Options choose what the Readers of a file read and how they keep it.
// The zero value reads everything and copies what it keeps.
type Options struct {
	// DropDebugInfo leaves debug info out. Function bodies get no !dbg
	// locations and no debug records, and the debug-info nodes of a
	// function's own metadata that describe its body (DILocation,
	// DILexicalBlock, DILocalVariable, DIExpression, DILabel,
	// DIAssignID) are read past: each use of one is the same shared
	// node, an [ir.SpecializedNode] of Kind "DIDropped", which the
	// caller must not change. The module's own debug-info nodes are
	// dropped too, all but its DISubprograms and DIFiles: a function's
	// DISubprogram is still there, with its file and its line as its
	// only fields. It is for callers that do not print the module
	// (counting, hashing, call graphs, none of which looks at debug
	// info): a body with debug info then loads in about half the time
	// and memory.
	DropDebugInfo bool
	// DropNamedMetadata leaves out the module's named metadata
	// (!llvm.module.flags, !llvm.ident, ...: Module's NamedMetadata is
	// empty), and the module-level metadata nodes that only they use: the
	// module's tuples are made only once an attachment, an instruction or
	// a node made refers to them (in a module with typed pointers, whose
	// tuples may be merged once read, they are all made). It is for
	// callers that look at functions and globals only (funcs, callgraph
	// and diff), on modules whose metadata can be large.
	DropNamedMetadata bool
	// DropSummary leaves the module summary index unread (Module.Summary
	// nil), for callers that do not use it.
	DropSummary bool
	// ShareStrings makes the metadata strings (the Value of each
	// [ir.MDString]) and the names the string table gives global values
	// point into the data given to Open rather than be copies of its
	// bytes: the caller must then keep that data unchanged, and mapped,
	// for as long as it uses the module. It is for callers that print
	// the module and drop it (the strings of debug info are most of a
	// module's metadata).
	ShareStrings bool
	// ReuseBodies makes each LoadBody release the body loaded before it,
	// as [Reader.ReleaseBody] does, even if the caller has set its Blocks
	// to nil: the caller must then no longer use that body. It is for
	// callers that look at one body at a time and drop it (counting,
	// hashing, call graphs): it saves allocating and collecting every
	// instruction of every body.
	ReuseBodies bool
	// DebugTypeODRUniquing reads as a tool whose LLVM context uniques
	// debug types by their ODR identifier (opt-22's and llvm-link-22's
	// do, llvm-dis-22's does not): LLVM's verifier then leaves out its
	// check that every DICompileUnit it meets is listed in
	// !llvm.dbg.cu, so a module failing it keeps its debug info.
	DebugTypeODRUniquing bool
	// Reread says the caller reads the module again when a body shows
	// part of it invalid that LLVM 22 drops from the whole module (see
	// Strip): LoadBody then returns a *RereadError, and Reader.Reread
	// gives the Reader to read it with. Without it such a body is
	// reported in Skipped.
	Reread bool
	// LinkerTBAA reads !tbaa tags as llvm-link-22 takes them: a tag
	// LLVM's TBAA verifier rejects is read as it is, not reported, for
	// the caller to check as it takes the bodies (ir.ValidTBAATag):
	// llvm-link-22 drops the !tbaa of the body that shows one and of the
	// bodies of its module it links after (ir/link does).
	LinkerTBAA bool
}

// Open reads the top level of a bitcode file, raw or with the wrapper
// header, with the zero Options: see [Options.Open].
func Open(data []byte) (*File, error) { return Options{}.Open(data) }

// Open reads the top level of a bitcode file, raw or with the wrapper
// header: its modules and the string table they share. It decodes no
// module yet; each module's Reader reads as o says.
func (o Options) Open(data []byte) (*File, error) {
	if n := len(data); n%4 != 0 && (wrapper.IsWrapper(data) || wrapper.IsRaw(data)) {
		// llvm-dis-22: "Invalid bitcode signature"; at the end of the data,
		// as every error of data cut short.
		return nil, &Error{Bit: uint64(n) * 8, Msg: fmt.Sprintf("bitcode length %d is not a multiple of 4 bytes (%d bytes after byte 0x%x)", n, n%4, n&^3)}
	}
	var base uint64
	stream := data
	if wrapper.IsWrapper(data) {
		h, inner, err := wrapper.Unwrap(data)
		if err != nil {
			return nil, &Error{Bit: 0, Msg: "invalid bitcode wrapper header", Err: err}
		}
		base = uint64(h.Offset) * 8
		stream = inner
	}
	if !wrapper.IsRaw(stream) {
		return nil, ErrNotBitcode
	}
	br := bitstream.NewReader(stream)
	fail := func(err error) (*File, error) { return nil, convertErr(err, base, br.BitPos()) }
	if _, err := bitstream.ReadMagic(br.Cursor()); err != nil {
		return fail(err)
	}
	f := &File{}
	var bi *bitstream.BlockInfo
	producer := ""
	var vals []uint64
	var pendingStrtab []*Reader // modules waiting for a STRTAB
	// LLVM's readers stop where at most two words are left: zero words
	// there end the file (other bytes are read, as data cut short).
	for br.BitPos()/8+4 <= uint64(len(stream)) && !br.AtEnd() && !zeroTail(stream[br.BitPos()/8:]) {
		e, err := br.Next()
		if err != nil {
			return fail(err)
		}
		switch e.Kind {
		case bitstream.EntryEndBlock:
			return fail(fmt.Errorf("END_BLOCK at the top level"))
		case bitstream.EntryDefineAbbrev:
			if _, err := br.DefineAbbrev(); err != nil {
				return fail(err)
			}
			continue
		case bitstream.EntryRecord:
			rec, err := br.ReadRecord(e.ID, vals)
			if err != nil {
				return fail(err)
			}
			vals = rec.Ops
			continue
		}
		switch llvmir.BlockID(e.ID) {
		case llvmir.BLOCKINFO_BLOCK_ID:
			nbi, err := br.ReadBlockInfoBlock(false)
			if err != nil {
				return fail(err)
			}
			bi = nbi
			br.SetBlockInfo(bi)
			continue
		case llvmir.IDENTIFICATION_BLOCK_ID:
			p, err := readIdentification(br, &vals)
			if err != nil {
				return fail(err)
			}
			producer = p
			continue
		case llvmir.MODULE_BLOCK_ID:
			r := &Reader{stream: stream, base: base, modBit: br.BitPos(), bi: bi, producer: producer,
				noDebug: o.DropDebugInfo, noSummary: o.DropSummary, shareStrings: o.ShareStrings, reuse: o.ReuseBodies,
				rereads: o.Reread, odrTypes: o.DebugTypeODRUniquing, linkerTBAA: o.LinkerTBAA}
			r.md.dropNamed = o.DropNamedMetadata
			f.Modules = append(f.Modules, r)
			f.Producers = append(f.Producers, producer)
			pendingStrtab = append(pendingStrtab, r)
			producer = ""
			if err := br.SkipBlock(); err != nil {
				return fail(err)
			}
			continue
		case llvmir.STRTAB_BLOCK_ID:
			blob, err := readBlob(br, e.ID, &vals)
			if err != nil {
				return fail(err)
			}
			for _, r := range pendingStrtab {
				r.strtab = blob
			}
			pendingStrtab = nil
			continue
		case llvmir.SYMTAB_BLOCK_ID:
			// The IR symbol table of the modules before it, which their
			// STRTAB follows.
			blob, err := readBlob(br, e.ID, &vals)
			if err != nil {
				return fail(err)
			}
			for i, r := range pendingStrtab {
				r.symtab, r.symtabIndex = blob, i
			}
			continue
		}
		if err := br.SkipBlock(); err != nil {
			return fail(err)
		}
	}
	if len(f.Modules) == 0 {
		return nil, &Error{Bit: base, Msg: "no module in the bitcode file"}
	}
	return f, nil
}

// zeroTail reports whether b is one or two zero words.
func zeroTail(b []byte) bool {
	return len(b) <= 8 && len(b)%4 == 0 && string(b) == "\x00\x00\x00\x00\x00\x00\x00\x00"[:len(b)]
}

// convertErr turns an error into an *Error with a bit offset counted from
// the start of the data given to Open.
func convertErr(err error, base, bit uint64) error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var fe *bitstream.FormatError
	if errors.As(err, &fe) {
		return &Error{Bit: base + fe.BitPos, Msg: fe.Msg, Err: err}
	}
	return &Error{Bit: base + bit, Msg: err.Error(), Err: err}
}

func readIdentification(br *bitstream.Reader, vals *[]uint64) (string, error) {
	producer := ""
	err := blockRecords(br, uint32(llvmir.IDENTIFICATION_BLOCK_ID), vals, nil, func(rec *bitstream.Record) error {
		if rec.Code == uint32(llvmir.IDENTIFICATION_CODE_STRING) {
			producer = opsString(rec.Ops)
		}
		return nil
	}, nil)
	return producer, err
}

func readBlob(br *bitstream.Reader, id uint32, vals *[]uint64) ([]byte, error) {
	var blob []byte
	err := blockRecords(br, id, vals, nil, func(rec *bitstream.Record) error {
		if rec.Code == uint32(llvmir.STRTAB_BLOB) && rec.HasBlob { // SYMTAB_BLOB is 1 too
			blob = rec.Blob
		}
		return nil
	}, nil)
	return blob, err
}

// opsString makes a string of record operands, one byte each.
func opsString(ops []uint64) string {
	b := make([]byte, len(ops))
	for i, v := range ops {
		b[i] = byte(v)
	}
	return string(b)
}

// A Reader reads one module of a bitcode file. Its methods are not safe
// for concurrent use.
type Reader struct {
	// typedPointers says the module's type table has typed pointers
	// (LLVM 14 and older): see UpgradesBodies.
	typedPointers bool
	// unitList is the module's !llvm.dbg.cu as read (see
	// checkListedUnit).
	unitList *ir.NamedMetadata
	// debugDecided says whether the module's debug info is known to
	// stay or go (checkDebugInfoVersion); earlyDbg are the reports of
	// what makes LLVM strip the debug info (a malformed debug intrinsic
	// call, a unit missing from !llvm.dbg.cu) in the bodies read before,
	// made once it is known to stay (see dbgRecord, checkListedUnit).
	debugDecided bool
	earlyDbg     []Skip
	// unlistedUnits are the module's DICompileUnits missing from
	// !llvm.dbg.cu that only a body may reach (checkBodyUnits).
	unlistedUnits map[ir.Metadata]bool
	// diChecked are the nodes whose debug-info checks passed (module
	// level, then bodies: checkBodyDebugInfo); diReported says a body's
	// failed one and was reported.
	diChecked  nodeSet
	diReported bool
	// diBodies are the functions whose bodies were checked: a body read
	// again is the same.
	diBodies map[*ir.Function]bool
	// diInvalid is the first failure a body showed; diStrippable is 2
	// when the module (outside its bodies, or in a body read) holds
	// debug info LLVM's strip removes, 1 when not so far, 0 before it is
	// known (both are needed for a report); callerStrips says the caller
	// strips every body's (SetStripDebugInfo).
	diInvalid    string
	diStrippable int8
	callerStrips bool
	diStack      []ir.Metadata
	// spAttached are the functions read so far by the reader number of
	// their !dbg DISubprogram (a recycled node gets a new one).
	spAttached map[uint32]*ir.Function
	// onlyIntrinsicSigs are the functions read with a type only
	// intrinsics may have (checkIntrinsicSigs).
	onlyIntrinsicSigs []fnAt
	// oldLoopTags says an old metadata string began with
	// "llvm.vectorizer." (MetadataLoader's HasSeenOldLoopTags).
	oldLoopTags bool
	// oldExprs says a DIExpression of version 0 or 1 was read:
	// MetadataLoader's NeedDeclareExpressionUpgrade (see
	// upgradeDeclareExpr).
	oldExprs bool
	// sizeConsts are the i64 constants of debug-info sizes older records
	// held as numbers, by value (see sizeConst).
	sizeConsts map[uint64]*ir.ValueAsMetadata

	stream []byte
	base   uint64 // bit offset of the stream in the data given to Open
	modBit uint64 // where the MODULE_BLOCK's EnterBlock starts
	bi     *bitstream.BlockInfo
	strtab []byte
	// symtab is the IR symbol table blob of the module's file (nil for
	// none), symtabIndex the module's place among its modules.
	symtab      []byte
	symtabIndex int
	producer    string
	// fnMD is how many attachments each loaded function had before its
	// body was first loaded: a reload drops the body's ones first.
	fnMD map[*ir.Function]int
	// bodyErr holds the error of each body that failed when the module's
	// upgrade read it first: every later load fails the same.
	bodyErr map[*ir.Function]error
	// bodyPers holds the functions whose personality an old landingpad
	// of their body gave (LLVM 3.6 and older): a reload gives it again.
	bodyPers map[*ir.Function]bool

	br     *bitstream.Reader
	ops    []uint64
	recBit uint64 // bit of the record or block being read
	skips  []Skip

	m         *ir.Module
	modErr    error
	version   uint64
	relative  bool
	types     []*ir.Type
	typeDepth []uint32 // nesting depth of each type, to bound recursion
	// tids are the type IDs of a module with typed pointers (typeids.go),
	// nil in others; cstCur is the type ID the CONSTANTS block being read
	// last set (SETTYPE).
	tids *typeIDs
	// ptr0 is ptr (address space 0), dlSpaces the datalayout's address
	// spaces (layoutAddrSpace).
	ptr0     *ir.Type
	dlSpaces dlSpaces
	// vaTypeIDs is the scratch of a call's variadic arguments' type IDs.
	vaTypeIDs []uint32
	cstCur    uint32
	// stripDebug says the module's debug info is stripped, its "Debug
	// Info Version" not 3 (stripDebugInfo).
	stripDebug bool
	// strip is what the caller said to drop from the start (Reread);
	// rereads is Options.Reread; reread, once a body showed what LLVM
	// drops from the whole module, what LoadBody returns (stripOrSkip).
	strip   Strip
	rereads bool
	reread  *RereadError
	// odrTypes is Options.DebugTypeODRUniquing.
	odrTypes bool
	// linkerTBAA is Options.LinkerTBAA.
	linkerTBAA bool
	// implicitComdats are the global objects that get a comdat of their
	// name when the value symbol table names them (noteImplicitComdat).
	implicitComdats map[ir.Value]bool
	// fnSubprograms are the subprograms that name their function (LLVM
	// 3.7 and 3.8), which its body's load makes its !dbg.
	fnSubprograms map[*ir.Function]*ir.SpecializedNode
	// cuSubprograms are the units of LLVM 3.8 and older that list their
	// subprograms (upgradeCUSubprograms).
	cuSubprograms []cuList
	shapes        map[shapeKey]*ir.Type // types by shape, for findType
	groups        map[uint64]attrGroup
	// attrScratch gathers the attributes of one group (readAttrGroups).
	attrScratch ir.AttrSet
	attrLists   []ir.AttrList

	// The value list: values[i] is nil while pend[i] holds a constant not
	// yet built.
	values []ir.Value
	pend   []*pconst

	md         mdList
	kinds      map[uint64]string // metadata kind ID in the bitcode → name
	kindRank   map[string]int    // name → LLVM's in-memory kind ID
	bundleTags []string
	syncScopes []string
	sections   []string
	gcNames    []string
	comdats    []*ir.Comdat

	withBodies []*ir.Function          // functions with bodies, in module order
	bodyBit    map[*ir.Function]uint64 // where each body's block starts
	funcBodies int                     // FUNCTION_BLOCKs seen so far

	globalInits   []pendingInit
	indirectInits []pendingInit
	funcOperands  []pendingFuncOps

	// Block addresses of functions whose bodies are not loaded yet: uses
	// of their blocks made before the body is read.
	blockAddrUses map[*ir.Function]map[int]bool
	// addrTaken are the functions a blockaddress names, as read so far
	// (noteBlockAddress).
	addrTaken map[*ir.Function]bool
	// fwdQueue are the functions whose blocks block addresses took
	// before their bodies were read, in the order first taken; readOrder
	// the place of each body in the order LLVM's reader reads them;
	// backRefs, while forwardRefBodies reads the first of them, the
	// functions their BLOCKADDR_USERS records list (see
	// forwardRefBodies).
	fwdQueue  []*ir.Function
	readOrder map[*ir.Function]int
	backRefs  []*ir.Function
	// loaded are the bodies loaded once; missingUsers, after a load, the
	// bodies it needed loaded before it that never were (see LoadBody).
	loaded       map[*ir.Function]bool
	missingUsers []*ir.Function
	// predsOrder are the predecessor lists, as indices into Blocks, of
	// the bodies keepPreds keeps them of.
	predsOrder map[*ir.Function][][]int32

	// the function being loaded: fn is &fs during LoadBody, nil after
	fn *funcState
	fs funcState

	// globalNames are the names of the module's global values so far,
	// and globalUnique the number globalName appended last.
	globalNames  map[string]struct{}
	globalUnique int
	// namedAnew says a global value's name was made unique (see
	// ir.Summary.NamedAnew).
	namedAnew bool

	// layout is the module's data layout, read when an instruction
	// without an alignment needs it (see typeAlign); layoutOf is the
	// string it was read from.
	layout   *ir.DataLayout
	layoutOf string

	// old-producer upgrades (upgrade.go); oldConstExprs says a constant
	// expression LLVM 22 lacks was read.
	up            *upgradeState
	oldConstExprs bool

	diFields []ir.Field    // diNode's scratch (see alloc.go)
	diRefs   []ir.Metadata // and its Refs'

	// Recycled debug-info nodes (see ReleaseBody and ownedMD): recycle
	// is set by the first ReleaseBody, from when the loads list what they
	// make (owning, for the load under way; owned, by function).
	recycle    bool
	owning     *ownedMD
	owned      map[*ir.Function]*ownedMD
	freeOwned  []*ownedMD
	freeNodes  []*ir.SpecializedNode
	freeLocs   []*ir.DILocation
	freeFields [maxPooled + 1][][]ir.Field
	freeRefs   [maxPooled + 1][][]ir.Metadata
	// noDebug says function bodies are read without their debug info
	// (see Options.DropDebugInfo).
	noDebug bool
	// noSummary says Module leaves the summary unread (see Options.DropSummary).
	noSummary bool
	// shareStrings says metadata strings point into the stream (see
	// Options.ShareStrings).
	shareStrings bool
	// freeInsts and freeBlocks are the instructions and blocks of
	// released bodies, cleared, for newInstruction and newBlock to hand
	// out again (see ReleaseBody).
	freeInsts  []*ir.Instruction
	freeBlocks []*ir.Block
	// reuse says LoadBody releases the body loaded before it, last, whose
	// blocks were lastBlocks (see Options.ReuseBodies).
	reuse      bool
	last       *ir.Function
	lastBlocks []*ir.Block
	lastID     uint32 // the last metadata node ID given (see nodeID)
}

type pendingInit struct {
	g  ir.Value
	id uint64
}

type pendingFuncOps struct {
	f                            *ir.Function
	personality, prefix, prologe uint64 // value ID + 1, 0 when none
}

// droppedDebugInfo is the node that stands for every debug-info node of a
// function's metadata with Options.DropDebugInfo.
var droppedDebugInfo = &ir.SpecializedNode{Kind: "DIDropped"}

// Skipped lists what was read past because LLVM 22 does not know it
// (unknown record codes, attribute kinds, fields, blocks): each with its
// bit offset and a message. A caller prints them and exits 1.
func (r *Reader) Skipped() []Skip { return r.skips }

// Producer returns the producer string of the module's IDENTIFICATION
// block ("LLVM22.1.2", for example), "" when it has none.
func (r *Reader) Producer() string { return r.producer }

func (r *Reader) skip(format string, args ...any) {
	if len(r.skips) >= maxSkips {
		return
	}
	r.skips = addSkip(r.skips, Skip{Bit: r.base + r.recBit, Msg: fmt.Sprintf(format, args...)})
}

// addSkip adds s to skips unless they hold its message already or are
// maxSkips long.
func addSkip(skips []Skip, s Skip) []Skip {
	if len(skips) >= maxSkips {
		return skips
	}
	for _, old := range skips {
		if old.Msg == s.Msg {
			return skips
		}
	}
	return append(skips, s)
}

// errorf returns an *Error at the current record.
func (r *Reader) errorf(format string, args ...any) error {
	return &Error{Bit: r.base + r.recBit, Msg: fmt.Sprintf(format, args...)}
}

func (r *Reader) wrapErr(err error) error {
	if err == nil {
		return nil
	}
	return convertErr(err, r.base, r.br.BitPos())
}

// Module reads the module-level part of the module: everything except
// function bodies, which are loaded one at a time by LoadBody (so memory is
// the module level plus the largest function). It may be called more than
// once and returns the same module. With Options.Reread, the error may be
// a *RereadError: a body read with the module (one whose blocks another
// takes the address of) showed part of the module invalid that LLVM drops
// from the whole module (see Strip).
func (r *Reader) Module() (*ir.Module, error) {
	if r.m != nil || r.modErr != nil {
		if r.modErr == nil && r.reread != nil {
			return r.m, r.reread
		}
		return r.m, r.modErr
	}
	r.m = &ir.Module{NoSourceFilename: true, Producer: r.producer}
	r.br = bitstream.NewReader(r.stream)
	r.br.SetStrictLengths(true)
	r.br.SetBlockInfo(r.bi)
	r.bodyBit = map[*ir.Function]uint64{}
	r.kinds = map[uint64]string{}
	r.kindRank = map[string]int{}
	r.groups = map[uint64]attrGroup{}
	// The summary is read beside the rest, from what Open found, as the
	// caller's goroutine would read it (faults.Mode): its panic is the
	// caller's.
	type summary struct {
		sum      *ir.Summary
		skips    []Skip
		err      error
		panicked any
	}
	var sumc chan summary
	if !r.noSummary {
		sumc = make(chan summary, 1)
		bi, fault := r.bi, faults.Mode()
		go func() {
			var s summary
			s.panicked = faults.Catch(fault, func() { s.sum, s.skips, s.err = r.readSummary(bi) })
			sumc <- s
		}()
	}
	err := r.readModule()
	if err == nil && len(r.m.Asm) > 0 {
		r.m.AsmSymbols = r.asmSymbols()
	}
	if sumc != nil {
		s := <-sumc
		if s.panicked != nil {
			panic(s.panicked)
		}
		if err == nil {
			err = s.err
		}
		if err == nil {
			r.m.Summary = s.sum
			if s.sum != nil {
				s.sum.NamedAnew = r.namedAnew
			}
			for _, sk := range s.skips {
				r.skips = addSkip(r.skips, sk)
			}
		}
	}
	if err == nil {
		err = r.checkIntrinsicSigs()
	}
	if err == nil {
		err = r.forwardRefBodies()
	}
	if err == nil {
		err = r.upgradeModule()
	}
	if err == nil {
		r.upgradeMisc()
	}
	if err != nil {
		r.modErr = r.wrapErr(err)
		return r.m, r.modErr
	}
	if r.reread != nil {
		return r.m, r.reread
	}
	// The module's metadata may have left long lists of forward
	// references behind, which bodies seldom need (and a module-level
	// forward reference never resolves in a body).
	r.md.fixes.reset()
	if cap(r.md.pending) > 1024 {
		r.md.pending = nil
	}
	if r.unitList == nil {
		// The list of units as read, which the bodies' units are checked
		// against even once a caller took it out of the model (see
		// checkListedUnit).
		for _, nmd := range r.m.NamedMetadata {
			if nmd != nil && nmd.Name == "llvm.dbg.cu" {
				r.unitList = nmd
			}
		}
	}
	return r.m, nil
}

// record reads the next entry of the current block. It returns the entry;
// for a record, the record is in rec.
func (r *Reader) next() (bitstream.Entry, error) {
	r.recBit = r.br.BitPos()
	e, err := r.br.Next()
	if err != nil {
		return e, err
	}
	if e.Kind == bitstream.EntryDefineAbbrev {
		_, err = r.br.DefineAbbrev()
	}
	return e, err
}

func (r *Reader) readRecord(id uint32) (bitstream.Record, error) {
	rec, err := r.br.ReadRecord(id, r.ops)
	r.ops = rec.Ops
	return rec, err
}

// simpleBlock enters block id and hands each record to f; sub-blocks are
// skipped and noted.
func (r *Reader) simpleBlock(id uint32, f func(rec *bitstream.Record) error) error {
	return blockRecords(r.br, id, &r.ops, &r.recBit, f, func(sub uint32) error {
		r.skip("skipped unknown block %d in %v", sub, llvmir.BlockID(id))
		return r.br.SkipBlock()
	})
}

func (r *Reader) readModule() error {
	br := r.br
	if err := br.JumpToBit(r.modBit); err != nil {
		return err
	}
	if _, err := br.EnterBlock(uint32(llvmir.MODULE_BLOCK_ID)); err != nil {
		return err
	}
	for {
		e, err := r.next()
		if err != nil {
			return err
		}
		switch e.Kind {
		case bitstream.EntryDefineAbbrev:
			continue
		case bitstream.EntryEndBlock:
			return r.finishModule()
		case bitstream.EntrySubBlock:
			if err := r.moduleSubBlock(e.ID); err != nil {
				return err
			}
			continue
		}
		rec, err := r.readRecord(e.ID)
		if err != nil {
			return err
		}
		if err := r.moduleRecord(&rec); err != nil {
			return err
		}
	}
}

func (r *Reader) moduleSubBlock(id uint32) error {
	br := r.br
	switch llvmir.BlockID(id) {
	case llvmir.BLOCKINFO_BLOCK_ID:
		bi, err := br.ReadBlockInfoBlock(false)
		if err != nil {
			return err
		}
		r.bi = bi
		br.SetBlockInfo(bi)
		return nil
	case llvmir.PARAMATTR_BLOCK_ID:
		return r.readAttrLists()
	case llvmir.PARAMATTR_GROUP_BLOCK_ID:
		return r.readAttrGroups()
	case llvmir.TYPE_BLOCK_ID_NEW:
		return r.readTypes()
	case llvmir.VALUE_SYMTAB_BLOCK_ID:
		return r.readModuleVST()
	case llvmir.CONSTANTS_BLOCK_ID:
		if err := r.readConstants(); err != nil {
			return err
		}
		return r.resolveInits(false)
	case llvmir.METADATA_BLOCK_ID:
		return r.readMetadata(false)
	case llvmir.METADATA_KIND_BLOCK_ID:
		return r.readMetadataKinds()
	case llvmir.FUNCTION_BLOCK_ID:
		if r.funcBodies >= len(r.withBodies) {
			return r.errorf("more function bodies than functions with bodies")
		}
		r.bodyBit[r.withBodies[r.funcBodies]] = br.BitPos()
		r.funcBodies++
		return br.SkipBlock()
	case llvmir.USELIST_BLOCK_ID:
		// Module-level use lists order the uses of globals and constants,
		// which nothing printed depends on; they are kept for a writer.
		return r.simpleBlock(id, func(rec *bitstream.Record) error {
			ops := rec.Ops
			if llvmir.UseListCode(rec.Code) != llvmir.USELIST_CODE_DEFAULT || len(ops) < 2 {
				r.skip("skipped USELIST record %d at module level", rec.Code)
				return nil
			}
			id := ops[len(ops)-1]
			if id >= uint64(len(r.values)) || r.values[id] == nil {
				r.skip("skipped a use-list order of value %d, which is not a module-level value", id)
				return nil
			}
			if !r.keepsUseList(r.values[id]) {
				return nil
			}
			r.m.UseListOrders = append(r.m.UseListOrders, ir.UseListOrder{
				Value: r.values[id], Shuffle: slices.Clone(ops[:len(ops)-1])})
			return nil
		})
	case llvmir.OPERAND_BUNDLE_TAGS_BLOCK_ID:
		return r.simpleBlock(id, func(rec *bitstream.Record) error {
			if llvmir.OperandBundleTagCode(rec.Code) != llvmir.OPERAND_BUNDLE_TAG {
				r.skip("skipped unknown OPERAND_BUNDLE_TAGS record %d", rec.Code)
				return nil
			}
			tag := opsString(rec.Ops)
			r.bundleTags = append(r.bundleTags, tag)
			if !slices.Contains(llvmir.FixedOperandBundleTags, tag) && !slices.Contains(r.m.BundleTags, tag) {
				r.m.BundleTags = append(r.m.BundleTags, tag)
			}
			return nil
		})
	case llvmir.SYNC_SCOPE_NAMES_BLOCK_ID:
		return r.simpleBlock(id, func(rec *bitstream.Record) error {
			if llvmir.SyncScopeNameCode(rec.Code) != llvmir.SYNC_SCOPE_NAME {
				r.skip("skipped unknown SYNC_SCOPE_NAMES record %d", rec.Code)
				return nil
			}
			name := opsString(rec.Ops)
			r.syncScopes = append(r.syncScopes, name)
			if !slices.Contains(llvmir.FixedSyncScopes, name) && !slices.Contains(r.m.SyncScopes, name) {
				r.m.SyncScopes = append(r.m.SyncScopes, name)
			}
			return nil
		})
	case llvmir.GLOBALVAL_SUMMARY_BLOCK_ID, llvmir.FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID,
		llvmir.MODULE_STRTAB_BLOCK_ID:
		return br.SkipBlock() // summaries are not read yet
	}
	r.skip("skipped unknown block %d in MODULE_BLOCK", id)
	return br.SkipBlock()
}

func (r *Reader) moduleRecord(rec *bitstream.Record) error {
	m := r.m
	ops := rec.Ops
	switch llvmir.ModuleCode(rec.Code) {
	case llvmir.MODULE_CODE_VERSION:
		if len(ops) < 1 {
			return r.errorf("invalid version record")
		}
		r.version = ops[0]
		if r.version > 2 {
			return r.errorf("unsupported module version %d", r.version)
		}
		r.relative = r.version >= 1
	case llvmir.MODULE_CODE_TRIPLE:
		m.Triple = opsString(ops)
	case llvmir.MODULE_CODE_DATALAYOUT:
		m.DataLayout = opsString(ops)
	case llvmir.MODULE_CODE_ASM:
		s := opsString(ops)
		m.Asm = append(m.Asm, splitLines(s)...)
	case llvmir.MODULE_CODE_SECTIONNAME:
		r.sections = append(r.sections, opsString(ops))
	case llvmir.MODULE_CODE_GCNAME:
		r.gcNames = append(r.gcNames, opsString(ops))
	case llvmir.MODULE_CODE_DEPLIB, llvmir.MODULE_CODE_HASH, llvmir.MODULE_CODE_METADATA_VALUES_UNUSED:
	case llvmir.MODULE_CODE_VSTOFFSET:
	case llvmir.MODULE_CODE_SOURCE_FILENAME:
		m.SourceFilename, m.NoSourceFilename = opsString(ops), false
	case llvmir.MODULE_CODE_COMDAT:
		return r.comdatRecord(ops)
	case llvmir.MODULE_CODE_GLOBALVAR:
		return r.globalVarRecord(ops)
	case llvmir.MODULE_CODE_FUNCTION:
		return r.functionRecord(ops)
	case llvmir.MODULE_CODE_ALIAS, llvmir.MODULE_CODE_ALIAS_OLD, llvmir.MODULE_CODE_IFUNC:
		return r.indirectRecord(llvmir.ModuleCode(rec.Code), ops)
	default:
		r.skip("skipped unknown MODULE_BLOCK record %d", rec.Code)
	}
	return nil
}

// splitLines splits module asm as Module::appendModuleInlineAsm and the
// printer see it: one string per line, the text after the last newline
// included.
func splitLines(s string) []string {
	var out []string
	for {
		i := 0
		for i < len(s) && s[i] != '\n' {
			i++
		}
		if i == len(s) {
			out = append(out, s)
			return out
		}
		out = append(out, s[:i])
		s = s[i+1:]
	}
}

// globalName returns the name a global value named name gets in the
// module's symbol table, as LLVM's ValueSymbolTable gives it, and takes it
// (freeing old, the value's name before, if any): name itself, or, when
// another global value has it, name followed by "." (nothing on NVPTX,
// whose identifiers have no dots) and the table's next number (1, 2, ...)
// that makes a name not in use. Global variables, functions, aliases and
// ifuncs share the table and its count, in the order the module gives
// them names.
func (r *Reader) globalName(old, name string) string {
	if old != "" {
		delete(r.globalNames, old)
	}
	if name == "" {
		return ""
	}
	if r.globalNames == nil {
		r.globalNames = make(map[string]struct{})
	}
	if _, used := r.globalNames[name]; !used {
		r.globalNames[name] = struct{}{}
		return name
	}
	r.namedAnew = true
	sep := "."
	if arch, _, _ := strings.Cut(r.m.Triple, "-"); arch == "nvptx" || arch == "nvptx64" {
		sep = ""
	}
	for {
		r.globalUnique++
		n := name + sep + strconv.Itoa(r.globalUnique)
		if _, used := r.globalNames[n]; !used {
			r.globalNames[n] = struct{}{}
			return n
		}
	}
}

// strtabName returns the name a version-2 record starts with and the rest
// of the record.
func (r *Reader) strtabName(ops []uint64) (string, []uint64, error) {
	if r.version < 2 {
		return "", ops, nil
	}
	if len(ops) < 2 {
		return "", nil, r.errorf("record too short for a string table name")
	}
	off, n := ops[0], ops[1]
	if off > uint64(len(r.strtab)) || n > uint64(len(r.strtab))-off {
		return "", nil, r.errorf("name outside the string table")
	}
	if r.shareStrings && n > 0 {
		return unsafe.String(&r.strtab[off], n), ops[2:], nil
	}
	return string(r.strtab[off : off+n]), ops[2:], nil
}

func (r *Reader) strtabString(off, n uint64) (string, bool) {
	if off > uint64(len(r.strtab)) || n > uint64(len(r.strtab))-off {
		return "", false
	}
	return string(r.strtab[off : off+n]), true
}

func (r *Reader) comdatRecord(ops []uint64) error {
	name, ops, err := r.strtabName(ops)
	if err != nil {
		return err
	}
	if len(ops) < 1 {
		return r.errorf("invalid comdat record")
	}
	sel := ir.ComdatAny
	switch llvmir.ComdatSelectionKindCode(enum32(ops[0])) {
	case llvmir.COMDAT_SELECTION_KIND_EXACT_MATCH:
		sel = ir.ComdatExactMatch
	case llvmir.COMDAT_SELECTION_KIND_LARGEST:
		sel = ir.ComdatLargest
	case llvmir.COMDAT_SELECTION_KIND_NO_DUPLICATES:
		sel = ir.ComdatNoDeduplicate
	case llvmir.COMDAT_SELECTION_KIND_SAME_SIZE:
		sel = ir.ComdatSameSize
	}
	if r.version < 2 {
		if len(ops) < 2 || ops[1] > uint64(len(ops)-2) {
			return r.errorf("invalid comdat record")
		}
		name = opsString(ops[2 : 2+ops[1]])
	}
	for _, c := range r.m.Comdats {
		if c.Name == name {
			c.Selection = sel
			r.comdats = append(r.comdats, c)
			return nil
		}
	}
	c := &ir.Comdat{Name: name, Selection: sel}
	r.m.Comdats = append(r.m.Comdats, c)
	r.comdats = append(r.comdats, c)
	return nil
}

// enum32 narrows an operand holding an encoded enumeration to 32 bits for
// a switch on its llvmir type: a wider value becomes MaxUint32, which no
// enumeration uses, so it takes the switch's default as before.
func enum32(v uint64) uint32 {
	if v > math.MaxUint32 {
		return math.MaxUint32
	}
	return uint32(v)
}

func decodeLinkage(v uint64) ir.Linkage {
	switch llvmir.LinkageCode(enum32(v)) {
	case llvmir.LINKAGE_APPENDING:
		return ir.AppendingLinkage
	case llvmir.LINKAGE_INTERNAL:
		return ir.InternalLinkage
	case llvmir.LINKAGE_EXTERN_WEAK:
		return ir.ExternalWeakLinkage
	case llvmir.LINKAGE_COMMON:
		return ir.CommonLinkage
	case llvmir.LINKAGE_PRIVATE, llvmir.LINKAGE_LINKER_PRIVATE_OLD, llvmir.LINKAGE_LINKER_PRIVATE_WEAK_OLD:
		return ir.PrivateLinkage
	case llvmir.LINKAGE_AVAILABLE_EXTERNALLY:
		return ir.AvailableExternallyLinkage
	case llvmir.LINKAGE_WEAK_ANY_OLD, llvmir.LINKAGE_WEAK_ANY:
		return ir.WeakAnyLinkage
	case llvmir.LINKAGE_WEAK_ODR_OLD, llvmir.LINKAGE_WEAK_ODR:
		return ir.WeakODRLinkage
	case llvmir.LINKAGE_LINKONCE_ANY_OLD, llvmir.LINKAGE_LINKONCE_ANY:
		return ir.LinkOnceAnyLinkage
	case llvmir.LINKAGE_LINKONCE_ODR_OLD, llvmir.LINKAGE_LINKONCE_ODR:
		return ir.LinkOnceODRLinkage
	}
	return ir.ExternalLinkage
}

func decodeVisibility(v uint64) ir.Visibility {
	switch llvmir.VisibilityCode(enum32(v)) {
	case llvmir.VISIBILITY_HIDDEN:
		return ir.HiddenVisibility
	case llvmir.VISIBILITY_PROTECTED:
		return ir.ProtectedVisibility
	}
	return ir.DefaultVisibility
}

func decodeDLL(v uint64) ir.DLLStorage {
	switch llvmir.DLLStorageCode(enum32(v)) {
	case llvmir.DLLSTORAGE_IMPORT:
		return ir.DLLImport
	case llvmir.DLLSTORAGE_EXPORT:
		return ir.DLLExport
	}
	return ir.DefaultStorage
}

func decodeTLS(v uint64) ir.ThreadLocalMode {
	switch llvmir.ThreadLocalCode(enum32(v)) {
	case llvmir.THREAD_LOCAL_NONE:
		return ir.NotThreadLocal
	case llvmir.THREAD_LOCAL_LOCAL_DYNAMIC:
		return ir.LocalDynamicTLS
	case llvmir.THREAD_LOCAL_INITIAL_EXEC:
		return ir.InitialExecTLS
	case llvmir.THREAD_LOCAL_LOCAL_EXEC:
		return ir.LocalExecTLS
	}
	return ir.GeneralDynamicTLS
}

func decodeUnnamedAddr(v uint64) ir.UnnamedAddr {
	switch llvmir.UnnamedAddrCode(enum32(v)) {
	case llvmir.UNNAMED_ADDR_GLOBAL:
		return ir.GlobalUnnamedAddr
	case llvmir.UNNAMED_ADDR_LOCAL:
		return ir.LocalUnnamedAddr
	}
	return ir.NoUnnamedAddr
}

// decodeAlign turns an alignment exponent plus one into bytes.
func (r *Reader) decodeAlign(v uint64) (uint64, error) {
	if v == 0 {
		return 0, nil
	}
	if v > 33 { // Value::MaxAlignmentExponent (32) + 1
		return 0, r.errorf("invalid alignment value")
	}
	return 1 << (v - 1), nil
}

// The alignments an instruction gets when its record has none, as LLVM's
// reader gives them from the data layout (see typeAlign).
const (
	abiAlign   = iota // the type's ABI alignment (load, store)
	prefAlign         // its preferred alignment (alloca)
	storeAlign        // its store size (cmpxchg, atomicrmw)
)

// llvmAlign returns the alignment LLVM's Align makes of n bytes (n > 0):
// it keeps the log2 of what it is given (a release build does not assert
// a power of two), so n that is no power of two goes down to the power of
// two below it, as a store size of 7 bytes (i50) to 4.
func llvmAlign(n uint64) uint64 { return 1 << (bits.Len64(n) - 1) }

// typeAlign returns the alignment of type t of the kind given, for an
// instruction (what) whose record has none. A type without a size is an
// error, as in LLVM; one whose alignment the reader cannot work out (a
// target extension type's) is skipped, and gets 1.
func (r *Reader) typeAlign(t *ir.Type, kind int, what string) (uint64, error) {
	if r.layout == nil || r.layoutOf != r.m.DataLayout {
		dl, err := ir.ParseDataLayout(r.m.DataLayout)
		if err != nil {
			r.skip("cannot read the data layout for the alignment of a %s: %v", what, err)
			return 1, nil
		}
		r.layout, r.layoutOf = dl, r.m.DataLayout
	}
	var a uint64
	var ok bool
	switch kind {
	case abiAlign:
		a, ok = r.layout.ABIAlign(t)
	case prefAlign:
		a, ok = r.layout.PrefAlign(t)
	default:
		if a, ok = r.layout.StoreSize(t); ok && a > 0 {
			a = llvmAlign(a)
		}
	}
	if ok && a > 0 {
		return a, nil
	}
	if hasTargetExt(t, 0) {
		r.skip("cannot work out the alignment of a %s of a target extension type", what)
		return 1, nil
	}
	return 0, r.errorf("%s of unsized type", what)
}

// hasTargetExt reports whether t is or holds a target extension type.
func hasTargetExt(t *ir.Type, depth int) bool {
	if t == nil || depth > 64 {
		return false
	}
	switch t.Kind {
	case ir.TargetExtType:
		return true
	case ir.ArrayType, ir.FixedVectorType, ir.ScalableVectorType:
		return hasTargetExt(t.Elem, depth+1)
	case ir.StructType:
		for _, f := range t.Fields {
			if hasTargetExt(f, depth+1) {
				return true
			}
		}
	}
	return false
}

func inferDSOLocal(g *ir.GlobalHeader) {
	if g.Linkage.IsLocal() || (g.Visibility != ir.DefaultVisibility && g.Linkage != ir.ExternalWeakLinkage) {
		g.DSOLocal = true
	}
}

func (r *Reader) section(id uint64) (string, error) {
	if id == 0 {
		return "", nil
	}
	if id-1 >= uint64(len(r.sections)) {
		return "", r.errorf("invalid section ID %d", id)
	}
	return r.sections[id-1], nil
}

func (r *Reader) comdat(id uint64) (*ir.Comdat, error) {
	if id == 0 {
		return nil, nil
	}
	if id > uint64(len(r.comdats)) {
		return nil, r.errorf("invalid comdat ID %d", id)
	}
	return r.comdats[id-1], nil
}

func (r *Reader) ptrType(as uint32) *ir.Type {
	if as == 0 {
		if r.ptr0 == nil {
			r.ptr0 = r.shape(ir.Type{Kind: ir.PointerType})
		}
		return r.ptr0
	}
	return r.shape(ir.Type{Kind: ir.PointerType, AddrSpace: as})
}

// layoutAddrSpace returns the address space the module's datalayout gives
// letter ('P' programs, 'A' allocas), parsed once per datalayout.
func (r *Reader) layoutAddrSpace(letter byte) uint32 {
	if c := &r.dlSpaces; !c.ok || c.dl != r.m.DataLayout {
		*c = dlSpaces{dl: r.m.DataLayout, p: layoutAddrSpace(r.m.DataLayout, 'P'),
			a: layoutAddrSpace(r.m.DataLayout, 'A'), ok: true}
	}
	if letter == 'P' {
		return r.dlSpaces.p
	}
	return r.dlSpaces.a
}

// dlSpaces caches the address spaces of a datalayout (Reader.layoutAddrSpace).
type dlSpaces struct {
	dl   string
	p, a uint32
	ok   bool
}

func (r *Reader) pushValue(v ir.Value) {
	r.values = append(r.values, v)
	r.pend = append(r.pend, nil)
	if r.tids != nil {
		r.tids.vals = append(r.tids.vals, 0)
	}
}

func (r *Reader) globalVarRecord(ops []uint64) error {
	name, ops, err := r.strtabName(ops)
	if err != nil {
		return err
	}
	gv, ok := decodeGlobalVar(ops)
	if !ok {
		return r.errorf("invalid global variable record")
	}
	ty := r.typeByID(gv.typ)
	if ty == nil {
		return r.errorf("invalid global variable type")
	}
	tyID := uint32(min(gv.typ, uint64(noTypeID)))
	if !gv.explicitType {
		// LLVM 3.x: the type is the global's pointer type, which gives
		// the address space and, by its pointee, the value type.
		if ty.Kind != ir.PointerType {
			return r.errorf("invalid type for value")
		}
		elem, elemID, ok := r.pointee(gv.typ)
		if !ok {
			return r.errorf("missing element type for old-style global")
		}
		ty, tyID, gv.addrSpace = elem, elemID, uint64(ty.AddrSpace)
	}
	g := &ir.GlobalVar{}
	g.Name = r.globalName("", name)
	g.ValueType = ty
	g.Constant = gv.isConst
	if gv.addrSpace > 0xffffff {
		return r.errorf("invalid address space")
	}
	g.Typ = r.ptrType(uint32(gv.addrSpace))
	g.Linkage = gv.linkage
	if g.Align, err = r.decodeAlign(gv.align); err != nil {
		return err
	}
	if g.Section, err = r.section(gv.section); err != nil {
		return err
	}
	g.Visibility = gv.visibility
	g.ThreadLocal = gv.tls
	g.UnnamedAddr = gv.unnamedAddr
	g.ExternallyInitialized = gv.extInit
	g.DLLStorage = gv.dll
	if gv.initID != 0 {
		r.globalInits = append(r.globalInits, pendingInit{g, gv.initID - 1})
	}
	if gv.hasComdat {
		if g.Comdat, err = r.comdat(gv.comdat); err != nil {
			return err
		}
	} else if hasImplicitComdat(gv.rawLinkage) {
		r.noteImplicitComdat(g)
	}
	if gv.hasAttrs {
		l := r.attrList(gv.attrs)
		g.Attrs = l.Fn
	}
	g.DSOLocal = gv.dsoLocal
	inferDSOLocal(&g.GlobalHeader)
	if gv.hasPartition {
		g.Partition, _ = r.strtabString(gv.partOff, gv.partSize)
	}
	if v := gv.sanitizer; v != 0 {
		g.Sanitizer = ir.SanitizerMetadata{NoAddress: v&1 != 0, NoHWAddress: v&2 != 0, Memtag: v&4 != 0, IsDynInit: v&8 != 0}
	}
	if gv.codeModel != 0 {
		if gv.codeModel > 5 {
			return r.errorf("invalid global variable code model")
		}
		g.CodeModel = ir.CodeModel(gv.codeModel)
	}
	if gv.extra > 0 {
		r.skip("skipped %d unknown fields of a GLOBALVAR record", gv.extra)
	}
	r.m.Globals = append(r.m.Globals, g)
	r.pushValue(g)
	r.setValueTypeID(r.pointerID(tyID, uint32(gv.addrSpace)))
	return nil
}

func hasImplicitComdat(raw uint64) bool {
	switch llvmir.LinkageCode(enum32(raw)) {
	case llvmir.LINKAGE_WEAK_ANY_OLD, llvmir.LINKAGE_LINKONCE_ANY_OLD, llvmir.LINKAGE_WEAK_ODR_OLD, llvmir.LINKAGE_LINKONCE_ODR_OLD:
		return true
	}
	return false
}

// noteImplicitComdat notes a global object with an old weak or linkonce
// linkage and no comdat field: in a module without a string table (LLVM
// 4.0 and older), it gets a comdat of its own name when the value symbol
// table names it, on targets that support COMDATs (see vstName), as LLVM
// 22 does (ImplicitComdatObjects).
func (r *Reader) noteImplicitComdat(v ir.Value) {
	if r.version >= 2 {
		return
	}
	if r.implicitComdats == nil {
		r.implicitComdats = map[ir.Value]bool{}
	}
	r.implicitComdats[v] = true
}

// implicitComdat returns the comdat named name, made now (selection kind
// any) if the module has none.
func (r *Reader) implicitComdat(name string) *ir.Comdat {
	for _, c := range r.m.Comdats {
		if c.Name == name {
			return c
		}
	}
	c := &ir.Comdat{Name: name}
	r.m.Comdats = append(r.m.Comdats, c)
	return c
}

// supportsComdat reports whether the triple's object format has COMDATs:
// all but Mach-O, XCOFF and DXContainer (Triple::supportsCOMDAT).
func supportsComdat(triple string) bool {
	arch, rest, _ := strings.Cut(triple, "-")
	if strings.HasPrefix(arch, "dxil") {
		return false
	}
	for _, s := range []string{"-macho", "apple", "darwin", "macos", "ios", "tvos", "watchos", "xros", "driverkit", "aix", "-xcoff"} {
		if strings.Contains("-"+rest, s) {
			return false
		}
	}
	return true
}

// A fnAt is a function and the bit of its record.
type fnAt struct {
	f   *ir.Function
	bit uint64
}

// checkIntrinsicSigs refuses the module when a function that is not an
// intrinsic (its name does not begin with "llvm.") has a type only
// intrinsics have: LLVM's verifier fails the module.
func (r *Reader) checkIntrinsicSigs() error {
	for _, fa := range r.onlyIntrinsicSigs {
		if !strings.HasPrefix(fa.f.Name, "llvm.") {
			return &Error{Bit: r.base + fa.bit, Msg: fmt.Sprintf("@%s: %s (LLVM's verifier fails the module)", fa.f.Name, nonIntrinsicSig(fa.f.Sig))}
		}
	}
	r.onlyIntrinsicSigs = nil
	return nil
}

// nonIntrinsicSig returns what LLVM's verifier says of function type ft
// for a function that is not an intrinsic: only intrinsics take metadata
// or tokens, or return tokens (and x86_amx). "" when there is nothing to
// say.
func nonIntrinsicSig(ft *ir.Type) string {
	for _, p := range ft.Params {
		switch p.Kind {
		case ir.MetadataType:
			return "function takes metadata but isn't an intrinsic"
		case ir.TokenType:
			return "function takes token but isn't an intrinsic"
		case ir.X86AMXType:
			return "function takes x86_amx but isn't an intrinsic"
		}
	}
	switch ft.Ret.Kind {
	case ir.TokenType:
		return "function returns a token but isn't an intrinsic"
	case ir.X86AMXType:
		return "function returns a x86_amx but isn't an intrinsic"
	}
	return ""
}

func (r *Reader) functionRecord(ops []uint64) error {
	name, ops, err := r.strtabName(ops)
	if err != nil {
		return err
	}
	fr, ok := decodeFunction(ops)
	if !ok {
		return r.errorf("invalid function record")
	}
	ftID := fr.typ
	ft := r.typeByID(ftID)
	if ft != nil && ft.Kind == ir.PointerType {
		// LLVM 3.x: the pointer to the function type.
		elem, elemID, ok := r.pointee(ftID)
		if !ok {
			return r.errorf("missing element type for old-style function")
		}
		ft, ftID = elem, uint64(elemID)
	}
	if ft == nil || ft.Kind != ir.FunctionType {
		return r.errorf("invalid function type")
	}
	f := &ir.Function{}
	f.Name = r.globalName("", name)
	if nonIntrinsicSig(ft) != "" {
		// Checked once the names are known (checkIntrinsicSigs).
		r.onlyIntrinsicSigs = append(r.onlyIntrinsicSigs, fnAt{f, r.recBit})
	}
	f.Sig = ft
	f.ValueType = ft
	if fr.callingConv > 1023 {
		return r.errorf("invalid calling convention ID")
	}
	f.CallConv = ir.CallingConv(fr.callingConv)
	as := uint64(r.layoutAddrSpace('P'))
	if fr.hasAddrSpace {
		as = fr.addrSpace
	}
	if as > 0xffffff {
		return r.errorf("invalid address space")
	}
	f.Typ = r.ptrType(uint32(as))
	f.Linkage = fr.linkage
	f.Attrs = r.attrList(fr.attrs)
	if f.Attrs, err = r.typedParamAttrs(f.Attrs, ftID, f.CallConv, nil); err != nil {
		return err
	}
	if r.tids == nil && f.CallConv == ir.CallX86Intr && len(ft.Params) > 0 &&
		(len(f.Attrs.Params) == 0 || !f.Attrs.Params[0].Has(ir.AttrByVal)) {
		// An x86_intrcc function takes its first parameter byval; of an
		// opaque pointer there is no pointee to give it.
		return r.errorf("missing param element type for x86_intrcc upgrade")
	}
	if f.Align, err = r.decodeAlign(fr.align); err != nil {
		return err
	}
	if f.Section, err = r.section(fr.section); err != nil {
		return err
	}
	f.Visibility = fr.visibility
	if fr.gc != 0 {
		if fr.gc-1 >= uint64(len(r.gcNames)) {
			return r.errorf("invalid GC ID")
		}
		f.GC = r.gcNames[fr.gc-1]
	}
	f.UnnamedAddr = fr.unnamedAddr
	fo := pendingFuncOps{f: f, prologe: fr.prologue, prefix: fr.prefix, personality: fr.personality}
	f.DLLStorage = fr.dll
	if fr.hasComdat {
		if f.Comdat, err = r.comdat(fr.comdat); err != nil {
			return err
		}
	} else if hasImplicitComdat(fr.rawLinkage) {
		r.noteImplicitComdat(f)
	}
	f.DSOLocal = fr.dsoLocal
	inferDSOLocal(&f.GlobalHeader)
	if fr.hasPartition {
		f.Partition, _ = r.strtabString(fr.partOff, fr.partSize)
	}
	if fr.hasPrefAlign {
		if f.PrefAlign, err = r.decodeAlign(fr.prefAlign); err != nil {
			return err
		}
	}
	if fr.extra > 0 {
		r.skip("skipped %d unknown fields of a FUNCTION record", fr.extra)
	}
	if fo.personality != 0 || fo.prefix != 0 || fo.prologe != 0 {
		r.funcOperands = append(r.funcOperands, fo)
	}
	if !fr.isProto {
		f.HasBody = true
		r.withBodies = append(r.withBodies, f)
	}
	r.m.Functions = append(r.m.Functions, f)
	r.noteDecl(f)
	r.pushValue(f)
	if t := r.tids; t != nil {
		fid := uint32(min(ftID, uint64(noTypeID)))
		r.setValueTypeID(r.pointerID(fid, uint32(as)))
		if t.fnType == nil {
			t.fnType = map[*ir.Function]uint32{}
		}
		t.fnType[f] = fid
	}
	return nil
}

// layoutAddrSpace returns the address space of a datalayout string's
// specification letter: P<n> (programs) or A<n> (allocas), 0 when absent
// or malformed.
func layoutAddrSpace(dl string, letter byte) uint32 {
	for spec := range strings.SplitSeq(dl, "-") {
		if len(spec) < 2 || spec[0] != letter {
			continue
		}
		n, err := strconv.ParseUint(spec[1:], 10, 32)
		if err != nil || n > 0xffffff {
			return 0
		}
		return uint32(n)
	}
	return 0
}

func (r *Reader) indirectRecord(code llvmir.ModuleCode, ops []uint64) error {
	name, ops, err := r.strtabName(ops)
	if err != nil {
		return err
	}
	ind, ok := decodeIndirect(code, ops)
	if !ok {
		return r.errorf("invalid global indirect symbol record")
	}
	ty := r.typeByID(ind.typ)
	if ty == nil {
		return r.errorf("invalid global indirect symbol type")
	}
	if code == llvmir.MODULE_CODE_ALIAS_OLD {
		// LLVM 3.x: the alias's pointer type, which gives the address
		// space and, by its pointee, the value type.
		if ty.Kind != ir.PointerType {
			return r.errorf("invalid type for value")
		}
		elem, elemID, ok := r.pointee(ind.typ)
		if !ok {
			return r.errorf("missing element type for old-style indirect symbol")
		}
		ty, ind.typ, ind.addrSpace = elem, uint64(elemID), uint64(ty.AddrSpace)
	}
	if ind.addrSpace > 0xffffff {
		return r.errorf("invalid address space")
	}
	var h ir.GlobalHeader
	h.Name = r.globalName("", name)
	h.ValueType = ty
	h.Typ = r.ptrType(uint32(ind.addrSpace))
	h.Linkage = ind.linkage
	h.Visibility = ind.visibility
	h.DLLStorage = ind.dll
	h.ThreadLocal = ind.tls
	h.UnnamedAddr = ind.unnamedAddr
	h.DSOLocal = ind.dsoLocal
	inferDSOLocal(&h)
	if ind.hasPartition {
		p, ok := r.strtabString(ind.partOff, ind.partSize)
		if !ok {
			return r.errorf("malformed partition, too large")
		}
		h.Partition = p
	}
	var v ir.Value
	if code == llvmir.MODULE_CODE_IFUNC {
		fi := &ir.IFunc{GlobalHeader: h}
		r.m.IFuncs = append(r.m.IFuncs, fi)
		v = fi
	} else {
		a := &ir.Alias{GlobalHeader: h}
		r.m.Aliases = append(r.m.Aliases, a)
		v = a
	}
	r.indirectInits = append(r.indirectInits, pendingInit{v, ind.aliasee})
	r.pushValue(v)
	r.setValueTypeID(r.pointerID(uint32(min(ind.typ, uint64(noTypeID))), uint32(ind.addrSpace)))
	return nil
}

// readModuleVST reads a module-level VALUE_SYMTAB: names of globals in
// bitcode before version 2 (later ones take them from the STRTAB and only
// give function offsets here).
func (r *Reader) readModuleVST() error {
	return r.simpleBlock(uint32(llvmir.VALUE_SYMTAB_BLOCK_ID), func(rec *bitstream.Record) error {
		var name []uint64
		switch llvmir.ValueSymtabCode(rec.Code) {
		case llvmir.VST_CODE_ENTRY:
			if len(rec.Ops) < 1 {
				return r.errorf("invalid VST entry")
			}
			name = rec.Ops[1:]
		case llvmir.VST_CODE_FNENTRY:
			if len(rec.Ops) < 2 {
				return r.errorf("invalid VST entry")
			}
			name = rec.Ops[2:]
		default:
			return nil
		}
		if r.version >= 2 {
			return nil
		}
		id := rec.Ops[0]
		if id >= uint64(len(r.values)) || r.values[id] == nil {
			return r.errorf("invalid value ID in symbol table")
		}
		n := opsString(name)
		switch g := r.values[id].(type) {
		case *ir.GlobalVar:
			g.Name = r.globalName(g.Name, n)
			if r.implicitComdats[g] && supportsComdat(r.m.Triple) {
				g.Comdat = r.implicitComdat(g.Name)
			}
		case *ir.Function:
			g.Name = r.globalName(g.Name, n)
			if r.implicitComdats[g] && supportsComdat(r.m.Triple) {
				g.Comdat = r.implicitComdat(g.Name)
			}
		case *ir.Alias:
			g.Name = r.globalName(g.Name, n)
		case *ir.IFunc:
			g.Name = r.globalName(g.Name, n)
		}
		return nil
	})
}

// resolveInits sets the initializers, aliasees and function operands whose
// values exist; at the end of the module (final) every one must.
//
// Like LLVM's reader, it takes each list from its end, and refuses a
// constant LLVM 22 would have to make instructions of (checkInitializer).
func (r *Reader) resolveInits(final bool) error {
	keep := r.globalInits[:0]
	for i := len(r.globalInits) - 1; i >= 0; i-- {
		p := r.globalInits[i]
		if p.id >= uint64(len(r.values)) {
			continue
		}
		c, err := r.constant(p.id)
		if err != nil {
			return err
		}
		if err := r.checkInitializer(c, "a global's initializer"); err != nil {
			return err
		}
		p.g.(*ir.GlobalVar).Init = c
	}
	for _, p := range r.globalInits {
		if p.id >= uint64(len(r.values)) {
			keep = append(keep, p)
		}
	}
	r.globalInits = keep
	keepI := r.indirectInits[:0]
	for i := len(r.indirectInits) - 1; i >= 0; i-- {
		p := r.indirectInits[i]
		if p.id >= uint64(len(r.values)) {
			continue
		}
		c, err := r.constant(p.id)
		if err != nil {
			return err
		}
		switch g := p.g.(type) {
		case *ir.Alias:
			err = r.checkInitializer(c, "an aliasee")
			g.Aliasee = c
		case *ir.IFunc:
			err = r.checkInitializer(c, "an ifunc's resolver")
			g.Resolver = c
		}
		if err != nil {
			return err
		}
	}
	for _, p := range r.indirectInits {
		if p.id >= uint64(len(r.values)) {
			keepI = append(keepI, p)
		}
	}
	r.indirectInits = keepI
	keepF := r.funcOperands[:0]
	set := func(id *uint64, dst *ir.Constant, what string) error {
		if *id == 0 || *id-1 >= uint64(len(r.values)) {
			return nil
		}
		c, err := r.constant(*id - 1)
		if err != nil {
			return err
		}
		if err := r.checkInitializer(c, what); err != nil {
			return err
		}
		*dst, *id = c, 0
		return nil
	}
	for i := len(r.funcOperands) - 1; i >= 0; i-- {
		p := &r.funcOperands[i]
		if err := set(&p.personality, &p.f.Personality, "a personality function"); err != nil {
			return err
		}
		if err := set(&p.prefix, &p.f.Prefix, "a function's prefix data"); err != nil {
			return err
		}
		if err := set(&p.prologe, &p.f.Prologue, "a function's prologue data"); err != nil {
			return err
		}
	}
	for _, p := range r.funcOperands {
		if p.personality != 0 || p.prefix != 0 || p.prologe != 0 {
			keepF = append(keepF, p)
		}
	}
	r.funcOperands = keepF
	if final && (len(r.globalInits) > 0 || len(r.indirectInits) > 0 || len(r.funcOperands) > 0) {
		return r.errorf("malformed global initializer set")
	}
	return nil
}

func (r *Reader) finishModule() error {
	if err := r.resolveInits(true); err != nil {
		return err
	}
	if err := r.md.resolve(r); err != nil {
		return err
	}
	if id, ok := r.md.unresolved(); ok {
		return r.errorf("invalid metadata: forward reference to metadata ID %d never resolved", id)
	}
	r.applyIntrinsicAttrs()
	return nil
}
