package bcwrite

import (
	"slices"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// exprUnknownOp returns the first operation of expression md that the
// reader's verifier does not take (dwarf.Op.ExprSince), false when it
// takes them all or md is no expression.
func (w *writer) exprUnknownOp(md ir.Metadata) (dwarf.Op, bool) {
	n, ok := md.(*ir.SpecializedNode)
	if !ok || n == nil || n.Kind != "DIExpression" {
		return 0, false
	}
	for i := 0; i < len(n.Fields); {
		op := dwarf.Op(n.Fields[i].Int)
		if !w.knows(op.ExprSince()) {
			return op, true
		}
		i += op.ExprSize()
	}
	return 0, false
}

// olderDbgExprs gives each debug record of f whose expression holds an
// operation the reader's verifier does not take (a comparison before
// LLVM 19, DW_OP_abs before 22, ...) a kill location, as LLVM's
// setKillLocation makes one: the location poison, and the expression but
// its fragment dropped, for it cannot be kept (an older verifier drops
// the module's debug info for it); the debugger shows the variable
// optimized out there. A #dbg_assign's address expression is given a
// killed address likewise. undo undoes it.
func (w *writer) olderDbgExprs(f *ir.Function) (undo func()) {
	if w.knows(22) {
		return func() {}
	}
	type saved struct {
		r   *ir.DebugRecord
		ops []ir.Metadata
	}
	var old []saved
	kill := func(r *ir.DebugRecord, loc, expr int) {
		op, bad := w.exprUnknownOp(r.Ops[expr])
		if !bad {
			return
		}
		if len(old) == 0 || old[len(old)-1].r != r {
			old = append(old, saved{r, r.Ops})
			r.Ops = append([]ir.Metadata(nil), r.Ops...)
		}
		w.loseInBody("debug record of a DIExpression with " + op.String() + " (written as a kill location: the variable optimized out)")
		r.Ops[loc] = killLocation(r.Ops[loc])
		r.Ops[expr] = w.killExpr(r.Ops[expr].(*ir.SpecializedNode))
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, r := range in.DebugRecords {
				if r == nil {
					continue
				}
				switch {
				case (r.Kind == ir.DbgValue || r.Kind == ir.DbgDeclare) && len(r.Ops) == 4:
					kill(r, 0, 2)
				case r.Kind == ir.DbgAssign && len(r.Ops) == 7:
					kill(r, 0, 2)
					kill(r, 4, 5)
				}
			}
		}
	}
	return func() {
		for _, s := range old {
			s.r.Ops = s.ops
		}
	}
}

// killLocation returns the kill location that stands for location md (a
// value as metadata or an argument list): poison of the type of its
// (first) value.
func killLocation(md ir.Metadata) ir.Metadata {
	var v ir.Value
	switch l := md.(type) {
	case *ir.ValueAsMetadata:
		if l != nil {
			v = l.Value
		}
	case *ir.DIArgList:
		if l != nil && len(l.Args) > 0 && l.Args[0] != nil {
			v = l.Args[0].Value
		}
	}
	if v == nil || v.Type() == nil {
		return md
	}
	return &ir.ValueAsMetadata{Value: &ir.Poison{Typ: v.Type()}}
}

// killExpr returns the expression that stands for expression n of a
// killed location: its fragment alone. The node is made once for each
// fragment (the bodies' nodes are read again, and their objects used
// again, from pass to pass: n's pointer does not say which it is).
func (w *writer) killExpr(n *ir.SpecializedNode) *ir.SpecializedNode {
	var frag [2]int64 // offset, size; none {0, 0}
	var fields []ir.Field
	for i := 0; i < len(n.Fields); {
		op := dwarf.Op(n.Fields[i].Int)
		size := op.ExprSize()
		if op == dwarf.OpLLVMFragment && i+size <= len(n.Fields) {
			fields = n.Fields[i : i+size]
			frag = [2]int64{fields[1].Int, fields[2].Int}
			break
		}
		i += size
	}
	if k, ok := w.killExprs[frag]; ok {
		return k
	}
	k := &ir.SpecializedNode{Kind: "DIExpression", Fields: slices.Clone(fields)}
	if w.killExprs == nil {
		w.killExprs = map[[2]int64]*ir.SpecializedNode{}
	}
	w.killExprs[frag] = k
	return k
}
