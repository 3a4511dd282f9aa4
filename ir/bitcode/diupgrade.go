package bitcode

import "github.com/bcextract/bcextract/ir"

// Debug-info upgrades LLVM 22's MetadataLoader makes once the module-level
// metadata is read (upgradeDebugInfo).

// The indices of the operands upgradeLocalImports changes in the Refs
// compileUnit and subprogram make (LLVM's operand order).
const (
	cuImportsRef     = 7
	spRetainedRef    = 7
	fieldRetained    = "retainedNodes"
	fieldImports     = "imports"
	kindSubprogram   = "DISubprogram"
	kindImportEntity = "DIImportedEntity"
)

// upgradeLocalImports moves the imported entities of a function (a C++
// using inside a function body, which clang 16 and older and ldc list in
// the compile unit's imports:) to the retainedNodes: of the subprogram they
// belong to, as MetadataLoader's upgradeCULocals does: an entity whose scope
// is a subprogram or a lexical block leaves the compile unit's list (which
// becomes a new uniqued tuple, !{} when none are left) and is appended to
// the retainedNodes of the subprogram enclosing its scope (a new uniqued
// tuple too), in the order of the compile unit's list. One whose scope
// chain reaches no subprogram is dropped.
func (r *Reader) upgradeLocalImports() {
	if r.noDebug {
		return
	}
	for _, nm := range r.m.NamedMetadata {
		if nm.Name != "llvm.dbg.cu" {
			continue
		}
		for _, op := range nm.Ops {
			if cu, ok := op.(*ir.SpecializedNode); ok && cu.Kind == "DICompileUnit" {
				r.moveLocalImports(cu)
			}
		}
	}
}

func (r *Reader) moveLocalImports(cu *ir.SpecializedNode) {
	fi := fieldIndex(cu, fieldImports)
	if fi < 0 {
		return
	}
	imports, ok := cu.Fields[fi].MD.(*ir.MDTuple)
	if !ok || imports == nil {
		return
	}
	var keep, moved []ir.Metadata
	for _, op := range imports.Ops {
		if ie, ok := op.(*ir.SpecializedNode); ok && ie.Kind == kindImportEntity && isLocalScope(ie.Scope()) {
			moved = append(moved, op)
			continue
		}
		keep = append(keep, op)
	}
	if len(moved) == 0 {
		return
	}
	t := r.md.tuple(r, keep)
	cu.Fields[fi].MD = t
	if len(cu.Refs) > cuImportsRef && cu.Refs[cuImportsRef] == ir.Metadata(imports) {
		cu.Refs[cuImportsRef] = t
	}
	// Group by subprogram, in the order they are first met.
	var sps []*ir.SpecializedNode
	bySP := map[*ir.SpecializedNode][]ir.Metadata{}
	for _, op := range moved {
		sp := enclosingSubprogram(op.(*ir.SpecializedNode).Scope())
		if sp == nil {
			continue
		}
		if _, ok := bySP[sp]; !ok {
			sps = append(sps, sp)
		}
		bySP[sp] = append(bySP[sp], op)
	}
	for _, sp := range sps {
		var ops []ir.Metadata
		old, ok := fieldMD(sp, fieldRetained).(*ir.MDTuple)
		if !ok && !ir.IsNilMetadata(fieldMD(sp, fieldRetained)) {
			// LLVM's upgrade casts it to a tuple (llvm-dis-22 crashes).
			r.skip("the retainedNodes of a subprogram is no tuple, where LLVM 22 moves local imported entities; not done")
			continue
		}
		if old != nil {
			ops = append(ops, old.Ops...)
		}
		ops = append(ops, bySP[sp]...)
		t := r.md.tuple(r, ops)
		setRetainedNodes(sp, t)
		if len(sp.Refs) > spRetainedRef && (old == nil && sp.Refs[spRetainedRef] == nil || old != nil && sp.Refs[spRetainedRef] == ir.Metadata(old)) {
			sp.Refs[spRetainedRef] = t
		}
	}
}

// setRetainedNodes sets the retainedNodes field of sp, adding it in its
// place among the fields writeDISubprogram prints when it was left out.
func setRetainedNodes(sp *ir.SpecializedNode, t *ir.MDTuple) {
	if i := fieldIndex(sp, fieldRetained); i >= 0 {
		sp.Fields[i].MD = t
		return
	}
	at := len(sp.Fields)
find:
	for i, f := range sp.Fields {
		switch f.Name.String() {
		case "thrownTypes", "annotations", "targetFuncName", "keyInstructions":
			at = i
			break find
		}
	}
	fs := make([]ir.Field, 0, len(sp.Fields)+1)
	fs = append(fs, sp.Fields[:at]...)
	fs = append(fs, ir.Field{Name: ir.FieldNameOf(fieldRetained), MD: t, Kind: ir.FieldMD})
	sp.Fields = append(fs, sp.Fields[at:]...)
}

