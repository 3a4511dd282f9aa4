package bcwrite

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// This file gives an older reader the intrinsics whose signature LLVM 22
// changed in the form that reader's verifier takes, as LLVM 22's own
// upgrade (AutoUpgrade.cpp) undoes them (olderIntrinsic):
//
//   - Debug records (LLVM 19) are calls of llvm.dbg.value, .declare,
//     .assign and .label before LLVM 19, made before the instruction the
//     record is attached to, with the record's operands as metadata
//     arguments and its location as the call's: what LLVM 22's reader
//     turns back into the records.
//
// Write changes the declarations for its run, and each body just before
// it is numbered or written, and undoes both after: the module is left as
// it was given.

// An intrinsicChange is how the declaration of one intrinsic and its
// calls are given to an older reader.
type intrinsicChange struct {
	sig *ir.Type // the declaration's type there
	// at is the index of the immediate argument inserted (-1: none),
	// arg its value at a call.
	at  int
	arg func(in *ir.Instruction) ir.Value
	// ret is the call's type there when it returns a value LLVM 22's
	// does not (llvm.coro.end's i1), else nil.
	ret *ir.Type
	// drop is the index of the last argument, which the declaration
	// there does not take (-1: none).
	drop int
}

// i1Type and i32Type are the types of the operands and results added.
var (
	i1Type  = &ir.Type{Kind: ir.IntegerType, BitWidth: 1}
	i32Type = &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
)

// olderIntrinsic returns how declaration f is given to an older reader,
// when it is one LLVM 22 changed:
//
//   - llvm.lifetime.start/end (LLVM 22: ptr alone) take the object's
//     size first, i64 immarg: given -1, "the whole object", what LLVM
//     22's lifetime markers mean (it drops the size reading them back).
//   - llvm.masked.load/gather (ptr, mask, passthru) and .store/.scatter
//     (value, ptr, mask) take the alignment after the pointer, i32
//     immarg: given the call's align attribute on the pointer (1 when
//     none), from which LLVM 22 reads it back.
//   - llvm.coro.end returns i1 (LLVM 22: void), which no call of a
//     module of LLVM 22 uses; before LLVM 19 (17, by its history) it takes
//     no result token, which a call of LLVM 22 gives as none but in a
//     coroutine returning values.
func (w *writer) olderIntrinsic(f *ir.Function) (*intrinsicChange, bool) {
	sig := f.Sig
	if sig == nil || sig.Kind != ir.FunctionType {
		return nil, false
	}
	insert := func(at int, t *ir.Type) *ir.Type {
		n := *sig
		n.Params = slices.Insert(slices.Clone(sig.Params), at, t)
		return &n
	}
	switch name := f.Name; {
	case (strings.HasPrefix(name, "llvm.lifetime.start.") || strings.HasPrefix(name, "llvm.lifetime.end.")) && len(sig.Params) == 1:
		return &intrinsicChange{sig: insert(0, i64Type), at: 0, arg: func(*ir.Instruction) ir.Value { return lifetimeSize }, drop: -1}, true
	case (strings.HasPrefix(name, "llvm.masked.load.") || strings.HasPrefix(name, "llvm.masked.gather.")) && len(sig.Params) == 3:
		return &intrinsicChange{sig: insert(1, i32Type), at: 1, arg: callAlign(0), drop: -1}, true
	case (strings.HasPrefix(name, "llvm.masked.store.") || strings.HasPrefix(name, "llvm.masked.scatter.")) && len(sig.Params) == 3:
		return &intrinsicChange{sig: insert(2, i32Type), at: 2, arg: callAlign(1), drop: -1}, true
	case name == "llvm.coro.end" && sig.Ret != nil && sig.Ret.Kind == ir.VoidType && len(sig.Params) == 3:
		n := *sig
		n.Ret = i1Type
		c := &intrinsicChange{sig: &n, at: -1, ret: i1Type, drop: -1}
		if !w.knows(19) {
			n.Params = sig.Params[:2:2]
			c.drop = 2
		}
		return c, true
	}
	return nil, false
}

// lifetimeSize is the size argument given to an older reader's lifetime
// intrinsics: -1, the whole object.
var lifetimeSize = &ir.ConstInt{Typ: i64Type, V: -1}

// callAlign returns the alignment argument of a masked memory intrinsic's
// call whose pointer is argument ptr: its align attribute, else 1.
func callAlign(ptr int) func(in *ir.Instruction) ir.Value {
	return func(in *ir.Instruction) ir.Value {
		align := int64(1)
		for _, a := range in.Attrs.Param(ptr) {
			if a.Kind == ir.AttrAlignment && a.Int > 0 {
				align = int64(a.Int)
			}
		}
		return &ir.ConstInt{Typ: i32Type, V: align}
	}
}

// insertParam returns attribute list l with a parameter set inserted at
// at (immarg when decl), when at is one.
func insertParam(l ir.AttrList, at int, decl bool) ir.AttrList {
	if at < 0 || len(l.Params) <= at && !decl {
		return l
	}
	set := ir.AttrSet(nil)
	if decl {
		set = ir.AttrSet{{Kind: ir.AttrImmArg}}
	}
	params := slices.Clone(l.Params)
	for len(params) < at {
		params = append(params, nil)
	}
	l.Params = slices.Insert(params, at, set)
	return l
}

