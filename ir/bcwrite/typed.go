package bcwrite

import (
	"slices"
	"strings"

	"github.com/bcextract/bcextract/internal/bodyfeed"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/typedptr"
)

// typedModule prepares the module level for a reader of typed pointers
// (LLVM 14 and older), for good: the older forms of intrinsics and
// module flags, the use-list orders dropped (the bitcasts inserted
// change the uses), and the pointers of the module level typed
// (typedptr.Start). Each body is then made ready by typedBody as it is
// loaded, twice (numbered, then written). When the loader may upgrade a
// body with what the module level holds (an old producer's,
// ir.BodyUpgrader), every body is loaded first instead, made ready for
// the older reader before the module level is typed, and kept.
func (w *writer) typedModule(seen *mdSeen) (*typedptr.Lowering, error) {
	m := w.m
	w.olderDecls()
	if err := check(m, w.opts, seen); err != nil {
		return nil, err
	}
	if u, ok := w.opts.Loader.(ir.BodyUpgrader); w.opts.Loader != nil && (!ok || u.UpgradesBodies()) {
		if err := w.preloadTyped(seen); err != nil {
			return nil, err
		}
	}
	m.UseListOrders = nil
	if !w.knows(14) {
		for _, g := range m.Globals {
			g.Align = w.olderAlign(g.Align, lossObjectAlign, w.lose)
		}
		for _, f := range m.Functions {
			f.Align = w.olderAlign(f.Align, lossObjectAlign, w.lose)
		}
	}
	w.olderModuleFlags()
	lw, err := typedptr.Start(m)
	if err != nil {
		return nil, typedError(err)
	}
	return lw, nil
}

// preloadTyped loads every body through Options.Loader, checks it and
// gives it the older reader's forms (olderTypedBody), and keeps it: the
// writer then loads none (Options.Loader nil).
func (w *writer) preloadTyped(seen *mdSeen) error {
	fns := w.m.Functions
	feed := bodyfeed.Start(w.opts.Loader, fns, bodyfeed.Options{Ahead: feedAhead})
	defer feed.Stop()
	for _, f := range fns {
		if !f.HasBody {
			continue
		}
		_, err := feed.Next(f)
		if err == nil {
			err = checkBody(w.m, f, seen)
		}
		if err != nil {
			return err
		}
		w.olderTypedBody(f)
	}
	w.opts.Loader = nil
	w.preloaded = true
	return nil
}

// typedBody gives the body of f, just loaded (or in memory), the form a
// reader of typed pointers takes: the older forms of its instructions
// (olderTypedBody, unless preloadTyped gave them) and typed pointers
// (typedptr.Lowering.Body). A body loaded again for the writing pass is
// made so again, its losses counted then (loseInBody); one that stays in
// memory is made so once, its losses counted at once.
func (w *writer) typedBody(f *ir.Function, loaded bool) error {
	if !f.HasBody || w.typedDone[f] {
		return nil
	}
	if !loaded {
		if w.typedDone == nil {
			w.typedDone = map[*ir.Function]bool{}
		}
		w.typedDone[f] = true
		defer func(n bool) { w.numbering = n }(w.numbering)
		w.numbering = false
	}
	if !w.preloaded {
		w.olderTypedBody(f)
	}
	return typedError(w.lowering.Body(f))
}

// olderTypedBody gives the body of f the forms a reader of typed
// pointers takes, all but the pointers: olderBody's and those of LLVM 14
// and older (asm goto, a pointer's atomicrmw xchg, for 13 alignments up
// to 2^29), and no use-list orders.
func (w *writer) olderTypedBody(f *ir.Function) {
	w.olderCallBr(f)
	w.checkTypedBody(f)
	w.olderBody(f)
	w.olderPointerXchg(f)
	w.olderBodyAlign(f) // of what those made too
	f.UseListOrders = nil
}

// What olderAlign reports.
const (
	lossObjectAlign = "alignment of a global, function or alloca above 2^29 (written as 2^29: it may be placed less aligned than its code assumes)"
	lossAccessAlign = "alignment of a memory access above 2^29 (written as 2^29)"
)