// fieldIndex returns the index of n's field name, -1 when n has none.
func fieldIndex(n *ir.SpecializedNode, name string) int {
	k := ir.FieldNameOf(name)
	for i, f := range n.Fields {
		if f.Name == k {
			return i
		}
	}
	return -1
}

// fieldMD returns the metadata of n's field name, nil when n has none.
func fieldMD(n *ir.SpecializedNode, name string) ir.Metadata {
	if i := fieldIndex(n, name); i >= 0 {
		return n.Fields[i].MD
	}
	return nil
}

// isLocalScope reports whether m is a DILocalScope: a subprogram or a
// lexical block.
func isLocalScope(m ir.Metadata) bool {
	n, ok := m.(*ir.SpecializedNode)
	if !ok || n == nil {
		return false
	}
	switch n.Kind {
	case kindSubprogram, "DILexicalBlock", "DILexicalBlockFile":
		return true
	}
	return false
}

// enclosingSubprogram returns the subprogram that local scope m is in
// (m itself for a subprogram), nil when its scope chain reaches none.
func enclosingSubprogram(m ir.Metadata) *ir.SpecializedNode {
	seen := map[ir.Metadata]bool{}
	for isLocalScope(m) && !seen[m] {
		n := m.(*ir.SpecializedNode)
		if n.Kind == kindSubprogram {
			return n
		}
		seen[m] = true
		m = n.Scope()
	}
	return nil
}

// diFlagFwdDecl is DINode::FlagFwdDecl.
const diFlagFwdDecl = 1 << 2

// oldTypeRefs are BitcodeReaderMetadataList's OldTypeRefs: the composite
// types of records of LLVM 3.8 and older, by identifier, definitions
// apart from forward declarations.
type oldTypeRefs struct {
	final, fwd map[string]*ir.SpecializedNode
}

// addTypeRef notes composite type n of identifier id.
func (l *mdList) addTypeRef(id string, n *ir.SpecializedNode, fwdDecl bool) {
	if l.typeRefs == nil {
		l.typeRefs = &oldTypeRefs{final: map[string]*ir.SpecializedNode{}, fwd: map[string]*ir.SpecializedNode{}}
	}
	if fwdDecl {
		if l.typeRefs.fwd[id] == nil {
			l.typeRefs.fwd[id] = n
		}
		return
	}
	l.typeRefs.final[id] = n
}

// typeRefFields are the operands MetadataLoader reads with
// getDITypeRefOrNull: a type named by its identifier there (LLVM 3.8 and
// older) is the composite type of that identifier.
var typeRefFields = map[string][]string{
	"DIDerivedType":            {"scope", "baseType", "extraData"},
	"DICompositeType":          {"scope", "baseType", "vtableHolder"},
	"DISubprogram":             {"scope", "containingType"},
	"DILocalVariable":          {"type"},
	"DIGlobalVariable":         {"type"},
	"DITemplateTypeParameter":  {"type"},
	"DITemplateValueParameter": {"type"},
	"DIObjCProperty":           {"type"},
	"DIImportedEntity":         {"entity"},
}

// upgradeTypeRefs is upgradeTypeRef and upgradeTypeRefArray, once the
// module's metadata is read, when it held composite types of LLVM 3.8
// and older: each identifier in a type-reference operand, and in the
// types of a DISubroutineType, becomes the composite type of that
// identifier (a definition, else a declaration; one with neither stays a
// string).
func (r *Reader) upgradeTypeRefs() {
	refs := r.md.typeRefs
	if refs == nil {
		return
	}
	r.md.typeRefs = nil
	resolve := func(m ir.Metadata) (ir.Metadata, bool) {
		s, ok := m.(*ir.MDString)
		if !ok || s == nil {
			return m, false
		}
		if n := refs.final[s.Value]; n != nil {
			return n, true
		}
		if n := refs.fwd[s.Value]; n != nil {
			return n, true
		}
		return m, false
	}
	for _, m := range r.md.items {
		n, ok := m.(*ir.SpecializedNode)
		if !ok || n == nil {
			continue
		}
		if n.Kind == "DISubroutineType" {
			if t, ok := fieldMD(n, "types").(*ir.MDTuple); ok && t != nil {
				for i, o := range t.Ops {
					t.Ops[i], _ = resolve(o)
				}
			}
			continue
		}
		for _, name := range typeRefFields[n.Kind] {
			i := fieldIndex(n, name)
			if i < 0 {
				continue
			}
			f := &n.Fields[i]
			c, ok := resolve(f.MD)
			if !ok {
				continue
			}
			old := f.MD
			f.MD = c
			for i, o := range n.Refs {
				if o == old {
					n.Refs[i] = c
				}
			}
		}
	}
}