// olderDecls changes the declarations of intrinsics LLVM 22 changed to
// the form of the older reader written for (and adds the debug
// intrinsics for one before LLVM 19); restore undoes it.
func (w *writer) olderDecls() (restore func()) {
	undoEVL := w.olderEVLDecls()
	undoCttz := w.olderCttzEltsDecls()
	undoInterleave0 := w.olderInterleaveDecls()
	undoVP := w.olderVPDecls()
	undoInterleave := func() { undoVP(); undoInterleave0() }
	w.olderMinimumNumDecls()
	w.olderPartialReduceDecls()
	undoMemset := w.olderMemsetInlineDecls()
	undoCmp1 := w.olderCmpDecls()
	undoCmp0 := func() { undoCmp1(); undoMemset(); undoInterleave(); undoCttz(); undoEVL() }
	undoFPClass := w.olderFPClassDecls()
	undoAsm := w.olderAsmDecls()
	undoAwait0 := w.olderAwaitDecls()
	undoTLS := w.olderTLSDecls()
	undoFakeUse := w.olderFakeUseDecls()
	undoTokens := w.olderConvergenceDecls()
	undoAwait := func() { undoTokens(); undoFakeUse(); undoTLS(); undoAwait0() }
	undoCmp := func() { undoAwait(); undoAsm(); undoFPClass(); undoCmp0() }
	undoDbg1 := w.olderDbgDecls()
	undoGlobalExprs := w.olderGlobalExprs()
	undoDbg := func() { undoGlobalExprs(); undoDbg1(); undoCmp() }
	type saved struct {
		f       *ir.Function
		sig, vt *ir.Type
		attrs   ir.AttrList
	}
	var old []saved
	type savedName struct {
		f    *ir.Function
		name string
	}
	var names []savedName
	for _, f := range w.m.Functions {
		name, ok := w.olderName(f)
		if !ok {
			name, ok = w.olderSplice(f)
		}
		if !ok {
			name, ok = w.olderLdexp(f)
		}
		if !ok {
			name, ok = w.olderMemsetInline(f)
		}
		if !ok {
			name, ok = w.olderLibm(f)
		}
		if !ok && !w.typed() {
			// Typed pointers: once typedptr remangled the names
			// (fixedTypedNames).
			name, ok = w.olderFixed(f)
		}
		if ok {
			names = append(names, savedName{f, f.Name})
			f.Name = name
			continue
		}
		w.checkIntrinsic(f)
		if !w.knows(21) && strings.HasPrefix(f.Name, "llvm.experimental.convergence.") {
			w.convergence = true
		}
		c, ok := w.olderIntrinsic(f)
		if !ok {
			continue
		}
		if w.intrinsics == nil {
			w.intrinsics = map[*ir.Function]*intrinsicChange{}
		}
		w.intrinsics[f] = c
		old = append(old, saved{f, f.Sig, f.ValueType, f.Attrs})
		f.Sig, f.ValueType, f.Attrs = c.sig, c.sig, insertParam(f.Attrs, c.at, true)
	}
	return func() {
		for _, s := range old {
			s.f.Sig, s.f.ValueType, s.f.Attrs = s.sig, s.vt, s.attrs
		}
		for _, s := range names {
			s.f.Name = s.name
		}
		undoDbg()
	}
}

// olderName returns the name an older reader knows intrinsic f by, when
// LLVM renamed it since without changing it (llvmir.IntrinsicOlderName: from
// llvm.experimental.stepvector to llvm.stepvector, ...), the suffix that
// mangles its types kept.
func (w *writer) olderName(f *ir.Function) (string, bool) {
	if !strings.HasPrefix(f.Name, "llvm.") {
		return "", false
	}
	base, ok := ir.IntrinsicName(f.Name)
	if !ok {
		return "", false
	}
	old, ok := llvmir.IntrinsicOlderName(base, w.t.version)
	if !ok {
		return "", false
	}
	_, valid := ir.IntrinsicAttrs(f.Name, f.Sig)
	if want, ok := ir.IntrinsicMangledName(f.Name, f.Sig); ok && want != f.Name {
		valid = false
	}
	if !valid {
		// Of a type the intrinsic does not take (LLVM's verifier
		// refuses it): under the older name, LLVM 22 would read it
		// back remangled.
		w.cannot(fmt.Sprintf("the intrinsic %s declared with a type it does not take", base))
		return "", false
	}
	w.lose(fmt.Sprintf("%s (written as %s)", base, old))
	return old + f.Name[len(base):], true
}

// olderBody changes the calls of f's body to the declarations changed by
// olderDecls (and its debug records to calls, before LLVM 19); undo undoes
// it.
func (w *writer) olderBody(f *ir.Function) (undo func()) {
	undoMemProf0 := w.olderMemProf(f)
	undoFakeUse := w.olderFakeUse(f)
	undoMemProf := func() { undoFakeUse(); undoMemProf0() }
	undoEVL := w.olderEVLCalls(f)
	undoCttz := w.olderCttzEltsCalls(f)
	undoInterleave0 := w.olderInterleaveCalls(f)
	undoVP := w.olderVPCalls(f)
	undoInterleave := func() { undoVP(); undoInterleave0() }
	undoMinNum0 := w.olderMinimumNumCalls(f)
	undoPartial := w.olderPartialReduceCalls(f)
	undoMinNum := func() { undoPartial(); undoMinNum0() }
	undoMemset := w.olderMemsetInlineCalls(f)
	undoCmp1 := w.olderCmpCalls(f)
	undoCmp0 := func() {
		undoCmp1()
		undoMemset()
		undoMinNum()
		undoInterleave()
		undoCttz()
		undoEVL()
	}
	undoFPClass := w.olderFPClassCalls(f)
	undoAsm := w.olderAsmCalls(f)
	undoAwait := w.olderAwaitCalls(f)
	undoCmp := func() { undoAwait(); undoAsm(); undoFPClass(); undoCmp0(); undoMemProf() }
	undoTLS0 := w.olderTLS(f)
	undoTLS := func() { undoTLS0(); undoCmp() }
	undoExprs := w.olderDbgExprs(f)
	undoDbg1 := w.olderDbgCalls(f)
	undoDbg0 := func() { undoDbg1(); undoExprs() }
	undoConv0 := w.olderConvergent(f)
	undoTokens := w.olderBundles(f)
	undoSplice := w.olderSpliceCalls(f)
	undoAnnotations := w.olderAnnotations(f)
	undoRMW := w.olderAtomicRMW(f)
	undoCallBr0 := w.olderCallBrUses(f)
	undoVecAlign := w.olderVectorAlign(f)
	undoCallBr := func() { undoVecAlign(); undoCallBr0() }
	undoConv := func() {
		undoCallBr()
		undoRMW()
		undoAnnotations()
		undoSplice()
		undoTokens()
		undoConv0()
	}
	undoDbg := func() { undoConv(); undoDbg0(); undoTLS() }
	if len(w.intrinsics) == 0 {
		return undoDbg
	}
	type saved struct {
		in      *ir.Instruction
		ft, typ *ir.Type
		ops     []ir.Value
		attrs   ir.AttrList
	}
	var old []saved
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != ir.Call {
				continue
			}
			callee, _ := in.Callee.(*ir.Function)
			c, ok := w.intrinsics[callee]
			if !ok || len(in.Operands) != len(c.sig.Params)-b2i(c.at >= 0)+b2i(c.drop >= 0) {
				continue
			}
			old = append(old, saved{in, in.FuncType, in.Typ, in.Operands, in.Attrs})
			in.FuncType = c.sig
			if c.drop >= 0 {
				if _, none := in.Operands[c.drop].(*ir.ConstNull); !none {
					w.loseInBody("llvm.coro.end result token (dropped)")
				}
				in.Operands = in.Operands[:c.drop:c.drop]
			}
			if c.at >= 0 {
				in.Operands = slices.Insert(slices.Clone(in.Operands), c.at, c.arg(in))
				in.Attrs = insertParam(in.Attrs, c.at, false)
			}
			if c.ret != nil {
				in.Typ = c.ret
				if w.knows(19) {
					// LLVM 22 reads the three-argument llvm.coro.end
					// of i1 back as it is.
					w.loseInBody("llvm.coro.end call (returns i1 there, as LLVM 22 reads it back)")
				}
			}
		}
	}
	return func() {
		for _, s := range old {
			s.in.FuncType, s.in.Typ, s.in.Operands, s.in.Attrs = s.ft, s.typ, s.ops, s.attrs
		}
		undoDbg()
	}
}

