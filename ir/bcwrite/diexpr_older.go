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

// olderGlobalExprs gives each global variable expression whose
// DIExpression holds an operation the reader's verifier does not take
// (DW_OP_ne and the other comparisons before LLVM 19, which LLVM's
// GlobalOpt writes for a global it shrinks to a bool) what a debug
// record's kill location is: the expression but its fragment dropped,
// and the expression detached from its global (its !dbg attachment
// dropped), so that the debugger shows the variable optimized out,
// rather than the global's memory as the variable. The expressions met
// are those of the globals' !dbg attachments and of the compile units'
// globals lists. restore undoes it.
func (w *writer) olderGlobalExprs() (restore func()) {
	if w.knows(22) {
		return func() {}
	}
	type savedFields struct {
		n      *ir.SpecializedNode
		fields []ir.Field
	}
	type savedAtts struct {
		g    *ir.GlobalVar
		atts []ir.Attachment
	}
	var fields []savedFields
	var atts []savedAtts
	killed := map[*ir.SpecializedNode]bool{}
	// kill empties gve's expression, when it must be, and reports
	// whether it was.
	kill := func(md ir.Metadata) bool {
		gve, ok := md.(*ir.SpecializedNode)
		if !ok || gve == nil || gve.Kind != "DIGlobalVariableExpression" {
			return false
		}
		if done, ok := killed[gve]; ok {
			return done
		}
		expr := mdField(gve, fExpr)
		op, bad := w.exprUnknownOp(expr)
		killed[gve] = bad
		if !bad {
			return false
		}
		w.lose("DIGlobalVariableExpression with " + op.String() + " (the variable optimized out: its expression emptied, its global's !dbg dropped)")
		fields = append(fields, savedFields{gve, gve.Fields})
		gve.Fields = slices.Clone(gve.Fields)
		field(gve, fExpr).MD = w.killExpr(expr.(*ir.SpecializedNode))
		return true
	}
	for _, g := range w.m.Globals {
		var kept []ir.Attachment
		for i, a := range g.Metadata {
			if a.Kind != "dbg" || !kill(a.Node) {
				continue
			}
			if kept == nil {
				kept = slices.Clone(g.Metadata[:i])
			}
		}
		if kept == nil {
			continue
		}
		for _, a := range g.Metadata[len(kept):] {
			if a.Kind != "dbg" || !killed[nodeOf(a.Node)] {
				kept = append(kept, a)
			}
		}
		atts = append(atts, savedAtts{g, g.Metadata})
		g.Metadata = kept
	}
	for _, nmd := range w.m.NamedMetadata {
		if nmd.Name != "llvm.dbg.cu" {
			continue
		}
		for _, cu := range nmd.Ops {
			n, ok := cu.(*ir.SpecializedNode)
			if !ok || n == nil || n.Kind != "DICompileUnit" {
				continue
			}
			if t, ok := mdField(n, fGlobals).(*ir.MDTuple); ok {
				for _, o := range t.Ops {
					kill(o)
				}
			}
		}
	}
	return func() {
		for _, s := range fields {
			s.n.Fields = s.fields
		}
		for _, s := range atts {
			s.g.Metadata = s.atts
		}
	}
}

// nodeOf returns md as a specialized node, nil when it is not one.
func nodeOf(md ir.Metadata) *ir.SpecializedNode {
	n, _ := md.(*ir.SpecializedNode)
	return n
}