// olderAlign returns alignment a as LLVM 13 takes it, which is up to 2^29
// only (its reader refuses more: "Invalid alignment value"): a higher one
// is 2^29, reported (what) by lose. For an access (load, store, cmpxchg,
// atomicrmw) that is a weaker promise about the same access, as a dropped
// flag is; for an object it may place the object less aligned than its
// code assumes.
func (w *writer) olderAlign(a uint64, what string, lose func(string)) uint64 {
	if a > 1<<29 && !w.knows(14) {
		lose(what)
		return 1 << 29
	}
	return a
}

// olderBodyAlign gives the alignments of f's allocas and memory accesses
// above 2^29 as LLVM 13 takes them (olderAlign).
func (w *writer) olderBodyAlign(f *ir.Function) {
	if w.knows(14) {
		return
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			switch in.Op {
			case ir.Alloca:
				in.Align = w.olderAlign(in.Align, lossObjectAlign, w.loseInBody)
			case ir.Load, ir.Store, ir.AtomicCmpXchg, ir.AtomicRMW:
				in.Align = w.olderAlign(in.Align, lossAccessAlign, w.loseInBody)
			}
		}
	}
}

// typedError is err of typedptr as the writer's.
func typedError(err error) error {
	if u, ok := err.(*typedptr.UnsupportedError); ok {
		return &UnsupportedError{What: u.What + " (typed pointers)"}
	}
	return err
}

// olderModuleFlags gives the module flags of behaviour Min (8, LLVM 15)
// the behaviour LLVM 14's own writers gave them: Max for PIC Level and
// PIE Level, Error for the branch-protection flags. The same for the
// module, not when it is linked with another that has the flag.
func (w *writer) olderModuleFlags() {
	for _, n := range w.m.NamedMetadata {
		if n.Name != "llvm.module.flags" {
			continue
		}
		for _, op := range n.Ops {
			t, ok := op.(*ir.MDTuple)
			if !ok || t == nil || len(t.Ops) != 3 {
				continue
			}
			v, ok := t.Ops[0].(*ir.ValueAsMetadata)
			if !ok || v == nil {
				continue
			}
			c, ok := v.Value.(*ir.ConstInt)
			if !ok || c.Big != nil || c.V != 8 {
				continue
			}
			// LLVM 14's own writers gave the branch-protection flags
			// (which LLVM 15 upgrades from Error to Min) Error, PIC
			// Level and PIE Level Max.
			v2, what := int64(7), "max"
			if s, ok := t.Ops[1].(*ir.MDString); ok && s != nil &&
				(s.Value == "branch-target-enforcement" || strings.HasPrefix(s.Value, "sign-return-address")) {
				v2, what = 1, "error"
			}
			w.lose("module flag behaviour min (written as " + what + ")")
			t.Ops[0] = &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: c.Typ, V: v2}}
		}
	}
}

// olderCallBr gives a reader of LLVM 14 or older each callbr of inline
// assembly (asm goto) of f in the form it knows: the indirect
// destinations are also arguments of the assembly, blockaddresses of
// them, in order, after the other arguments, their constraints without
// LLVM 15's "!" (LLVM 15's reader makes the new form of the old one so:
// UpgradeCallBr). A callbr whose label constraints are not the last to
// take arguments, or not as many as its indirect destinations, is
// refused.
func (w *writer) olderCallBr(f *ir.Function) {
	for _, b := range f.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		in := b.Instrs[len(b.Instrs)-1]
		if in.Op != ir.CallBr {
			continue
		}
		asm, ok := in.Callee.(*ir.InlineAsm)
		if !ok || in.FuncType == nil || len(in.Succs) == 0 {
			w.cannot("callbr of other than inline assembly")
			return
		}
		indirect := in.Succs[1:]
		cons := strings.Split(asm.Constraints, ",")
		if asm.Constraints == "" {
			cons = nil
		}
		labels, tail := 0, false
		for i, k := range cons {
			if strings.HasPrefix(k, "!") {
				cons[i], tail = k[1:], true
				labels++
				continue
			}
			if tail && ir.ConstraintTakesArg(k) {
				labels = -1 // an argument after a label
				break
			}
		}
		if labels != len(indirect) {
			w.cannot("callbr whose label constraints are not its indirect destinations, last")
			return
		}
		if labels == 0 {
			continue
		}
		ptr := &ir.Type{Kind: ir.PointerType, AddrSpace: f.Typ.AddrSpace}
		params := slices.Clone(in.FuncType.Params)
		ops := slices.Clone(in.Operands)
		for _, d := range indirect {
			at := slices.Index(f.Blocks, d)
			if at < 0 {
				w.cannot("callbr to a block not in its function")
				return
			}
			ops = append(ops, &ir.BlockAddress{Typ: ptr, Func: f, Block: at})
			params = append(params, ptr)
		}
		ft := &ir.Type{Kind: ir.FunctionType, Ret: in.FuncType.Ret, Params: params, VarArg: in.FuncType.VarArg}
		na := *asm
		na.FuncType, na.Constraints = ft, strings.Join(cons, ",")
		in.Callee, in.FuncType, in.Operands = &na, ft, ops
		// Argument attributes stay where they were: the new arguments
		// come last.
	}
}

