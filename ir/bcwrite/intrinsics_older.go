package bcwrite

import (
	"slices"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// This file gives an older reader the intrinsics whose signature LLVM 22
// changed in the form that reader's verifier takes, as its own upgrade
// (AutoUpgrade.cpp of LLVM 22) undoes them:
//
//   - llvm.lifetime.start/end (LLVM 22: ptr alone) take the object's size
//     first, i64 immarg, before LLVM 22: given -1, "the whole object",
//     which is what LLVM 22's lifetime markers mean (it drops the size
//     when it reads them back).
//   - Debug records (LLVM 19) are calls of llvm.dbg.value, .declare,
//     .assign and .label before LLVM 19, made before the instruction the
//     record is attached to, with the record's operands as metadata
//     arguments and its location as the call's: what LLVM 22's reader
//     turns back into the records.
//
// Write changes the declarations for its run, and each body just before
// it is numbered or written, and undoes both after: the module is left as
// it was given.

// olderLifetime are the declarations of lifetime intrinsics in the
// LLVM 22 form (one pointer parameter).
func olderLifetime(m *ir.Module) []*ir.Function {
	var fs []*ir.Function
	for _, f := range m.Functions {
		if (strings.HasPrefix(f.Name, "llvm.lifetime.start.") || strings.HasPrefix(f.Name, "llvm.lifetime.end.")) &&
			f.Sig != nil && len(f.Sig.Params) == 1 {
			fs = append(fs, f)
		}
	}
	return fs
}

// lifetimeSize is the size argument given to an older reader's lifetime
// intrinsics: -1, the whole object.
var lifetimeSize = &ir.ConstInt{Typ: i64Type, V: -1}

// withSizeParam returns the function type t (void (ptr)) with an i64
// parameter first.
func withSizeParam(t *ir.Type) *ir.Type {
	n := *t
	n.Params = append([]*ir.Type{i64Type}, t.Params...)
	return &n
}

// shiftParams returns attribute list l with an empty parameter (first)
// set for the size argument, immarg when decl.
func shiftParams(l ir.AttrList, decl bool) ir.AttrList {
	first := ir.AttrSet(nil)
	if decl {
		first = ir.AttrSet{{Kind: ir.AttrImmArg}}
	}
	if len(l.Params) == 0 && !decl {
		return l
	}
	l.Params = append([]ir.AttrSet{first}, l.Params...)
	return l
}

// olderDecls changes the lifetime declarations of the module to the form
// of the older reader written for; restore undoes it.
func (w *writer) olderDecls() (restore func()) {
	undoDbg := w.olderDbgDecls()
	fs := olderLifetime(w.m)
	if len(fs) == 0 {
		return undoDbg
	}
	type saved struct {
		sig, vt *ir.Type
		attrs   ir.AttrList
	}
	old := make([]saved, len(fs))
	w.lifetime = make(map[*ir.Function]*ir.Type, len(fs))
	for i, f := range fs {
		old[i] = saved{f.Sig, f.ValueType, f.Attrs}
		t := withSizeParam(f.Sig)
		w.lifetime[f] = t
		f.Sig, f.ValueType, f.Attrs = t, t, shiftParams(f.Attrs, true)
	}
	return func() {
		for i, f := range fs {
			f.Sig, f.ValueType, f.Attrs = old[i].sig, old[i].vt, old[i].attrs
		}
		undoDbg()
	}
}

// olderBody changes the calls of f's body to the lifetime declarations
// changed by olderDecls; undo undoes it.
func (w *writer) olderBody(f *ir.Function) (undo func()) {
	undoDbg := w.olderDbgCalls(f)
	if len(w.lifetime) == 0 {
		return undoDbg
	}
	type saved struct {
		in    *ir.Instruction
		ft    *ir.Type
		ops   []ir.Value
		attrs ir.AttrList
	}
	var old []saved
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != ir.Call {
				continue
			}
			callee, _ := in.Callee.(*ir.Function)
			t, ok := w.lifetime[callee]
			if !ok || len(in.Operands) != 1 {
				continue
			}
			old = append(old, saved{in, in.FuncType, in.Operands, in.Attrs})
			in.FuncType = t
			in.Operands = append([]ir.Value{lifetimeSize}, slices.Clip(in.Operands)...)
			in.Attrs = shiftParams(in.Attrs, false)
		}
	}
	return func() {
		for _, s := range old {
			s.in.FuncType, s.in.Operands, s.in.Attrs = s.ft, s.ops, s.attrs
		}
		undoDbg()
	}
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