// declareIntrinsic returns the module's function named name, adding a
// declaration of it of type sig when it has none, with the function
// attributes LLVM 22 gives such an intrinsic (nocallback nofree nosync
// nounwind willreturn memory(none), and speculatable when spec, as for
// llvm.vscale, llvm.cttz and llvm.vector.interleave2) and
// params' parameter attributes: for a call an older reader is given in
// place of one it lacks (the caller's restore takes it out again).
func (w *writer) declareIntrinsic(name string, sig *ir.Type, spec bool, params []ir.AttrSet) *ir.Function {
	if i := slices.IndexFunc(w.m.Functions, func(g *ir.Function) bool { return g.Name == name }); i >= 0 {
		return w.m.Functions[i]
	}
	attrs := ir.AttrSet{{Kind: ir.AttrNoCallback}, {Kind: ir.AttrNoFree}, {Kind: ir.AttrNoSync},
		{Kind: ir.AttrNoUnwind}, {Kind: ir.AttrWillReturn}, {Kind: ir.AttrMemory}}
	if spec {
		attrs = append(attrs, ir.Attribute{Kind: ir.AttrSpeculatable})
	}
	slices.SortFunc(attrs, func(a, b ir.Attribute) int { return int(a.Kind) - int(b.Kind) })
	f := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: name, Typ: &ir.Type{Kind: ir.PointerType}, ValueType: sig},
		Sig: sig, Attrs: ir.AttrList{Fn: attrs, Params: params}}
	w.m.Functions = append(w.m.Functions, f)
	return f
}

// maxLanes is the most lanes of a vector whose intrinsic calls are given
// to an older reader as other instructions: those make a mask or a
// constant lane by lane, and a hostile module's type may be 2^32 lanes
// long (the calls are then refused as of an intrinsic the reader lacks).
// LLVM's own vectors are far shorter.
const maxLanes = 1 << 16

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dbgIntrinsic are the debug intrinsics debug records were, by kind,
// with their number of metadata arguments.
var dbgIntrinsic = [...]struct {
	name string
	args int
}{
	ir.DbgValue:   {"llvm.dbg.value", 3},
	ir.DbgDeclare: {"llvm.dbg.declare", 3},
	ir.DbgAssign:  {"llvm.dbg.assign", 6},
	ir.DbgLabel:   {"llvm.dbg.label", 1},
}

// olderDbgDecls adds the declarations of the debug intrinsics to a module
// with debug info written for a reader before LLVM 19 (w.dbg); restore
// takes them out again. LLVM 22's reader drops them as it turns the
// calls into records.
func (w *writer) olderDbgDecls() (restore func()) {
	if w.knows(19) || !hasDebugCU(w.m) {
		return func() {}
	}
	n := len(w.m.Functions)
	md := &ir.Type{Kind: ir.MetadataType}
	void := &ir.Type{Kind: ir.VoidType}
	ptr := &ir.Type{Kind: ir.PointerType}
	attrs := ir.AttrSet{{Kind: ir.AttrNoCallback}, {Kind: ir.AttrNoFree}, {Kind: ir.AttrNoSync},
		{Kind: ir.AttrNoUnwind}, {Kind: ir.AttrSpeculatable}, {Kind: ir.AttrWillReturn}, {Kind: ir.AttrMemory}}
	slices.SortFunc(attrs, func(a, b ir.Attribute) int { return int(a.Kind) - int(b.Kind) })
	w.dbg = make([]*ir.Function, len(dbgIntrinsic))
	for k, d := range dbgIntrinsic {
		if d.name == "" || ir.DebugRecordKind(k) == ir.DbgAssign && !w.knows(16) {
			continue // llvm.dbg.assign is LLVM 16's: an older one is given dbg.value
		}
		if i := slices.IndexFunc(w.m.Functions[:n], func(f *ir.Function) bool { return f.Name == d.name }); i >= 0 {
			w.dbg[k] = w.m.Functions[i]
			continue
		}
		sig := &ir.Type{Kind: ir.FunctionType, Ret: void, Params: slices.Repeat([]*ir.Type{md}, d.args)}
		f := &ir.Function{GlobalHeader: ir.GlobalHeader{Name: d.name, Typ: ptr, ValueType: sig}, Sig: sig,
			Attrs: ir.AttrList{Fn: attrs}}
		w.dbg[k] = f
		w.m.Functions = append(w.m.Functions, f)
	}
	return func() {
		w.m.Functions = w.m.Functions[:n:n]
	}
}

