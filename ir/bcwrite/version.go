package bcwrite

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// This file says what an older LLVM's reader is given (Options.Version):
// the versions written for, what each one's reader knows, and the
// record of what a module held that it cannot be given (Losses).
//
// The rest of the writer asks w.older() and w.lose at each place a
// version differs; the layouts written for an older reader are those of
// its own writer (BitcodeWriter.cpp of that release), so that its reader
// takes every record as its writer would have written it.

// LatestVersion is the LLVM version whose writer this package follows:
// what Options.Version 0 writes for.
const LatestVersion = 22

// Versions are the LLVM major versions whose readers this package writes
// for (Options.Version), oldest first.
var Versions = []int{13, 14, 15, 16, 19, 22}

// A target is what the reader of one LLVM version knows, where it
// differs from LLVM 22's.
type target struct {
	version int
	// maxAttrKind is the highest attribute kind code the reader knows
	// (getAttrFromCode): a higher one fails the whole module.
	maxAttrKind llvmir.AttributeKindCode
}

var targets = map[int]target{
	// LLVM 13.0's reader knows the kinds up to elementtype (77), and
	// typed pointers only (see typed).
	13: {version: 13, maxAttrKind: llvmir.ATTR_KIND_ELEMENTTYPE},
	// LLVM 14.0's reader knows the kinds up to
	// disable_sanitizer_instrumentation (78), and refuses opaque
	// pointers but in its -opaque-pointers mode.
	14: {version: 14, maxAttrKind: llvmir.ATTR_KIND_DISABLE_SANITIZER_INSTRUMENTATION},
	// LLVM 15.0's reader knows the kinds up to fn_ret_thunk_extern (84):
	// not memory, whose effects it takes as the legacy attributes.
	15: {version: 15, maxAttrKind: llvmir.ATTR_KIND_FNRETTHUNK_EXTERN},
	// LLVM 16.0's reader knows the kinds up to memory (86).
	16: {version: 16, maxAttrKind: llvmir.ATTR_KIND_MEMORY},
	// LLVM 19.1's reader knows the kinds up to initializes (94); its
	// header names hybrid_patchable (95) but its reader refuses it (Emp,
	// llvm-dis-19).
	19: {version: 19, maxAttrKind: llvmir.ATTR_KIND_INITIALIZES},
	22: {version: 22, maxAttrKind: llvmir.ATTR_KIND_NO_CREATE_UNDEF_OR_POISON},
}

// targetFor returns the target of Options.Version v (0: the latest).
func targetFor(v int) (target, error) {
	if v == 0 {
		v = LatestVersion
	}
	t, ok := targets[v]
	if !ok {
		vs := make([]string, len(Versions))
		for i, n := range Versions {
			vs[i] = fmt.Sprint(n)
		}
		return target{}, &UnsupportedError{What: fmt.Sprintf("writing for LLVM %d (this writer writes for LLVM %s)", v, strings.Join(vs, ", "))}
	}
	return t, nil
}

// older reports whether the output is for a reader older than LLVM 22.
func (w *writer) older() bool { return w.t.version < LatestVersion }

// typed reports whether the reader written for wants typed pointers
// (LLVM 14 and older): m is then changed into its typed-pointer form
// before it is written (typedModule).
func (w *writer) typed() bool { return w.t.version <= 14 }

// knows reports whether the reader written for is of LLVM v or later:
// whether it knows what LLVM v added. The v named at each use is the
// first of Versions whose reader knows it (as read in its sources and
// checked with its tools), not always the release that added it.
func (w *writer) knows(v int) bool { return w.t.version >= v }

// A Loss is one kind of thing a module held that the reader of
// Options.Version cannot be given as it is, and how often it was met:
// dropped (an attribute, a flag, a field of a debug-info node), or
// rewritten into what that reader knows, with a meaning that may be wider
// (a memory effect merged into another).
type Loss struct {
	What  string `json:"what"` // e.g. "icmp samesign flag (dropped)"
	Count int    `json:"count"`
}

// Losses collect the Loss of each kind met while writing, for
// Options.Losses.
type Losses struct {
	counts map[string]int
}

// add counts one more of what.
func (l *Losses) add(what string) {
	if l.counts == nil {
		l.counts = make(map[string]int)
	}
	l.counts[what]++
}