// checkTypedBody refuses what a body holds that a reader of LLVM 14 or
// older cannot be given (yet): an alloca in another address space than
// the data layout's; atomicrmw fmax and fmin; for LLVM 13 the "clang.arc.attachedcall" operand bundle.
// It reports the "ptrauth" operand bundle, which an older reader keeps
// without knowing its meaning.
func (w *writer) checkTypedBody(f *ir.Function) {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			switch in.Op {
			case ir.Alloca:
				// The address-space field is LLVM 15's: an older
				// reader takes the data layout's.
				if in.AddrSpace != w.allocaAddrSpace() {
					w.cannot("an alloca in an address space other than the data layout's")
				}
			case ir.AtomicRMW:
				// LLVM 15's operations (a pointer's xchg is given as
				// its bits', olderPointerXchg).
				if (in.RMW == ir.RMWFMax || in.RMW == ir.RMWFMin) && !w.expandsRMW(in) {
					w.cannot("atomicrmw " + in.RMW.String())
				}
			}
			for _, bd := range in.Bundles() {
				switch {
				case bd.Tag == "ptrauth":
					// LLVM 15's tag: an older reader keeps it, for a
					// bundle of no meaning (its code generator calls
					// the pointer unauthenticated); LLVM 22 reads it
					// back as it was.
					w.loseInBody(`"ptrauth" operand bundle (kept; LLVM 14 and older know no meaning of it)`)
				case bd.Tag == "clang.arc.attachedcall" && !w.knows(14):
					// LLVM 13 takes an i64 there, not a function.
					w.cannot(`the "clang.arc.attachedcall" operand bundle`)
				}
			}
		}
	}
}

// olderPointerXchg gives the atomicrmw xchg of a pointer (LLVM 15; an
// older verifier wants an integer or floating-point value) as the xchg of
// the pointer's bits, as clang before LLVM 15 made it: the value
// ptrtoint, the result inttoptr (the instruction itself, so that its uses
// stay).
func (w *writer) olderPointerXchg(f *ir.Function) {
	var dl *ir.DataLayout
	for _, b := range f.Blocks {
		var out []*ir.Instruction
		for i, in := range b.Instrs {
			if in.Op != ir.AtomicRMW || in.RMW != ir.RMWXchg || len(in.Operands) != 2 || in.Typ.Kind != ir.PointerType {
				if out != nil {
					out = append(out, in)
				}
				continue
			}
			if dl == nil {
				var err error
				if dl, err = ir.ParseDataLayout(w.m.DataLayout); err != nil {
					w.cannot("atomicrmw xchg of a pointer (the data layout does not parse)")
					return
				}
			}
			size, ok := dl.StoreSize(in.Typ)
			if !ok {
				w.cannot("atomicrmw xchg of a pointer of no known size")
				return
			}
			if out == nil {
				out = slices.Clone(b.Instrs[:i])
			}
			w.loseInBody("atomicrmw xchg of a pointer (as one of its bits, ptrtoint and inttoptr)")
			it := &ir.Type{Kind: ir.IntegerType, BitWidth: uint32(size * 8)}
			bits := &ir.Instruction{Op: ir.PtrToInt, Typ: it, Operands: []ir.Value{in.Operands[1]}, DebugLoc: in.DebugLoc,
				DebugRecords: in.DebugRecords}
			rmw := *in
			rmw.Name, rmw.Typ, rmw.Operands, rmw.DebugRecords = "", it, []ir.Value{in.Operands[0], bits}, nil
			*in = ir.Instruction{Op: ir.IntToPtr, Typ: in.Typ, Name: in.Name, Operands: []ir.Value{&rmw}, DebugLoc: in.DebugLoc}
			out = append(out, bits, &rmw, in)
		}
		if out != nil {
			b.Instrs = out
		}
	}
}
