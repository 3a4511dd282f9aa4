package bcwrite

import (
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"math/bits"
	"slices"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/typedptr"
	"github.com/bcextract/bcextract/llvmir"
)

// Options say how Write writes a module.
type Options struct {
	// Producer is the IDENTIFICATION string; "" is DefaultProducer.
	Producer string
	// ModuleID is the module's source file name when the model has none
	// (Module.NoSourceFilename): LLVM's reader names such a module after
	// the file it read, and its writer writes that name.
	ModuleID string
	// Loader loads the bodies of functions whose body is not in memory
	// (Function.HasBody with no Blocks), such as a bitcode.Reader. Each
	// is loaded twice (to number what the module level holds, then to
	// write it), by a goroutine of Write's a few bodies ahead of the
	// writing, and, when the loader is an ir.BodyReleaser, released
	// after each use, so that a few bodies are in memory at a time. The
	// loader is called from one goroutine at a time; the module must not
	// change while Write runs.
	Loader ir.BodyLoader
	// DropSummary writes the module without the summary it carries (its
	// Module.Summary) and without its module hash, as `opt-22 FILE -o
	// OUT` does. By default the summary is written as it was read.
	DropSummary bool
	// Rehash writes, with a summary, the module hash LLVM's writer
	// computes for the module block written (as `opt-22 --module-summary
	// --module-hash` does) instead of the hash the summary carries.
	Rehash bool
	// SizeHint is about how many bytes the output will be (such as the
	// size of the bitcode the module was read from): the output buffer
	// is made that large at once rather than grown as it fills.
	SizeHint int
	// Version is the LLVM major version whose reader the output is for
	// (one of Versions; 0 is LatestVersion). For an older one, what the
	// module holds that the reader does not know is dropped or rewritten
	// into what it knows (see Losses), and each record has that
	// version's layout; a module summary is not written.
	//
	// For LLVM 14 and older, whose readers want typed pointers, Write
	// changes the module into its typed-pointer form for good
	// (typedptr): the module level first, then each body as it is
	// loaded, or every body first when Loader may upgrade bodies with
	// what the module level holds (ir.BodyUpgrader: not a Loader that
	// says it does not).
	// The module is not one of LLVM 22 afterwards, even when Write
	// fails. Read it anew to use it again.
	Version int
	// Losses, when not nil, is given what was dropped or rewritten for
	// the reader of Version.
	Losses *Losses
	// Strict makes the first such loss an error (a *LossError): nothing
	// is written.
	Strict bool
	// NoAsmParser writes as an LLVM tool that registers no target's
	// assembler parser (llvm-link-22, llvm-as-22): a module with
	// module-level inline assembly gets no IR symbol table (SYMTAB
	// block). Otherwise, as opt-22, such a module gets one when its
	// Module.AsmSymbols are known; when they are not (the assembly is not
	// parsed here), the table is left out and that is counted in Losses
	// (a linker makes the table again from the module).
	NoAsmParser bool
	// UseListsAsGiven says the module's global values have no use-list
	// orders to keep, such as a linked one's: the orders the module
	// holds (Module.UseListOrders, Function.UseListOrders) are written,
	// and nothing is counted in Losses for those LLVM's writer would add.
	// Otherwise a body where LLVM's writer adds an order this writer does
	// not predict yet, one whose landingpad or phi uses a global value
	// directly and inside a constant of a later operand (LLVM's reader
	// builds those uses in another order than its writer predicts), is
	// written with the orders the module holds, and counted in Losses
	// (never an error with Strict: the module is the same).
	UseListsAsGiven bool
}

// DefaultProducer is what LLVM 22.1.8's writer writes as its producer.
const DefaultProducer = "LLVM22.1.8"

// An UnsupportedError says what in a module this writer does not write
// yet.
type UnsupportedError struct {
	What string
}

// Error returns "bcwrite: WHAT is not supported yet".
func (e *UnsupportedError) Error() string {
	return "bcwrite: " + e.What + " is not supported yet"
}

// Write returns m written as bitcode.
func Write(m *ir.Module, opts Options) ([]byte, error) {
	data, _, err := write(m, opts, nil)
	return data, err
}

