package bitcode

import (
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// The decoders of variables and expressions: DIGlobalVariable,
// DILocalVariable, DILabel, DIExpression, DIGlobalVariableExpression.

func (b *diBuilder) globalVar() {
	version := b.at(0) >> 1
	if version > 2 {
		b.fail(b.r.errorf("invalid DIGlobalVariable record"))
		return
	}
	decl, tparams, align, ann := 9, 10, 11, 12
	if version < 2 {
		decl, tparams, ann = 10, -1, -1
		if version == 0 && b.count() <= 11 {
			align = -1
		}
	}
	hasAnn := ann >= 0 && b.has(ann)
	b.ref(1)
	b.nilRefs(1)
	b.ref(4)
	b.ref(6)
	b.nilRefs(2)
	b.ref(decl)
	if tparams >= 0 {
		b.ref(tparams)
	}
	if hasAnn {
		b.ref(ann)
	}
	b.str("name", 2)
	b.str("linkageName", 3)
	b.md("scope", 1)
	b.md("file", 4)
	b.uint("line", b.at(5))
	b.md("type", 6)
	b.bool("isLocal", b.at(7) != 0)
	b.bool("isDefinition", b.at(8) != 0)
	b.md("declaration", decl)
	if tparams >= 0 {
		b.md("templateParams", tparams)
	}
	if align >= 0 {
		b.uint("align", uint64(uint32(b.at(align))))
	}
	if hasAnn {
		b.md("annotations", ann)
	}
}

func (b *diBuilder) localVar() {
	hasAlign := b.at(0)&2 != 0
	t := 0
	if !hasAlign && b.count() > 8 {
		t = 1
	}
	b.ref(1 + t)
	b.nilRefs(1)
	b.ref(3 + t)
	b.ref(5 + t)
	if hasAlign && b.has(9) {
		b.ref(9)
	}
	b.str("name", 2+t)
	b.uint("arg", b.at(6+t)&0xffff)
	b.md("scope", 1+t)
	b.md("file", 3+t)
	b.uint("line", b.at(4+t))
	b.md("type", 5+t)
	b.flags("flags", b.at(7+t))
	if hasAlign {
		b.uint("align", uint64(uint32(b.at(8))))
		if b.has(9) {
			b.md("annotations", 9)
		}
	}
}

func (b *diBuilder) label() {
	b.ref(1)
	b.nilRefs(1)
	b.ref(3)
	b.md("scope", 1)
	b.str("name", 2)
	b.md("file", 3)
	b.uint("line", b.at(4))
	b.uint("column", b.at(5))
	b.bool("isArtificial", b.at(0)&2 != 0)
	if idx := b.at(6); b.has(6) && idx != ^uint64(0) {
		b.optUint("coroSuspendIdx", uint64(uint32(idx)))
	}
}

func (b *diBuilder) expression() {
	b.n.Distinct = b.at(0)&1 != 0
	elts := b.ops[1:]
	switch version := b.at(0) >> 1; {
	case version > 3:
		b.fail(b.r.errorf("invalid DIExpression record: version %d", version))
		return
	case version < 3:
		if version < 2 {
			b.r.oldExprs = true
		}
		elts = upgradeExpression(version, elts)
	}
	// The elements are kept as numbers; a printer spells the operations
	// when the expression is well formed (see package assembly).
	fields := make([]ir.Field, len(elts))
	for i, e := range elts {
		fields[i] = ir.Field{Int: int64(e), Kind: ir.FieldUint}
	}
	b.n.Fields = fields
	b.n.Refs = b.r.refScratch()
}

func (b *diBuilder) globalVarExpr() {
	b.ref(1)
	b.md("var", 1)
	if b.at(2) == 0 {
		e := b.r.emptyExpr()
		b.n.Refs = append(b.n.Refs, e)
		b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf("expr"), MD: e})
	} else {
		b.refMD("expr", 2)
	}
}

// emptyExpr is the !DIExpression() LLVM makes for a missing expression.
func (r *Reader) emptyExpr() *ir.SpecializedNode {
	if r.md.emptyExpr == nil {
		r.md.emptyExpr = &ir.SpecializedNode{Kind: "DIExpression", ID: r.nodeID()}
	}
	return r.md.emptyExpr
}

// upgradeExpression returns the elements of a DIExpression of an older
// version (0 to 2) in version 3's terms, as MetadataLoader's
// upgradeDIExpression: version 0's trailing DW_OP_bit_piece is
// DW_OP_LLVM_fragment; version 1 and older put DW_OP_deref first where it
// now comes last (before a fragment); version 2 and older had DW_OP_plus
// and DW_OP_minus with an operand, now DW_OP_plus_uconst and DW_OP_constu,
// DW_OP_minus.
func upgradeExpression(version uint64, in []uint64) []uint64 {
	const (
		opDeref, opConstu, opMinus = uint64(dwarf.OpDeref), uint64(dwarf.OpConstu), uint64(dwarf.OpMinus)
		opPlus, opPlusUconst       = uint64(dwarf.OpPlus), uint64(dwarf.OpPlusUconst)
		opBitPiece, opFragment     = uint64(dwarf.OpBitPiece), uint64(dwarf.OpLLVMFragment)
	)
	e := append([]uint64(nil), in...)
	n := len(e)
	if version == 0 && n >= 3 && e[n-3] == opBitPiece {
		e[n-3] = opFragment
	}
	if version <= 1 && n > 0 && e[0] == opDeref {
		end := n
		if n >= 3 && e[n-3] == opFragment {
			end = n - 3
		}
		copy(e, e[1:end])
		e[end-1] = opDeref
	}
	out := make([]uint64, 0, n+n/2)
	for len(e) > 0 {
		size := 1
		switch e[0] {
		case opConstu, opMinus, opPlus:
			size = 2
		case opFragment:
			size = 3
		}
		size = min(size, len(e))
		args := e[1:size]
		switch e[0] {
		case opPlus:
			out = append(append(out, opPlusUconst), args...)
		case opMinus:
			out = append(append(out, opConstu), args...)
			out = append(out, opMinus)
		default:
			out = append(append(out, e[0]), args...)
		}
		e = e[size:]
	}
	return out
}