// hasDebugCU reports whether m has a compile unit (llvm.dbg.cu).
func hasDebugCU(m *ir.Module) bool {
	for _, n := range m.NamedMetadata {
		if n.Name == "llvm.dbg.cu" {
			return true
		}
	}
	return false
}

// olderDbgCalls makes the debug records of f's body calls of the debug
// intrinsics (olderDbgDecls), for a reader before LLVM 19; undo undoes
// it.
func (w *writer) olderDbgCalls(f *ir.Function) (undo func()) {
	if w.dbg == nil {
		return func() {}
	}
	type saved struct {
		b      *ir.Block
		instrs []*ir.Instruction
	}
	var old []saved
	var cleared []*ir.Instruction
	var recs [][]*ir.DebugRecord
	var unattached []*ir.Instruction
	var attachments [][]ir.Attachment
	mdType := &ir.Type{Kind: ir.MetadataType}
	void := &ir.Type{Kind: ir.VoidType}
	for _, b := range f.Blocks {
		n := 0
		for _, in := range b.Instrs {
			n += len(in.DebugRecords)
			if !w.knows(16) && slices.ContainsFunc(in.Metadata, isAssignID) {
				// DIAssignID (LLVM 16) is unknown to an older reader.
				w.loseInBody("!DIAssignID attachment (dropped)")
				unattached = append(unattached, in)
				attachments = append(attachments, in.Metadata)
				in.Metadata = slices.DeleteFunc(slices.Clone(in.Metadata), isAssignID)
			}
		}
		if n == 0 {
			continue
		}
		instrs := make([]*ir.Instruction, 0, len(b.Instrs)+n)
		for _, in := range b.Instrs {
			for _, r := range in.DebugRecords {
				if r != nil && r.Kind == ir.DbgAssign && w.dbg[ir.DbgAssign] == nil && len(r.Ops) == 7 {
					// Before LLVM 16: the dbg.value of its value.
					w.loseInBody("#dbg_assign record (written as llvm.dbg.value)")
					r = &ir.DebugRecord{Kind: ir.DbgValue, Ops: []ir.Metadata{r.Ops[0], r.Ops[1], r.Ops[2], r.Ops[6]}}
				}
				if r == nil || int(r.Kind) >= len(w.dbg) || w.dbg[r.Kind] == nil || len(r.Ops) != dbgIntrinsic[r.Kind].args+1 {
					w.loseInBody("#dbg_declare_value record (dropped)")
					continue
				}
				callee := w.dbg[r.Kind]
				args := make([]ir.Value, len(r.Ops)-1)
				for i, op := range r.Ops[:len(args)] {
					args[i] = &ir.MetadataValue{Typ: mdType, MD: op}
				}
				instrs = append(instrs, &ir.Instruction{Op: ir.Call, Typ: void, Callee: callee, FuncType: callee.Sig,
					Operands: args, DebugLoc: r.Ops[len(args)]})
			}
			if len(in.DebugRecords) > 0 {
				cleared = append(cleared, in)
				recs = append(recs, in.DebugRecords)
				in.DebugRecords = nil
			}
			instrs = append(instrs, in)
		}
		old = append(old, saved{b, b.Instrs})
		b.Instrs = instrs
	}
	return func() {
		for _, s := range old {
			s.b.Instrs = s.instrs
		}
		for i, in := range cleared {
			in.DebugRecords = recs[i]
		}
		for i, in := range unattached {
			in.Metadata = attachments[i]
		}
	}
}

// isAssignID reports whether a is a !DIAssignID attachment.
func isAssignID(a ir.Attachment) bool { return a.Kind == "DIAssignID" }

// checkIntrinsic notes declaration f when it is of an intrinsic the
// reader written for does not have (llvmir.IntrinsicSince): it would read a
// call of it as one of an unknown function, which is refused
// (checkUnknownCalls); a declaration nothing calls is written as it is,
// which that reader takes as one of an external function and LLVM 22
// reads back as it was.
func (w *writer) checkIntrinsic(f *ir.Function) {
	if !strings.HasPrefix(f.Name, "llvm.") {
		return
	}
	base, ok := ir.IntrinsicName(f.Name)
	if !ok || base == "llvm.threadlocal.address" || base == "llvm.fake.use" {
		return // its calls are given as the variable (olderTLS), or dropped (olderFakeUse)
	}
	if !w.knows(14) && (strings.HasPrefix(base, "llvm.arm.mve.") || strings.HasPrefix(base, "llvm.arm.cde.")) && hasV2I1(f.Sig) {
		// LLVM 13's MVE intrinsics of 64-bit lanes take a <4 x i1>
		// predicate; its verifier refuses a <2 x i1> ("Intrinsic has
		// incorrect return type!").
		w.cannot(fmt.Sprintf("the intrinsic %s with a <2 x i1> predicate (LLVM 14 on)", f.Name))
		return
	}
	if !w.knowsIntrinsic(base) {
		if k := w.takenFor(base); k != "" {
			// The reader would take the declaration for one of k
			// (llvm.memset.inline for llvm.memset: LLVM 13 and 14
			// remangle it into llvm.memset's), called or not.
			w.cannot(fmt.Sprintf("the intrinsic %s (newer than LLVM %d; read there as %s)", base, w.t.version, k))
			return
		}
		if w.unknownIntrinsics == nil {
			w.unknownIntrinsics = map[*ir.Function]string{}
		}
		w.unknownIntrinsics[f] = base
	}
}