// List returns the losses met, by kind, in the order of their What.
func (l *Losses) List() []Loss {
	out := make([]Loss, 0, len(l.counts))
	for what, n := range l.counts {
		out = append(out, Loss{What: what, Count: n})
	}
	slices.SortFunc(out, func(a, b Loss) int { return strings.Compare(a.What, b.What) })
	return out
}

// Len returns how many kinds of loss were met.
func (l *Losses) Len() int { return len(l.counts) }

// A LossError is returned by Write with Options.Strict for the first
// thing the module holds that the reader of Options.Version cannot be
// given as it is.
type LossError struct {
	Version int
	What    string
}

// Error returns "bcwrite: LLVM N's reader cannot be given WHAT".
func (e *LossError) Error() string {
	return fmt.Sprintf("bcwrite: LLVM %d's reader cannot be given %s", e.Version, e.What)
}

// lose records that what was dropped or rewritten for an older reader:
// counted in Options.Losses, and with Options.Strict the first one is
// the error Write returns.
func (w *writer) lose(what string) {
	if w.opts.Strict && w.lossErr == nil {
		w.lossErr = &LossError{Version: w.t.version, What: what}
	}
	if w.opts.Losses != nil {
		w.opts.Losses.add(what)
	}
}

// note records that n of what were made for an older reader, with the
// meaning kept (bitcasts between typed pointers): counted in
// Options.Losses, never an error with Options.Strict.
func (w *writer) note(what string, n int) {
	if w.opts.Losses != nil && n > 0 {
		if w.opts.Losses.counts == nil {
			w.opts.Losses.counts = make(map[string]int)
		}
		w.opts.Losses.counts[what] += n
	}
}

// loseInBody is lose for what is changed in a body before it is numbered
// and again before it is written: counted once.
func (w *writer) loseInBody(what string) {
	if !w.numbering {
		w.lose(what)
	}
}

// How olderAttr gives an attribute to an older reader.
type attrHow uint8

const (
	attrKept     attrHow = iota // as it is
	attrDropped                 // not at all
	attrAsEnum                  // as the enum attribute of the code returned
	attrAsInt                   // as the int attribute of the code and value returned
	attrAsLegacy                // as the legacy memory attributes legacyMemory gives
)

// olderAttr says how attribute a is given to the reader of an older
// version: as it is, dropped, or as another attribute standing for it.
// Each one not given as it is is recorded (lose), but for one that
// stands for it exactly.
func (w *writer) olderAttr(a *ir.Attribute) (llvmir.AttributeKindCode, uint64, attrHow) {
	code := attrCodes[a.Kind]
	switch a.Kind {
	case ir.AttrCaptures:
		if code <= w.t.maxAttrKind {
			break
		}
		if a.Int == 0 {
			// captures(none) is what nocapture was: LLVM 22's reader
			// reads nocapture so.
			return llvmir.ATTR_KIND_NO_CAPTURE, 0, attrAsEnum
		}
		w.lose("captures(...) attribute other than none (dropped)")
		return 0, 0, attrDropped
	case ir.AttrElementType:
		if !w.knows(14) {
			// LLVM 13's verifier takes it on intrinsics only; its
			// type is the pointee of the typed pointer it is on.
			w.lose("elementtype attribute (dropped; the typed pointer gives its type)")
			return 0, 0, attrDropped
		}
	case ir.AttrUWTable:
		if !w.knows(15) {
			// An enum attribute before LLVM 15 (uwtable(sync) and
			// uwtable(async) came with 15): LLVM 22 reads it as
			// uwtable(async), the kind clang gives.
			if a.Int != 2 {
				w.lose("uwtable(sync) attribute (written as uwtable, read back as async)")
			}
			return code, 0, attrAsEnum
		}
	case ir.AttrMemory:
		if !w.knows(16) {
			return 0, a.Int, attrAsLegacy
		}
		return code, w.olderMemory(a.Int), attrAsInt
	}
	if code > w.t.maxAttrKind {
		w.lose(a.Kind.String() + " attribute (dropped)")
		return 0, 0, attrDropped
	}
	return code, 0, attrKept
}