// upgradeGlobalVar0 upgrades a DIGlobalVariable of version 0 (LLVM 3.9
// and older), dgv, whose operand 9 (varID, a metadata ID plus one) was the
// variable: a global variable, which gets a distinct
// DIGlobalVariableExpression of dgv as its !dbg, or an integer constant,
// which becomes the expression's DW_OP_constu, DW_OP_stack_value. It
// returns what the metadata slot holds, as LLVM 22's MetadataLoader: the
// DIGlobalVariableExpression when there is an expression, else dgv. The
// units' lists and the globals' attachments of bare variables are
// wrapped once the block is read (upgradeCUVariables).
func (r *Reader) upgradeGlobalVar0(dgv *ir.SpecializedNode, varID uint64) ir.Metadata {
	r.md.bareGlobalVars = true
	var attach *ir.GlobalVar
	var expr *ir.SpecializedNode
	if varID != 0 {
		m := r.md.get(varID - 1)
		vm, ok := m.(*ir.ValueAsMetadata)
		if !ok {
			// Other metadata (the expr: of LLVM 4.0's development, a
			// DIExpression), or one not read yet: LLVM keeps it as the
			// expression, a forward reference resolved later.
			dgve := r.globalVarExpression(dgv, nil)
			dgve.Fields[1].MD, dgve.Refs[1] = m, m
			if m == nil {
				r.md.fixes.add(diFix{n: dgve, field: 1, ref: -1, id: varID})
				r.md.fixes.add(diFix{n: dgve, field: -1, ref: 1, id: varID})
			}
			return dgve
		}
		switch v := vm.Value.(type) {
		case *ir.GlobalVar:
			attach = v
		case *ir.ConstInt:
			if v.Big != nil {
				r.skip("a DIGlobalVariable of version 0 holding a wide constant not upgraded")
				break
			}
			u := uint64(v.V)
			if w := v.Typ.BitWidth; w < 64 {
				u &= 1<<w - 1
			}
			expr = &ir.SpecializedNode{Kind: "DIExpression", ID: r.nodeID(), Refs: []ir.Metadata{}, Fields: []ir.Field{
				{Int: int64(dwarf.OpConstu), Kind: ir.FieldUint},
				{Int: int64(u), Kind: ir.FieldUint},
				{Int: int64(dwarf.OpStackValue), Kind: ir.FieldUint},
			}}
		}
	}
	if attach == nil && expr == nil {
		return dgv
	}
	e := expr
	if e == nil {
		e = r.emptyExpr()
	}
	dgve := r.globalVarExpression(dgv, e)
	if attach != nil {
		attach.Metadata = append(attach.Metadata, ir.Attachment{Kind: "dbg", Node: dgve})
		r.sortAttachments(attach.Metadata)
	}
	if expr != nil {
		return dgve
	}
	return dgv
}

// globalVarExpression makes a distinct DIGlobalVariableExpression of
// variable v and expression e.
func (r *Reader) globalVarExpression(v, e *ir.SpecializedNode) *ir.SpecializedNode {
	return &ir.SpecializedNode{Kind: "DIGlobalVariableExpression", Distinct: true, ID: r.nodeID(),
		Refs: []ir.Metadata{v, e},
		Fields: []ir.Field{
			{Name: ir.FieldNameOf("var"), MD: v, Kind: ir.FieldMD},
			{Name: ir.FieldNameOf("expr"), MD: e, Kind: ir.FieldMD},
		}}
}

// upgradeCUVariables wraps the bare DIGlobalVariables of the units of
// !llvm.dbg.cu (their globals lists) and of the globals' !dbg in new
// distinct DIGlobalVariableExpressions with an empty expression, as LLVM
// 22 does once a module's metadata is read, if a DIGlobalVariable of
// version 0 was among it.
func (r *Reader) upgradeCUVariables() {
	if !r.md.bareGlobalVars {
		return
	}
	r.md.bareGlobalVars = false
	bare := func(m ir.Metadata) (*ir.SpecializedNode, bool) {
		n, ok := m.(*ir.SpecializedNode)
		return n, ok && n.Kind == "DIGlobalVariable"
	}
	globals := ir.FieldNameOf("globals")
	for _, nmd := range r.m.NamedMetadata {
		if nmd == nil || nmd.Name != "llvm.dbg.cu" {
			continue
		}
		for _, op := range nmd.Ops {
			cu, ok := op.(*ir.SpecializedNode)
			if !ok || cu.Kind != "DICompileUnit" {
				continue
			}
			for _, f := range cu.Fields {
				t, ok := f.MD.(*ir.MDTuple)
				if f.Name != globals || !ok {
					continue
				}
				for i, m := range t.Ops {
					if gv, ok := bare(m); ok {
						t.Ops[i] = r.globalVarExpression(gv, r.emptyExpr())
					}
				}
			}
		}
	}
	for _, g := range r.m.Globals {
		for i, a := range g.Metadata {
			if gv, ok := bare(a.Node); ok && a.Kind == "dbg" {
				g.Metadata[i].Node = r.globalVarExpression(gv, r.emptyExpr())
			}
		}
	}
}