// takenFor returns the intrinsic the reader written for has whose name,
// and a dot, begin base, an intrinsic it lacks: its reader looks a
// function's name up as the longest such name (lookupIntrinsicID), and
// would take a declaration of base for one of that one. "" for none.
func (w *writer) takenFor(base string) string {
	for k := base; ; {
		i := strings.LastIndexByte(k, '.')
		if i <= len("llvm") {
			return ""
		}
		k = k[:i]
		if b, ok := ir.IntrinsicName(k); ok && b == k && w.knowsIntrinsic(k) {
			return k
		}
	}
}

// checkUnknownCalls refuses the calls of f's body of an intrinsic the
// reader written for does not have (checkIntrinsic), and marks it
// called.
func (w *writer) checkUnknownCalls(f *ir.Function) {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			callee, _ := in.Callee.(*ir.Function)
			if base, ok := w.unknownIntrinsics[callee]; ok && callee != nil && (in.Op == ir.Call || in.Op == ir.Invoke || in.Op == ir.CallBr) {
				w.cannot(fmt.Sprintf("the intrinsic %s (newer than LLVM %d)", base, w.t.version))
				delete(w.unknownIntrinsics, callee)
			}
		}
	}
}

// noteUncalledIntrinsics notes the declarations of intrinsics the reader
// written for does not have that no body calls, written as they are.
func (w *writer) noteUncalledIntrinsics() {
	w.note("declaration of an intrinsic the reader does not have, not called (written as it is: read as an external function's)", len(w.unknownIntrinsics))
}

// hasV2I1 reports whether function type sig returns or takes a <2 x i1>.
func hasV2I1(sig *ir.Type) bool {
	v2 := func(t *ir.Type) bool {
		return t != nil && t.Kind == ir.FixedVectorType && t.Len == 2 && t.Elem.Kind == ir.IntegerType && t.Elem.BitWidth == 1
	}
	return v2(sig.Ret) || slices.ContainsFunc(sig.Params, v2)
}

// olderSplice returns the name an older reader knows a declaration of
// llvm.vector.splice.left or .right (LLVM 22) by: llvm.vector.splice (19;
// llvm.experimental.vector.splice in 15 and 16), which takes the offset
// of .left as it is and that of .right negated (olderSpliceCalls), as
// LLVM 22's reader splits it. The two of one type would be one
// declaration there: refused.
func (w *writer) olderSplice(f *ir.Function) (string, bool) {
	var right bool
	var suffix string
	switch {
	case strings.HasPrefix(f.Name, "llvm.vector.splice.left."):
		suffix = f.Name[len("llvm.vector.splice.left"):]
	case strings.HasPrefix(f.Name, "llvm.vector.splice.right."):
		suffix, right = f.Name[len("llvm.vector.splice.right"):], true
	default:
		return "", false
	}
	old := "llvm.vector.splice"
	if !w.knows(19) {
		old = "llvm.experimental.vector.splice"
	}
	if w.splices == nil {
		w.splices = map[string]*ir.Function{}
	}
	if _, dup := w.splices[suffix]; dup {
		w.cannot("llvm.vector.splice.left and .right of one type")
		return "", false
	}
	w.splices[suffix] = f
	if right {
		if w.spliceRight == nil {
			w.spliceRight = map[*ir.Function]bool{}
		}
		w.spliceRight[f] = true
		w.lose(fmt.Sprintf("llvm.vector.splice.right (written as %s of the negated offset)", old))
	} else {
		w.lose(fmt.Sprintf("llvm.vector.splice.left (written as %s)", old))
	}
	return old + suffix, true
}

// olderLdexp returns the name a reader before LLVM 17 knows an AMDGPU
// module's llvm.ldexp (LLVM 17) of a floating-point scalar and an i32
// exponent by: llvm.amdgcn.ldexp of that type, the target's intrinsic of
// the same operands and meaning, which LLVM 17 on upgrades to llvm.ldexp
// (AutoUpgrade's "amdgcn.ldexp"), as LLVM 22's reader reads it back.
// Other targets have no such intrinsic: refused there (checkIntrinsic).
func (w *writer) olderLdexp(f *ir.Function) (string, bool) {
	const base = "llvm.ldexp."
	if w.knows(17) || !strings.HasPrefix(f.Name, base) || ir.ParseTriple(w.m.Triple).Arch != "amdgcn" {
		return "", false
	}
	sig := f.Sig
	if sig == nil || sig.Kind != ir.FunctionType || len(sig.Params) != 2 || sig.Ret == nil ||
		sig.Params[0].Kind != sig.Ret.Kind || sig.Params[1].Kind != ir.IntegerType || sig.Params[1].BitWidth != 32 {
		return "", false
	}
	switch sig.Ret.Kind {
	case ir.HalfType, ir.FloatType, ir.DoubleType: // what the AMDGPU instructions take
	default:
		return "", false
	}
	float, ok := strings.CutSuffix(f.Name[len(base):], ".i32")
	if !ok || strings.Contains(float, ".") {
		return "", false
	}
	w.lose("llvm.ldexp (written as llvm.amdgcn.ldexp)")
	return "llvm.amdgcn.ldexp." + float, true
}

// lossMemsetInline is what is lost giving llvm.memset.inline to a reader
// before LLVM 15.
const lossMemsetInline = "llvm.memset.inline (written as llvm.memset: it may become a call of memset)"

// olderMemsetInline returns the name a reader before LLVM 15 is given a
// declaration of llvm.memset.inline (LLVM 15) by: llvm.memset's, of the
// same types, the guarantee that no library call is made dropped
// (reported). Such a reader would take llvm.memset.inline's own name for
// a misspelling of llvm.memset's anyway (takenFor). When the module also
// declares that llvm.memset, the two are one declaration there: the calls
// are given that one (olderMemsetInlineDecls).
func (w *writer) olderMemsetInline(f *ir.Function) (string, bool) {
	suffix, ok := strings.CutPrefix(f.Name, "llvm.memset.inline.")
	if w.knows(15) || !ok {
		return "", false
	}
	name := "llvm.memset." + suffix
	if slices.ContainsFunc(w.m.Functions, func(g *ir.Function) bool { return g.Name == name }) {
		return "", false
	}
	w.lose(lossMemsetInline)
	return name, true
}