// An Output is what WriteTo writes to, such as an *os.File: it is
// written at offsets, and read back where the bitstream's back-patching
// changes bytes already written.
type Output = bitstream.StreamOutput

// streamChunk is how many bytes WriteTo holds before it writes them out
// (a variable for the tests, which make it small).
var streamChunk = 256 << 10

// WriteTo writes m as bitcode to out, from offset 0, the bytes Write
// returns, and returns how many it wrote. They are written out as they
// are made, streamChunk bytes at a time, so that the output is never all
// in memory at once, except for a Darwin or Mach-O module (whose wrapper
// header gives the size) and a module whose hash is computed anew
// (Options.Rehash), which are made in memory and then written. When
// WriteTo fails, what out holds is not bitcode: write to a temporary file
// and put it in place once WriteTo succeeds.
func WriteTo(m *ir.Module, opts Options, out Output) (int64, error) {
	data, n, err := write(m, opts, out)
	if err != nil || data == nil {
		return n, err
	}
	if _, err := out.WriteAt(data, 0); err != nil {
		return 0, fmt.Errorf("bcwrite: %w", err)
	}
	return int64(len(data)), nil
}

// write returns m written as bitcode, or, given out, writes it to out as
// it is made when it can (see WriteTo) and returns nil bytes and their
// number.
func write(m *ir.Module, opts Options, out Output) ([]byte, int64, error) {
	t, err := targetFor(opts.Version)
	if err != nil {
		return nil, 0, err
	}
	if m.Summary != nil && m.Summary.Combined && !opts.DropSummary && t.version == LatestVersion {
		// A combined index (a thin link's) has no module to write:
		// the index is written as read.
		data, err := WriteIndex(m.Summary)
		return data, 0, err
	}
	w := &writer{m: m, t: t, opts: opts}
	if w.older() && m.Summary != nil && !opts.DropSummary {
		// Each release reads only the summary versions it knows
		// (LLVM 19: 1 to 10; LLVM 22 writes 12).
		w.lose("module summary (not written)")
		opts.DropSummary = true
		w.opts.DropSummary = true
	}
	seen := &mdSeen{m: map[any]bool{}, badIntrinsics: mistypedIntrinsics(m)}
	if w.typed() {
		if w.lowering, err = w.typedModule(seen); err != nil {
			return nil, 0, err
		}
	} else {
		if w.older() {
			defer w.olderDecls()()
		}
		if err := check(m, opts, seen); err != nil {
			return nil, 0, err
		}
	}
	producer := opts.Producer
	if producer == "" {
		producer = DefaultProducer
	}
	w.e = newEnumerator()
	if opts.Rehash && m.Summary != nil && !opts.DropSummary {
		w.hasher = sha1.New()
	}
	w.e.typed = w.typed()
	w.e.bareAuth = !w.knows(19)
	w.e.enumModule(m)
	kinds0 := m.MetadataKinds
	w.kinds = slices.Clone(kinds0)
	// The module level numbers the types, attribute lists and metadata
	// the bodies use.
	instrMD := false
	// Each body is checked before it is numbered: check and checkBody
	// alone use seen.
	checkF := func(f *ir.Function) error {
		if !opts.UseListsAsGiven && !w.typed() && interleavedUse(f) != nil {
			w.note(lossUseList, 1)
		}
		return checkBody(m, f, seen)
	}
	if w.preloaded {
		checkF = nil // checked as loaded (preloadTyped)
	}
	// Bodies all in memory are written as numbered; bodies loaded again
	// have their nodes numbered again (refreshFunctionMD), and so need
	// not keep them from the first pass.
	w.e.md.reloaded = w.opts.Loader != nil
	w.numbering = true
	err = w.eachFunction(m.Functions, checkF, func(f *ir.Function) error {
		if !f.HasBody {
			w.e.enumFunction(f)
			for _, a := range f.Metadata {
				w.kindID(a.Kind)
			}
			return nil
		}
		mark := len(w.e.md.entries)
		w.e.enumFunction(f)
		for _, a := range f.Metadata {
			w.kindID(a.Kind)
		}
		if len(w.unknownIntrinsics) > 0 {
			w.checkUnknownCalls(f)
		}
		w.e.enumBodyTypes(f)
		w.baUses.note(f)
		for _, blk := range f.Blocks {
			for _, in := range blk.Instrs {
				for _, a := range in.Metadata {
					w.kindID(a.Kind)
				}
				instrMD = instrMD || len(in.Metadata) > 0
			}
		}
		if w.e.md.reloaded {
			w.e.retireFunction(w.e.valueID(f)+1, mark)
		}
		return nil
	})
	w.numbering = false
	if err != nil {
		return nil, 0, err
	}
	w.noteUncalledIntrinsics()
	if w.typed() {
		w.fixedTypedNames()
		st := w.lowering.Stats()
		w.note("bitcast instructions inserted between typed pointers (LLVM 22 reads them back as bitcast of ptr to ptr)", st.Casts)
		w.note("bitcast constant expressions made between typed pointers", st.ConstCasts)
	}
	for _, k := range m.MetadataKinds[min(len(kinds0), len(m.MetadataKinds)):] {
		// Kinds the loader registered as it loaded the bodies (as
		// ir.DebugStripper registers heapallocsite).
		if !slices.Contains(w.kinds, k) {
			w.kinds = append(w.kinds, k)
		}
	}
	for _, g := range m.Globals {
		for _, a := range g.Metadata {
			w.kindID(a.Kind)
		}
	}
	for _, k := range m.LateMetadataKinds {
		if !slices.Contains(w.kinds, k) {
			w.kinds = append(w.kinds, k)
		}
	}
	if instrMD && !hasDebugInfoVersion(m) && !slices.Contains(w.kinds, "heapallocsite") {
		// opt-22's reader upgrades a module without the "Debug Info
		// Version" flag of LLVM 22 by stripping its debug info
		// (UpgradeDebugInfo, StripDebugInfo), which clears
		// !heapallocsite by name on every instruction that has
		// attachments and so registers the kind in the context that is
		// then written.
		w.kinds = append(w.kinds, "heapallocsite")
	}
	if w.e.md.err != nil {
		return nil, 0, w.e.md.err
	}
	w.e.organizeMD()
	// The output's buffer is made once the first pass is done, and the
	// most of what it numbered dropped (organizeMD): not to add to the
	// first pass's peak.
	darwin := ir.ParseTriple(m.Triple).IsOSDarwin() || ir.ParseTriple(m.Triple).ObjectFormat == "macho"
	streaming := out != nil && !darwin && w.hasher == nil
	if streaming {
		w.bs = bitstream.NewStreamWriter(out, streamChunk)
	} else {
		w.bs = bitstream.NewWriter(make([]byte, 0, max(opts.SizeHint, 0)+1024))
	}
	w.bs.WriteMagic(bitstream.LLVMIRStream)
	w.identification(producer)
	if err := w.module(); err != nil {
		return nil, 0, err
	}
	if w.unsupported != nil {
		return nil, 0, w.unsupported
	}
	if w.lossErr != nil {
		return nil, 0, w.lossErr
	}
	if v := w.e.missing; v != nil {
		return nil, 0, &UnsupportedError{What: fmt.Sprintf("a use of a value the module does not number (%T; not valid IR)", v)}
	}
	sm := m
	if m.NoSourceFilename {
		// The symbol table names the source file the module record does.
		c := *m
		c.SourceFilename, c.NoSourceFilename = opts.ModuleID, false
		sm = &c
	}
	blob, ok, err := buildSymtab(sm, &w.st, producerVersion(producer), !opts.NoAsmParser)
	if errors.Is(err, errAsmSymbols) {
		w.lose(lossAsmSymtab)
		if w.lossErr != nil {
			return nil, 0, w.lossErr
		}
	} else if err != nil {
		return nil, 0, err
	}
	if ok {
		w.blobBlock(llvmir.SYMTAB_BLOCK_ID, uint32(llvmir.SYMTAB_BLOB), blob)
	}
	w.blobBlock(llvmir.STRTAB_BLOCK_ID, uint32(llvmir.STRTAB_BLOB), w.st.buf)
	if err := w.bs.Flush(); err != nil {
		return nil, 0, fmt.Errorf("bcwrite: %w", err)
	}
	if streaming {
		return nil, int64(w.bs.BitPos() / 8), nil
	}
	if darwin {
		return darwinWrap(w.bs.Bytes(), ir.ParseTriple(m.Triple)), 0, nil
	}
	return w.bs.Bytes(), 0, nil
}