// olderMemory returns memory effects me (LLVM 22's MemoryEffects: two
// bits per location, ArgMem, InaccessibleMem, ErrnoMem, Other,
// TargetMem0, TargetMem1) in the encoding of LLVM 16 to 21 (version 0:
// ArgMem, InaccessibleMem, Other), where other memory holds errno memory
// and inaccessible memory the target's state: their effects are merged
// in, a loss only where that widens the effects.
func (w *writer) olderMemory(me uint64) uint64 {
	loc := func(i uint) uint64 { return me >> (2 * i) & 3 }
	arg, inacc, errno, other, target := loc(0), loc(1), loc(2), loc(3), loc(4)|loc(5)
	if errno&^other != 0 {
		w.lose("memory attribute: errnomem effects beyond other memory's (merged into other memory)")
	}
	if target&^inacc != 0 {
		w.lose("memory attribute: target_mem effects beyond inaccessible memory's (merged into inaccessible memory)")
	}
	return arg | (inacc|target)<<2 | (errno|other)<<4
}

// legacyMemory returns the function attributes that stood for memory
// effects me (LLVM 22's MemoryEffects) before LLVM 16: readnone,
// readonly or writeonly, with argmemonly, inaccessiblememonly or
// inaccessiblemem_or_argmemonly, for the smallest such set of effects
// that holds me (a loss where it is larger: per-location accesses that
// differ become the union of them).
func (w *writer) legacyMemory(me uint64) []llvmir.AttributeKindCode {
	loc := func(i uint) uint64 { return me >> (2 * i) & 3 }
	// Errno memory is other memory there, target memory inaccessible.
	arg, inacc, other := loc(0), loc(1)|loc(4)|loc(5), loc(2)|loc(3)
	all := arg | inacc | other
	// Exact when LLVM 22 reads the legacy attributes back as me: the
	// effects on every location without a location attribute, on
	// those it names (and no target memory) with one.
	exact := loc(4) == 0 && loc(5) == 0
	var codes []llvmir.AttributeKindCode
	switch {
	case other != 0:
		exact = true
		for i := range uint(6) {
			exact = exact && loc(i) == all
		}
	case arg != 0 && inacc != 0:
		exact = exact && arg == inacc
		codes = append(codes, llvmir.ATTR_KIND_INACCESSIBLEMEM_OR_ARGMEMONLY)
	case arg != 0:
		codes = append(codes, llvmir.ATTR_KIND_ARGMEMONLY)
	case inacc != 0:
		codes = append(codes, llvmir.ATTR_KIND_INACCESSIBLEMEM_ONLY)
	}
	switch all {
	case 0:
		codes = append(codes, llvmir.ATTR_KIND_READ_NONE)
	case 1:
		codes = append(codes, llvmir.ATTR_KIND_READ_ONLY)
	case 2:
		codes = append(codes, llvmir.ATTR_KIND_WRITEONLY)
	}
	if !exact {
		w.lose("memory attribute with per-location accesses (written as the legacy attributes of their union)")
	}
	return codes
}

// castCode returns the bitcode encoding of a cast opcode for the reader
// written for: ptrtoaddr (LLVM 22) is ptrtoint for an older one, which
// is the same on targets whose addresses are as wide as their pointers.
func (w *writer) castCode(op ir.Opcode) (llvmir.CastOpcode, bool) {
	if op == ir.PtrToAddr && w.older() {
		w.lose("ptrtoaddr (written as ptrtoint)")
		op = ir.PtrToInt
	}
	return castCode(op)
}

// cannot records that the module holds what the reader written for
// cannot be given in any form: Write fails with an UnsupportedError.
func (w *writer) cannot(what string) {
	if w.unsupported == nil {
		w.unsupported = &UnsupportedError{What: fmt.Sprintf("%s for LLVM %d's reader", what, w.t.version)}
	}
}

// loseAtom records the key-instruction atom of location l, which an older
// reader is not given.
func (w *writer) loseAtom(l *ir.DILocation) {
	if l.AtomGroup != 0 || l.AtomRank != 0 {
		w.lose("DILocation atomGroup/atomRank (dropped)")
	}
}