// olderMemsetInlineDecls takes out of the module written for a reader
// before LLVM 15 each declaration of llvm.memset.inline whose
// llvm.memset of the same types the module declares too, recording in
// w.memsetInline that one for its calls (olderMemsetInlineCalls); restore
// puts them back.
func (w *writer) olderMemsetInlineDecls() (restore func()) {
	if w.knows(15) {
		return func() {}
	}
	byName := map[string]*ir.Function{}
	for _, f := range w.m.Functions {
		if strings.HasPrefix(f.Name, "llvm.memset.") {
			byName[f.Name] = f
		}
	}
	return w.takeDecls(func(f *ir.Function) bool {
		suffix, ok := strings.CutPrefix(f.Name, "llvm.memset.inline.")
		if !ok || f.HasBody {
			return false
		}
		m := byName["llvm.memset."+suffix]
		if m == nil || m.HasBody || m.Sig != f.Sig {
			return false
		}
		if w.memsetInline == nil {
			w.memsetInline = map[*ir.Function]*ir.Function{}
		}
		w.memsetInline[f] = m
		w.lose(lossMemsetInline)
		return true
	})
}

// olderMemsetInlineCalls gives the calls in f's body of the declarations
// of llvm.memset.inline olderMemsetInlineDecls took out the llvm.memset
// it recorded; undo undoes it.
func (w *writer) olderMemsetInlineCalls(f *ir.Function) (undo func()) {
	if len(w.memsetInline) == 0 {
		return func() {}
	}
	var calls []*ir.Instruction
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if callee, _ := in.Callee.(*ir.Function); in.Op == ir.Call && w.memsetInline[callee] != nil {
				calls = append(calls, in)
			}
		}
	}
	for _, in := range calls {
		in.Callee = w.memsetInline[in.Callee.(*ir.Function)]
	}
	return func() {
		inline := map[*ir.Function]*ir.Function{}
		for k, v := range w.memsetInline {
			inline[v] = k
		}
		for _, in := range calls {
			in.Callee = inline[in.Callee.(*ir.Function)]
		}
	}
}

// olderFixed returns the name the older reader written for knows
// declaration f by when LLVM 22 overloads the intrinsic and that version
// does not (llvmir.IntrinsicFixedSig: llvm.va_start.p0 is llvm.va_start before
// LLVM 18): the name without its overload suffixes, when f has that
// version's signature; an intrinsic of another signature, which that
// version lacks, is refused. The same intrinsic under that version's
// name, nothing is reported (LLVM 22 reads it back under its own).
func (w *writer) olderFixed(f *ir.Function) (string, bool) {
	base, ok := ir.IntrinsicName(f.Name)
	if !ok || base == f.Name {
		return "", false
	}
	sig, ok := llvmir.IntrinsicFixedSig(base, w.t.version)
	if !ok {
		return "", false
	}
	if !fixedSignature(f.Sig, sig) {
		w.cannot(fmt.Sprintf("the intrinsic %s of a type LLVM %d's does not take", f.Name, w.t.version))
		return "", false
	}
	return base, true
}

// fixedSignature reports whether function type ft is the signature sig
// gives (the overload suffixes of its result and parameters).
func fixedSignature(ft *ir.Type, sig []string) bool {
	if ft == nil || ft.Kind != ir.FunctionType || ft.VarArg || len(ft.Params)+1 != len(sig) {
		return false
	}
	for i, t := range append([]*ir.Type{ft.Ret}, ft.Params...) {
		if s, ok := ir.IntrinsicTypeSuffix(t); !ok || s != sig[i] {
			return false
		}
	}
	return true
}

// fixedTypedNames gives the declarations of a module typedptr lowered
// the names LLVM 13 or 14 knows them by (olderFixed), for good.
func (w *writer) fixedTypedNames() {
	for _, f := range w.m.Functions {
		if name, ok := w.olderFixed(f); ok {
			f.Name = name
		}
	}
}

// olderSpliceCalls negates the offset of f's calls of llvm.vector.splice
// .right, written as llvm.vector.splice (olderSplice); undo undoes it.
func (w *writer) olderSpliceCalls(f *ir.Function) (undo func()) {
	if len(w.spliceRight) == 0 {
		return func() {}
	}
	type saved struct {
		in  *ir.Instruction
		ops []ir.Value
	}
	var old []saved
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			callee, _ := in.Callee.(*ir.Function)
			if in.Op != ir.Call || !w.spliceRight[callee] || len(in.Operands) != 3 {
				continue
			}
			c, ok := in.Operands[2].(*ir.ConstInt)
			if !ok || c.Big != nil {
				w.cannot("llvm.vector.splice.right of an offset not an i32 constant")
				continue
			}
			old = append(old, saved{in, in.Operands})
			in.Operands = []ir.Value{in.Operands[0], in.Operands[1], &ir.ConstInt{Typ: c.Typ, V: int64(-int32(c.V))}}
		}
	}
	return func() {
		for _, s := range old {
			s.in.Operands = s.ops
		}
	}
}

// olderConvergent makes the calls of f that carry a convergence control
// token ("convergencectrl" bundle) convergent, for a reader before LLVM
// 21: its verifier refuses the bundle on a call neither it nor its callee
// says is convergent (LLVM 21's takes the bundle as saying so). undo
// undoes it.
func (w *writer) olderConvergent(f *ir.Function) (undo func()) {
	if !w.convergence {
		return func() {}
	}
	type saved struct {
		in *ir.Instruction
		fn ir.AttrSet
	}
	var old []saved
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != ir.Call && in.Op != ir.Invoke && in.Op != ir.CallBr || in.Attrs.Fn.Has(ir.AttrConvergent) {
				continue
			}
			if callee, ok := in.Callee.(*ir.Function); ok && callee.Attrs.Fn.Has(ir.AttrConvergent) {
				continue
			}
			if !slices.ContainsFunc(in.Bundles(), func(b ir.OperandBundle) bool { return b.Tag == "convergencectrl" }) {
				continue
			}
			old = append(old, saved{in, in.Attrs.Fn})
			fn := append(slices.Clone(in.Attrs.Fn), ir.Attribute{Kind: ir.AttrConvergent})
			ir.SortAttrs(fn)
			in.Attrs.Fn = fn
			w.loseInBody("call with a convergencectrl bundle (made convergent)")
		}
	}
	return func() {
		for _, s := range old {
			s.in.Attrs.Fn = s.fn
		}
	}
}