// darwinWrap puts the bitcode of a Darwin or Mach-O module in the
// wrapper LLVM's writer gives it: a 20-byte header (0x0B17C0DE, version
// 0, offset 20, size, CPU type), then the bitcode, padded with zeros to
// a multiple of 16 bytes.
func darwinWrap(bc []byte, t ir.Triple) []byte {
	cpu := ^uint32(0)
	const abi64, x86, arm, ppc = 0x01000000, 7, 12, 18
	switch t.Arch {
	case "x86_64":
		cpu = x86 | abi64
	case "i386":
		cpu = x86
	case "powerpc":
		cpu = ppc
	case "powerpc64":
		cpu = ppc | abi64
	case "arm", "thumb":
		cpu = arm
	}
	out := make([]byte, 20, 20+len(bc)+15)
	binary.LittleEndian.PutUint32(out[0:], 0x0B17C0DE)
	binary.LittleEndian.PutUint32(out[8:], 20)
	binary.LittleEndian.PutUint32(out[12:], uint32(len(bc)))
	binary.LittleEndian.PutUint32(out[16:], cpu)
	out = append(out, bc...)
	for len(out)%16 != 0 {
		out = append(out, 0)
	}
	return out
}

// producerVersion is the version the IR symbol table names: the
// producer without its "LLVM" prefix.
func producerVersion(p string) string {
	if len(p) > 4 && p[:4] == "LLVM" {
		return p[4:]
	}
	return p
}

