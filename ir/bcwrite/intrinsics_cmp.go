package bcwrite

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// llvm.scmp and llvm.ucmp (LLVM 19) compare two integers (or vectors of
// them), giving -1, 0 or 1: a reader before LLVM 19 is given each call as
// the comparisons it stands for,
//
//	%gt = icmp sgt %a, %b          (ugt for ucmp)
//	%lt = icmp slt %a, %b          (ult)
//	%g = zext %gt to RESULT-TYPE
//	%l = zext %lt to RESULT-TYPE
//	%r = sub RESULT-TYPE %g, %l
//
// (what LLVM's own expansion of them computes), and their declarations
// are not written.

// olderCmpDecls takes the declarations of llvm.scmp and llvm.ucmp out of
// the module written for a reader before LLVM 19, recording them in
// w.cmps (true for scmp); restore puts them back.
func (w *writer) olderCmpDecls() (restore func()) {
	if w.knows(19) {
		return func() {}
	}
	return w.takeDecls(func(f *ir.Function) bool {
		signed := strings.HasPrefix(f.Name, "llvm.scmp.")
		if !signed && !strings.HasPrefix(f.Name, "llvm.ucmp.") || f.HasBody {
			return false
		}
		if !cmpSig(f.Sig) {
			// Operands not of one integer type, or a result of
			// another length (a module no producer writes): there
			// are no comparisons to give it as.
			if w.unsupported == nil {
				w.unsupported = &UnsupportedError{What: "for LLVM " + strconv.Itoa(w.t.version) + ", a call of @" + f.Name + " of type other than the comparison's"}
			}
		}
		if w.cmps == nil {
			w.cmps = map[*ir.Function]bool{}
		}
		w.cmps[f] = signed
		return true
	})
}

// takeDecls takes the functions take says out of the module written, and
// their use-list orders: declarations whose calls the older reader is
// given as something else. restore puts them back.
func (w *writer) takeDecls(take func(f *ir.Function) bool) (restore func()) {
	funcs, orders := w.m.Functions, w.m.UseListOrders
	var kept []*ir.Function
	taken := map[*ir.Function]bool{}
	for i, f := range funcs {
		if !take(f) {
			if kept != nil {
				kept = append(kept, f)
			}
			continue
		}
		if kept == nil {
			kept = slices.Clone(funcs[:i])
		}
		taken[f] = true
	}
	if kept == nil {
		return func() {}
	}
	w.m.Functions = kept
	w.m.UseListOrders = slices.DeleteFunc(slices.Clone(orders), func(o ir.UseListOrder) bool {
		f, ok := o.Value.(*ir.Function)
		return ok && taken[f]
	})
	return func() { w.m.Functions, w.m.UseListOrders = funcs, orders }
}

// byName returns the functions taken, keys of a map takeDecls filled, in
// the order of their names: the order the declarations added for them
// come out in, whatever the map's.
func byName[T any](taken map[*ir.Function]T) []*ir.Function {
	return slices.SortedFunc(maps.Keys(taken), func(a, b *ir.Function) int { return strings.Compare(a.Name, b.Name) })
}

// olderCmpCalls gives the calls of llvm.scmp and llvm.ucmp in f's body as
// the comparisons they stand for (the call itself becomes the sub, so
// that its uses stay); undo undoes it.
func (w *writer) olderCmpCalls(f *ir.Function) (undo func()) {
	if len(w.cmps) == 0 {
		return func() {}
	}
	return expandCalls(f, func(in *ir.Instruction) []*ir.Instruction {
		callee, _ := in.Callee.(*ir.Function)
		signed, ok := w.cmps[callee]
		if !ok || in.Op != ir.Call || len(in.Operands) != 2 {
			return nil
		}
		w.loseInBody(callee.Name[:len("llvm.scmp")] + " call (as the comparisons it stands for)")
		gtPred, ltPred := ir.ICmpUGT, ir.ICmpULT
		if signed {
			gtPred, ltPred = ir.ICmpSGT, ir.ICmpSLT
		}
		a, c := in.Operands[0], in.Operands[1]
		boolTy := i1Type
		if t := a.Type(); t.IsVector() {
			boolTy = &ir.Type{Kind: t.Kind, Len: t.Len, Elem: i1Type}
		}
		gt := &ir.Instruction{Op: ir.ICmp, Pred: gtPred, Typ: boolTy, Operands: []ir.Value{a, c}, DebugLoc: in.DebugLoc}
		lt := &ir.Instruction{Op: ir.ICmp, Pred: ltPred, Typ: boolTy, Operands: []ir.Value{a, c}, DebugLoc: in.DebugLoc}
		g := &ir.Instruction{Op: ir.ZExt, Typ: in.Typ, Operands: []ir.Value{gt}, DebugLoc: in.DebugLoc}
		l := &ir.Instruction{Op: ir.ZExt, Typ: in.Typ, Operands: []ir.Value{lt}, DebugLoc: in.DebugLoc}
		return []*ir.Instruction{gt, lt, g, l, {Op: ir.Sub, Typ: in.Typ, Operands: []ir.Value{g, l}}}
	})
}

// expandCalls gives each instruction of f's body for which expand
// returns instructions as those, in place: the last of them is made the
// instruction itself (its name, metadata, location and debug records
// kept; a call's callee, type and fast-math flags, the indices of an
// insertvalue, and an access's alignment and element type taken, not a
// call's attributes),
// so that its
// uses stay. expand returns nil for one it leaves.
// undo undoes it.
func expandCalls(f *ir.Function, expand func(in *ir.Instruction) []*ir.Instruction) (undo func()) {
	type savedBlock struct {
		b      *ir.Block
		instrs []*ir.Instruction
	}
	type savedInstr struct {
		in  *ir.Instruction
		was ir.Instruction
	}
	var blocks []savedBlock
	var instrs []savedInstr
	for _, b := range f.Blocks {
		var out []*ir.Instruction
		for i, in := range b.Instrs {
			made := expand(in)
			if made == nil {
				if out != nil {
					out = append(out, in)
				}
				continue
			}
			if out == nil {
				out = slices.Clone(b.Instrs[:i])
			}
			instrs = append(instrs, savedInstr{in, *in})
			last := made[len(made)-1]
			*in = ir.Instruction{Op: last.Op, Pred: last.Pred, Typ: last.Typ, Operands: last.Operands,
				ElemType: last.ElemType, Align: last.Align, FMF: last.FMF,
				Callee: last.Callee, FuncType: last.FuncType, Extra: last.Extra,
				Name: in.Name, DebugLoc: in.DebugLoc, Metadata: in.Metadata, DebugRecords: in.DebugRecords}
			made[len(made)-1] = in
			out = append(out, made...)
		}
		if out != nil {
			blocks = append(blocks, savedBlock{b, b.Instrs})
			b.Instrs = out
		}
	}
	return func() {
		for _, s := range instrs {
			*s.in = s.was
		}
		for _, s := range blocks {
			s.b.Instrs = s.instrs
		}
	}
}

// cmpSig reports whether sig is one of llvm.scmp and llvm.ucmp: two
// operands of one integer (or vector of integers) type, the result an
// integer (a vector as long).
func cmpSig(sig *ir.Type) bool {
	if sig == nil || len(sig.Params) != 2 || sig.Params[0] != sig.Params[1] || sig.Ret == nil {
		return false
	}
	a, r := sig.Params[0], sig.Ret
	if a.IsVector() != r.IsVector() || a.IsVector() && (a.Kind != r.Kind || a.Len != r.Len) {
		return false
	}
	return a.Scalar().Kind == ir.IntegerType && r.Scalar().Kind == ir.IntegerType
}