// olderVectorAlign drops, for LLVM 13, the align attribute of a call's
// argument that is a vector of pointers (as LLVM 22 gives the pointers of
// llvm.vp.gather their alignment): LLVM 13 takes align on a pointer only,
// and its reader removes it from such an argument without a word.
// Reported; undo undoes it. (llvm.masked.gather and scatter are given
// their alignment as the argument LLVM 13 has.)
func (w *writer) olderVectorAlign(f *ir.Function) (undo func()) {
	if w.knows(14) {
		return func() {}
	}
	type saved struct {
		in     *ir.Instruction
		params []ir.AttrSet
	}
	var old []saved
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != ir.Call && in.Op != ir.Invoke && in.Op != ir.CallBr {
				continue
			}
			if callee, ok := in.Callee.(*ir.Function); ok && strings.HasPrefix(callee.Name, "llvm.masked.") {
				// Their alignment is an argument for LLVM 13.
				continue
			}
			var params []ir.AttrSet
			for i, set := range in.Attrs.Params {
				if i >= len(in.Operands) || !set.Has(ir.AttrAlignment) {
					continue
				}
				if t := in.Operands[i].Type(); t == nil || !t.IsVector() {
					continue
				}
				if params == nil {
					params = slices.Clone(in.Attrs.Params)
				}
				params[i] = slices.DeleteFunc(slices.Clone(set), func(a ir.Attribute) bool { return a.Kind == ir.AttrAlignment })
				w.loseInBody("align attribute of a vector of pointers (dropped: LLVM 13 takes it on a pointer only)")
			}
			if params != nil {
				old = append(old, saved{in, in.Attrs.Params})
				in.Attrs.Params = params
			}
		}
	}
	return func() {
		for _, s := range old {
			s.in.Attrs.Params = s.params
		}
	}
}

// olderCallBrUses gives, for a reader before LLVM 17, poison to the uses of
// a callbr's result that its default edge does not dominate
// (ir.CallBrUsesPastIndirect): that reader defines the result on the
// default edge only, and its verifier refuses such a use ("Instruction
// does not dominate all uses!"). Reported; undo undoes it.
func (w *writer) olderCallBrUses(f *ir.Function) (undo func()) {
	if w.knows(17) {
		return func() {}
	}
	type saved struct {
		in     *ir.Instruction
		ops    []ir.Value
		callee ir.Value
	}
	var old []saved
	for _, b := range f.Blocks {
		n := len(b.Instrs)
		if n == 0 || b.Instrs[n-1].Op != ir.CallBr {
			continue
		}
		cb := b.Instrs[n-1]
		ir.CallBrUsesPastIndirect(f, b, cb, func(in *ir.Instruction, k int) bool {
			if len(old) == 0 || old[len(old)-1].in != in {
				old = append(old, saved{in, in.Operands, in.Callee})
				in.Operands = slices.Clone(in.Operands)
			}
			poison := &ir.Poison{Typ: cb.Typ}
			if k >= 0 {
				in.Operands[k] = poison
				return true
			}
			for i, v := range in.Operands {
				if v == ir.Value(cb) {
					in.Operands[i] = poison
				}
			}
			if in.Callee == ir.Value(cb) {
				in.Callee = poison
			}
			return true
		})
	}
	if len(old) > 0 {
		w.loseInBody("use of a callbr result past one of its indirect destinations (given poison: LLVM 16 and older define it on the default edge only)")
	}
	return func() {
		for _, s := range old {
			s.in.Operands, s.in.Callee = s.ops, s.callee
		}
	}
}

// olderMemProf drops the !memprof attachments of f's calls for an older
// reader: their MemInfoBlocks hold the sizes of the contexts as LLVM 22
// lays them out (a tuple per context), which the verifiers of LLVM 15 to
// 21 refuse (llvm-dis-15, 16 and 19 abort). They are profile hints: the
// calls mean the same without them; their !callsite stays. undo undoes
// it.
func (w *writer) olderMemProf(f *ir.Function) (undo func()) {
	if !w.older() {
		return func() {}
	}
	type saved struct {
		in   *ir.Instruction
		atts []ir.Attachment
	}
	var old []saved
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			i := slices.IndexFunc(in.Metadata, func(a ir.Attachment) bool { return a.Kind == "memprof" })
			if i < 0 {
				continue
			}
			old = append(old, saved{in, in.Metadata})
			in.Metadata = slices.Delete(slices.Clone(in.Metadata), i, i+1)
			w.loseInBody("!memprof metadata (dropped)")
		}
	}
	return func() {
		for _, s := range old {
			s.in.Metadata = s.atts
		}
	}
}

// olderFakeUse drops the calls of llvm.fake.use (LLVM 20) from f's body
// for an older reader: it keeps a value alive for a debugger
// (-fextend-variable-liveness) and means nothing else. Debug records
// before a call go to the instruction after it. Its declaration stays,
// without calls (checkIntrinsic). undo undoes it.
func (w *writer) olderFakeUse(f *ir.Function) (undo func()) {
	if !w.older() {
		return func() {}
	}
	return dropInstrs(f, func(in *ir.Instruction) bool {
		if !isFakeUse(in) {
			return false
		}
		w.loseInBody("llvm.fake.use call (dropped)")
		return true
	})
}