// check returns what in m this writer cannot write yet.
func check(m *ir.Module, opts Options, seen *mdSeen) error {
	for _, nmd := range m.NamedMetadata {
		for _, n := range nmd.Ops {
			if err := checkMD(n, seen); err != nil {
				return err
			}
		}
	}
	if m.Summary != nil && !opts.DropSummary {
		if err := checkSummary(m.Summary); err != nil {
			return err
		}
	}
	for _, a := range m.Aliases {
		if err := checkConst(a.Aliasee); err != nil {
			return err
		}
	}
	for _, i := range m.IFuncs {
		if err := checkConst(i.Resolver); err != nil {
			return err
		}
	}
	for _, g := range m.Globals {
		for _, a := range g.Metadata {
			if err := checkMD(a.Node, seen); err != nil {
				return err
			}
		}
		if g.Init != nil {
			if err := checkConst(g.Init); err != nil {
				return err
			}
		}
	}
	for _, f := range m.Functions {
		if err := checkFnAttrs(f.Attrs.Fn, f); err != nil {
			return err
		}
		for _, a := range f.Metadata {
			if err := checkMD(a.Node, seen); err != nil {
				return err
			}
		}
		for _, c := range []ir.Constant{f.Personality, f.Prefix, f.Prologue} {
			if c != nil {
				if err := checkConst(c); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// checkFnAttrs refuses the function attributes s of function f (or of
// a call in its body) that do not read back as written: readnone,
// readonly or writeonly there (an old producer's attribute bitmask can
// give them, which LLVM 22's reader keeps as they are) are read from an
// attribute group as memory effects (upgradeOldMemoryAttributes), and
// LLVM 22's verifier refuses them ("Attribute 'readonly' does not apply
// to functions!").
func checkFnAttrs(s ir.AttrSet, f *ir.Function) error {
	for _, a := range s {
		switch a.Kind {
		case ir.AttrReadNone, ir.AttrReadOnly, ir.AttrWriteOnly:
			return &UnsupportedError{What: fmt.Sprintf("a %s function attribute (not valid IR; in @%s)", a.Kind, f.Name)}
		}
	}
	return nil
}

// mistypedIntrinsics returns the declarations of m of an intrinsic of
// LLVM 22 of a type that intrinsic does not take (the vector intrinsics of
// clang 13 and 14 for RISC-V, which llvm-dis-22 prints as they are), nil
// when there are none. LLVM 22's verifier refuses a call of one
// ("Intrinsic has incorrect argument type!", visitIntrinsicCall), so a
// body calling one is not written (checkBody); one no call uses is
// another declaration to it (the llvm.lifetime.start.i64 its own upgrade
// of an older lifetime intrinsic leaves). A name LLVM 22 does not know is
// another function to it.
func mistypedIntrinsics(m *ir.Module) map[*ir.Function]bool {
	var bad map[*ir.Function]bool
	for _, f := range m.Functions {
		if f.HasBody || len(f.Name) < 5 || f.Name[:5] != "llvm." {
			continue
		}
		if _, ok := ir.IntrinsicName(f.Name); !ok {
			continue
		}
		if _, ok := ir.IntrinsicAttrs(f.Name, f.Sig); ok {
			continue
		}
		if bad == nil {
			bad = make(map[*ir.Function]bool)
		}
		bad[f] = true
	}
	return bad
}

// A writer writes one module.
type writer struct {
	m *ir.Module
	// byName is namedValues' map, kept for the next function.
	byName map[string]ir.Value
	// instOps is instruction's record, kept for the next instruction.
	instOps []uint64
	// fnMDs is functionMetadata's, kept for the next function.
	fnMDs []ir.Metadata
	// diOps is the record diRecord makes (recOps), kept for the next.
	diOps []uint64
	t     target // the reader written for
	// lossErr is the first loss met, with Options.Strict.
	lossErr *LossError
	// intrinsics are the intrinsic declarations changed for an older
	// reader, with how (olderDecls).
	intrinsics map[*ir.Function]*intrinsicChange
	// annotations are the !annotation tuples made for a reader before
	// LLVM 17, by the tuple each replaces (nil for one dropped): the
	// second pass writes the nodes the first numbered (olderAnnotation).
	annotations map[ir.MDNode]ir.MDNode
	// dbg are the debug intrinsics added for a reader before LLVM 19,
	// by record kind (olderDbgDecls).
	dbg []*ir.Function
	// splices are the declarations of llvm.vector.splice.left/right by
	// the suffix of their type, spliceRight the .right ones, written as
	// llvm.vector.splice for a reader before LLVM 22 (olderSplice).
	splices     map[string]*ir.Function
	spliceRight map[*ir.Function]bool
	// convergence is set when the module declares a convergence control
	// intrinsic, written for a reader before LLVM 21 (olderDecls).
	convergence bool
	// dropTokens is set when the reader lacks the convergence control
	// intrinsics, whose declarations were taken out: their calls and
	// the convergencectrl bundles are dropped
	// (olderBundles).
	dropTokens bool
	// evl are the declarations of llvm.experimental.get.vector.length
	// taken out for a reader before LLVM 19, each with the llvm.vscale
	// of its count's type (olderEVLDecls).
	evl map[*ir.Function]*ir.Function
	// memsetInline are the declarations of llvm.memset.inline taken out
	// for a reader before LLVM 15, each with the llvm.memset its calls
	// are given (olderMemsetInlineDecls).
	memsetInline map[*ir.Function]*ir.Function
	// partialReduce are the declarations of
	// llvm.vector.partial.reduce.add whose calls are given to a reader
	// that lacks it as shufflevectors and adds
	// (olderPartialReduceDecls).
	partialReduce map[*ir.Function]bool
	// minimumNum are the declarations of llvm.minimumnum (false) and
	// llvm.maximumnum (true) taken out for a reader before LLVM 20
	// (olderMinimumNumDecls).
	minimumNum map[*ir.Function]bool
	// interleaves are the declarations of llvm.vector.interleave4 and 8
	// and deinterleave4 and 8 taken out for LLVM 19's reader
	// (olderInterleaveDecls).
	interleaves map[*ir.Function]*interleave
	// vp are the declarations of llvm.vp.merge and llvm.vp.reduce.*
	// taken out of the module written for LLVM 13 (olderVPDecls).
	vp map[*ir.Function]*vpCall
	// cttzElts are the declarations of llvm.experimental.cttz.elts
	// taken out for a reader before LLVM 19, each with the llvm.cttz its
	// calls are given as (nil when they cannot be: olderCttzEltsDecls).
	cttzElts map[*ir.Function]*ir.Function
	// cmps are the declarations of llvm.scmp (true) and llvm.ucmp
	// (false) taken out for a reader before LLVM 19 (olderCmpDecls).
	cmps map[*ir.Function]bool
	// fpclass are the declarations of llvm.is.fpclass taken out for a
	// reader before LLVM 15 (olderFPClassDecls).
	fpclass map[*ir.Function]bool
	// asmCalls are the declarations of NVPTX intrinsics taken out for a
	// reader that lacks them, and the inline assembly each call is
	// given as (olderAsmDecls).
	asmCalls map[*ir.Function]asmIntrinsic
	// awaitCalls are the declarations of the coroutine await intrinsics
	// taken out for a reader before LLVM 19 (olderAwaitDecls).
	awaitCalls map[*ir.Function]bool
	// unknownIntrinsics are the declarations of intrinsics the reader
	// lacks, by base name, but for those found called (checkIntrinsic).
	unknownIntrinsics map[*ir.Function]string
	// killExprs are the expressions of the kill locations given to
	// debug records whose expression the reader does not take
	// (olderDbgExprs), by fragment (offset and size; none {0, 0}): the
	// same node for one fragment in both passes.
	killExprs map[[2]int64]*ir.SpecializedNode
	// numbering is set while the bodies are numbered, before they are
	// written: a body changed for an older reader is changed both times,
	// its losses counted the second (loseInBody).
	numbering bool
	// lowering, for a reader of typed pointers, types each body as it
	// is loaded (typedBody); typedDone holds the bodies that stay in
	// memory and were typed already.
	lowering  *typedptr.Lowering
	typedDone map[*ir.Function]bool
	// preloaded says the bodies were loaded before the module level
	// was typed (typedModule), and made ready but for their pointers.
	preloaded bool
	e         *enumerator
	bs        *bitstream.Writer
	st        strtab
	opts      Options

	vstOffsetBit uint64 // where the VSTOFFSET placeholder is
	strBlob      []byte // metadataStrings' blob, kept from block to block
	// baUses are the uses of blockaddresses across functions.
	baUses blockAddrUses
	// hasher, when the module hash is computed (Options.Rehash), has
	// been given the names addName added.
	hasher hash.Hash
	ops    []uint64
	// kinds are the metadata kinds beyond the fixed ones: the module's,
	// then those its attachments add.
	kinds []string
	// unsupported is what the writer met that it cannot write, found
	// while writing (check finds the rest beforehand).
	unsupported *UnsupportedError
}

// log2Ceil is LLVM's Log2_32_Ceil: the bits needed for values below n
// (0 for n <= 1).
func log2Ceil(n uint64) uint64 {
	if n <= 1 {
		return 0
	}
	return uint64(bits.Len64(n - 1))
}

func lit(v uint64) bitstream.AbbrevOp { return bitstream.AbbrevOp{Enc: bitstream.Literal, Value: v} }
func fixed(w uint64) bitstream.AbbrevOp {
	return bitstream.AbbrevOp{Enc: bitstream.Fixed, Value: w}
}
func vbr(w uint64) bitstream.AbbrevOp { return bitstream.AbbrevOp{Enc: bitstream.VBR, Value: w} }

var (
	array = bitstream.AbbrevOp{Enc: bitstream.Array}
	char6 = bitstream.AbbrevOp{Enc: bitstream.Char6}
	blob  = bitstream.AbbrevOp{Enc: bitstream.Blob}
)

// stringOps returns the bytes of s as record operands.
func (w *writer) stringOps(s string) []uint64 {
	w.ops = w.ops[:0]
	for i := 0; i < len(s); i++ {
		w.ops = append(w.ops, uint64(s[i]))
	}
	return w.ops
}

// stringRecord writes a record whose operands are the bytes of s, with
// abbrev when it is not 0 and s is all Char6 (writeStringRecord). LLVM
// pushes each char, signed, into 32-bit operands: a byte of 0x80 or more
// is written sign-extended.
func (w *writer) stringRecord(code uint32, s string, abbrev uint32) {
	ops := w.stringOps(s)
	if abbrev != 0 && bitstream.IsChar6(s) {
		w.bs.WriteAbbrevRecord(abbrev, code, ops, nil)
		return
	}
	for i, c := range ops {
		ops[i] = uint64(uint32(int32(int8(c))))
	}
	w.bs.WriteRecord(code, ops)
}

// signedCharOps returns the bytes of s as 64-bit operands, each char
// signed (sign-extended), as LLVM appends a string's chars to a record of
// 64-bit operands (metadata kinds, operand bundle tags, sync scopes).
func (w *writer) signedCharOps(s string) []uint64 {
	ops := w.stringOps(s)
	for i, c := range ops {
		ops[i] = uint64(int64(int8(c)))
	}
	return ops
}

// identification writes the IDENTIFICATION block.
func (w *writer) identification(producer string) {
	w.bs.EnterBlock(uint32(llvmir.IDENTIFICATION_BLOCK_ID), 5)
	str := w.bs.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.IDENTIFICATION_CODE_STRING)), array, char6))
	w.stringRecord(uint32(llvmir.IDENTIFICATION_CODE_STRING), producer, str)
	epoch := w.bs.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.IDENTIFICATION_CODE_EPOCH)), vbr(6)))
	w.bs.WriteAbbrevRecord(epoch, uint32(llvmir.IDENTIFICATION_CODE_EPOCH), []uint64{0}, nil)
	w.bs.ExitBlock()
}