// olderStringAttr returns string attribute a as an older reader is to be
// given it: "frame-pointer"="non-leaf-no-reserve" (LLVM 22) is refused by
// the verifier of LLVM 21 and older, and given as "non-leaf", which keeps
// the frame pointer and also reserves its register.
func (w *writer) olderStringAttr(a *ir.Attribute) *ir.Attribute {
	if a.Key == "frame-pointer" && a.Value == "non-leaf-no-reserve" {
		w.lose(`"frame-pointer"="non-leaf-no-reserve" (written as "non-leaf")`)
		return &ir.Attribute{Key: a.Key, Value: "non-leaf"}
	}
	return a
}

// optFlags returns the flags operand of instruction in (optFlags) as
// the reader written for takes it: an older one refuses an icmp's flags
// (samesign, LLVM 20) and, before LLVM 19, a trunc's or a zext's; it
// skips those of an or (disjoint, LLVM 18) and the fast-math flags of
// casts (LLVM 20).
func (w *writer) optFlags(in *ir.Instruction) uint64 {
	fl := optFlags(in)
	if fl == 0 || !w.older() {
		return fl
	}
	var what string
	switch {
	case in.Op == ir.ICmp:
		what = "icmp samesign flag"
	case in.Op == ir.Or && !w.knows(19):
		what = "or disjoint flag"
	case (in.Op == ir.ZExt || in.Op == ir.UIToFP) && !w.knows(19):
		what = in.Op.String() + " nneg flag"
	case in.Op == ir.Trunc && !w.knows(19):
		what = "trunc nuw/nsw flags"
	case isCast(in.Op) && in.Op != ir.ZExt && in.Op != ir.UIToFP && in.Op != ir.Trunc:
		what = "fast-math flags on " + in.Op.String()
	default:
		return fl
	}
	w.lose(what + " (dropped)")
	return 0
}

// gepFlags returns the flags operand of a getelementptr (gepFlags) as
// the reader written for takes it: before LLVM 19 an inbounds bit, which
// any other bit set would read as inbounds.
func (w *writer) gepFlags(f ir.Flags) uint64 {
	if w.knows(19) {
		return gepFlags(f)
	}
	w.loseGEPFlags(f)
	return b2u(f&ir.InBounds != 0)
}

// loseGEPFlags records the flags of a getelementptr before LLVM 19 knew
// them: nusw (but as part of inbounds) and nuw.
func (w *writer) loseGEPFlags(f ir.Flags) {
	if f&ir.NUSW != 0 && f&ir.InBounds == 0 {
		w.lose("getelementptr nusw flag (dropped)")
	}
	if f&ir.NUW != 0 {
		w.lose("getelementptr nuw flag (dropped)")
	}
}

// weightsOrigin reports whether tuple t is !prof branch weights with
// their origin (a string after the name: "expected", weights of
// llvm.expect) that the reader written for does not know, and records
// the loss: the readers before LLVM 19 take the string for a weight,
// find one too many for the instruction and drop the whole attachment
// (BitcodeReader::materialize), so it is left out and the weights kept.
func (w *writer) weightsOrigin(t *ir.MDTuple) bool {
	if w.knows(19) || len(t.Ops) < 2 {
		return false
	}
	if s, ok := t.Ops[0].(*ir.MDString); !ok || s.Value != "branch_weights" {
		return false
	}
	if _, ok := t.Ops[1].(*ir.MDString); !ok {
		return false
	}
	w.lose(`branch_weights origin ("expected") (dropped)`)
	return true
}

// localImport reports whether md, an operand of a tuple, is an imported
// entity of a local scope (a function's using directive or declaration)
// that the reader written for does not take there, and records the
// loss. From LLVM 17 on they are listed in their DISubprogram's
// retainedNodes, which the verifiers before take only variables and
// labels in (and drop the module's debug info); they listed them in
// their DICompileUnit's imports, which are written before the bodies
// that show the subprograms, so they are left out (their records
// written, referred to by nothing).
func (w *writer) localImport(md ir.Metadata) bool {
	if w.knows(19) {
		return false
	}
	n, ok := md.(*ir.SpecializedNode)
	if !ok || n == nil || n.Kind != "DIImportedEntity" {
		return false
	}
	s, ok := mdField(n, fScope).(*ir.SpecializedNode)
	if !ok || s == nil {
		return false
	}
	switch s.Kind {
	case "DISubprogram", "DILexicalBlock", "DILexicalBlockFile":
		w.lose("DIImportedEntity of a local scope in retainedNodes (dropped)")
		return true
	}
	return false
}