// dropInstrs takes the instructions of f's body for which drop returns
// true out of their blocks (a block's last instruction stays), their
// debug records moved to the instruction after them; undo undoes it.
func dropInstrs(f *ir.Function, drop func(in *ir.Instruction) bool) (undo func()) {
	type savedBlock struct {
		b      *ir.Block
		instrs []*ir.Instruction
	}
	type savedRecs struct {
		in   *ir.Instruction
		recs []*ir.DebugRecord
	}
	var blocks []savedBlock
	var recs []savedRecs
	for _, b := range f.Blocks {
		var kept []*ir.Instruction
		var moved []*ir.DebugRecord
		for i, in := range b.Instrs {
			if i == len(b.Instrs)-1 || !drop(in) {
				if kept != nil {
					if len(moved) > 0 {
						recs = append(recs, savedRecs{in, in.DebugRecords})
						in.DebugRecords = append(moved, in.DebugRecords...)
						moved = nil
					}
					kept = append(kept, in)
				}
				continue
			}
			if kept == nil {
				kept = slices.Clone(b.Instrs[:i])
			}
			moved = append(moved, in.DebugRecords...)
		}
		if kept != nil {
			blocks = append(blocks, savedBlock{b, b.Instrs})
			b.Instrs = kept
		}
	}
	return func() {
		for _, s := range blocks {
			s.b.Instrs = s.instrs
		}
		for _, s := range recs {
			s.in.DebugRecords = s.recs
		}
	}
}

// isFakeUse reports whether in calls llvm.fake.use.
func isFakeUse(in *ir.Instruction) bool {
	callee, _ := in.Callee.(*ir.Function)
	return in.Op == ir.Call && callee != nil && callee.Name == "llvm.fake.use"
}

// olderTLSDecls takes the declarations of llvm.threadlocal.address (LLVM
// 16) out of the module written for an older reader, whose calls olderTLS
// gives as their variables: left uncalled, such a declaration would be
// one of an unknown function there (and the module one inspect says needs
// LLVM 16).
func (w *writer) olderTLSDecls() (restore func()) {
	if w.knows(16) {
		return func() {}
	}
	return w.takeUncalled(tlsDeclTaken, func(name string) bool { return strings.HasPrefix(name, "llvm.threadlocal.address.") })
}

// olderFakeUseDecls takes the declaration of llvm.fake.use (LLVM 20) out
// of the module written for an older reader, whose calls olderFakeUse
// drops: left uncalled, it would be one of an unknown function there.
func (w *writer) olderFakeUseDecls() (restore func()) {
	if !w.older() {
		return func() {}
	}
	return w.takeUncalled("llvm.fake.use declaration (taken out: its calls dropped)", func(name string) bool { return name == "llvm.fake.use" })
}

// takeUncalled takes the declarations whose names named says out
// (takeDecls), their count noted as note.
func (w *writer) takeUncalled(note string, named func(name string) bool) (restore func()) {
	taken := 0
	restore = w.takeDecls(func(f *ir.Function) bool {
		if f.HasBody || !named(f.Name) {
			return false
		}
		taken++
		return true
	})
	w.note(note, taken)
	return restore
}

// tlsDeclTaken is the note of olderTLSDecls.
const tlsDeclTaken = "llvm.threadlocal.address declaration (taken out: its calls given as their variables)"

// olderTLS gives a reader before LLVM 16 f's body without the calls of
// llvm.threadlocal.address (LLVM 16), which returns the address of a
// thread-local variable in the calling thread: before it, the variable
// itself stood for that address, as each use of a call is given. undo
// undoes it.
func (w *writer) olderTLS(f *ir.Function) (undo func()) {
	if w.knows(16) {
		return func() {}
	}
	// The calls go, their debug records moved to the next instruction.
	repl := map[ir.Value]ir.Value{}
	undoDrop := dropInstrs(f, func(in *ir.Instruction) bool {
		callee, _ := in.Callee.(*ir.Function)
		if in.Op != ir.Call || callee == nil || len(in.Operands) != 1 || !strings.HasPrefix(callee.Name, "llvm.threadlocal.address.") {
			return false
		}
		repl[in] = in.Operands[0]
		w.loseInBody("llvm.threadlocal.address call (its variable used in its place)")
		return true
	})
	if len(repl) == 0 {
		return undoDrop
	}
	type savedOps struct {
		in   *ir.Instruction
		ops  []ir.Value
		recs []*ir.DebugRecord
	}
	// asMD returns md with a use of a call replaced, or nil.
	asMD := func(md ir.Metadata) ir.Metadata {
		if v, ok := md.(*ir.ValueAsMetadata); ok && v != nil {
			if r, ok := repl[v.Value]; ok {
				return &ir.ValueAsMetadata{Value: r}
			}
		}
		return nil
	}
	var ops []savedOps
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			saved := savedOps{in, in.Operands, in.DebugRecords}
			changed := false
			for i, v := range in.Operands {
				r, ok := repl[v]
				if mv, isMD := v.(*ir.MetadataValue); isMD {
					if md := asMD(mv.MD); md != nil {
						r, ok = &ir.MetadataValue{Typ: mv.Typ, MD: md}, true
					}
				}
				if !ok {
					continue
				}
				if !changed {
					in.Operands = slices.Clone(in.Operands)
					changed = true
				}
				in.Operands[i] = r
			}
			for i, rec := range in.DebugRecords {
				for j, op := range rec.Ops {
					md := asMD(op)
					if md == nil {
						continue
					}
					if !changed || len(saved.recs) > 0 && &in.DebugRecords[0] == &saved.recs[0] {
						in.DebugRecords = slices.Clone(in.DebugRecords)
					}
					changed = true
					if in.DebugRecords[i] == rec {
						in.DebugRecords[i] = &ir.DebugRecord{Kind: rec.Kind, Ops: slices.Clone(rec.Ops)}
					}
					in.DebugRecords[i].Ops[j] = md
				}
			}
			if changed {
				ops = append(ops, saved)
			}
		}
	}
	return func() {
		for _, s := range ops {
			s.in.Operands, s.in.DebugRecords = s.ops, s.recs
		}
		undoDrop()
	}
}