// blobBlock writes a top-level block of one blob record (STRTAB, SYMTAB).
func (w *writer) blobBlock(id llvmir.BlockID, code uint32, b []byte) {
	w.bs.EnterBlock(uint32(id), 3)
	a := w.bs.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(code)), blob))
	if b == nil {
		b = []byte{}
	}
	w.bs.WriteAbbrevRecord(a, code, nil, b)
	w.bs.ExitBlock()
}

// module writes the MODULE_BLOCK in LLVM 22's order.
func (w *writer) module() error {
	w.bs.EnterBlock(uint32(llvmir.MODULE_BLOCK_ID), 3)
	blockStart := w.bs.BitPos()
	w.bs.WriteRecord(uint32(llvmir.MODULE_CODE_VERSION), []uint64{2})
	w.blockInfo()
	w.typeTable()
	w.attributeGroups()
	w.attributeLists()
	w.comdats()
	if err := w.moduleInfo(); err != nil {
		return err
	}
	w.constantsBlock(w.e.firstConst, len(w.e.values), true)
	w.metadataKinds()
	w.moduleMetadata()
	w.useLists(w.m.UseListOrders)
	w.bundleTags()
	w.syncScopes()
	nModuleValues := len(w.e.values)
	fnStart := map[*ir.Function]uint64{}
	err := w.eachFunction(w.m.Functions, nil, func(f *ir.Function) error {
		if f.HasBody {
			fnStart[f] = w.function(f)
		}
		return nil
	})
	if err != nil {
		return err
	}
	withSummary := w.m.Summary != nil && !w.opts.DropSummary
	if withSummary {
		if err := w.summary(nModuleValues); err != nil {
			return err
		}
	}
	w.moduleVST(fnStart)
	if withSummary {
		w.moduleHash(blockStart)
	}
	w.bs.ExitBlock()
	return nil
}

// The abbreviation IDs writeBlockInfo gives the constants block.
const (
	constSetTypeAbbrev = 4
	constIntegerAbbrev = 5
	constCastAbbrev    = 6
	constNullAbbrev    = 7
)

// debugMetadataVersion is LLVM 22's DEBUG_METADATA_VERSION.
const debugMetadataVersion = 3

// hasDebugInfoVersion reports whether m's module flags say "Debug Info
// Version" debugMetadataVersion.
func hasDebugInfoVersion(m *ir.Module) bool {
	v, ok := m.ModuleFlagInt("Debug Info Version")
	return ok && v == debugMetadataVersion
}
