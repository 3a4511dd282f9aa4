package bitcode

import (
	"testing"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// TestUpgradeLocalImports moves imported entities as llvm-dis-22 does on
// llvm14-di-imports (clang-14 of imports.cpp): those of f (one in a
// lexical block of f) go to f's retainedNodes after what it had, in the
// compile unit's order, g's to g's, the namespace-level one stays.
func TestUpgradeLocalImports(t *testing.T) {
	empty := &ir.MDTuple{ID: 1}
	node := func(kind string, id uint32, fields ...ir.Field) *ir.SpecializedNode {
		return &ir.SpecializedNode{Kind: kind, Fields: fields, ID: id}
	}
	md := func(name string, m ir.Metadata) ir.Field { return ir.Field{Name: ir.FieldNameOf(name), MD: m} }
	file := node("DIFile", 2)
	// f has retainedNodes: !{} (with thrownTypes after it); g has none
	// (the field is left out, before thrownTypes).
	f := node("DISubprogram", 3, md("scope", file), md("unit", nil), md("retainedNodes", empty), md("thrownTypes", empty))
	f.Refs = []ir.Metadata{file, file, nil, nil, nil, nil, nil, empty, nil, nil, empty, nil}
	g := node("DISubprogram", 4, md("scope", file), md("thrownTypes", empty))
	g.Refs = []ir.Metadata{file, file, nil, nil, nil, nil, nil, nil, nil, nil, empty, nil}
	block := node("DILexicalBlock", 5, md("scope", f), md("file", file))
	orphan := node("DILexicalBlockFile", 6, md("scope", file))
	ns := node("DINamespace", 7)
	ie := func(id uint32, scope ir.Metadata) *ir.SpecializedNode {
		return node("DIImportedEntity", id, ir.Field{Name: ir.FieldNameOf("tag"), Int: int64(dwarf.TagImportedModule), Kind: ir.FieldEnum, Enum: ir.EnumDWTag}, md("scope", scope), md("entity", ns))
	}
	global, inF, inBlock, inG, lost, inF2 := ie(10, ns), ie(11, f), ie(12, block), ie(13, g), ie(14, orphan), ie(15, f)
	imports := &ir.MDTuple{Ops: []ir.Metadata{global, inF, inBlock, inG, lost, inF2}, ID: 20}
	cu := node("DICompileUnit", 21, md("file", file), md("imports", imports))
	cu.Distinct = true
	cu.Refs = []ir.Metadata{file, nil, nil, nil, nil, nil, nil, imports, nil}
	r := &Reader{m: &ir.Module{NamedMetadata: []*ir.NamedMetadata{{Name: "llvm.dbg.cu", Ops: []ir.MDNode{cu}}}}}
	r.lastID = 100
	r.md.items = []ir.Metadata{empty, file, f, g, block, orphan, ns, global, inF, inBlock, inG, lost, inF2, imports, cu}

	r.upgradeLocalImports()

	ops := func(m ir.Metadata) []ir.Metadata {
		t, ok := m.(*ir.MDTuple)
		if !ok {
			return nil
		}
		return t.Ops
	}
	same := func(a, b []ir.Metadata) bool {
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if a[i] != b[i] {
				return false
			}
		}
		return true
	}
	if got := ops(fieldMD(cu, "imports")); !same(got, []ir.Metadata{global}) {
		t.Errorf("CU imports = %v, want the namespace-level entity only", got)
	}
	if cu.Refs[cuImportsRef] != fieldMD(cu, "imports") {
		t.Errorf("CU Refs not updated")
	}
	if got := ops(fieldMD(f, "retainedNodes")); !same(got, []ir.Metadata{inF, inBlock, inF2}) {
		t.Errorf("f retainedNodes = %v", got)
	}
	if f.Refs[spRetainedRef] != fieldMD(f, "retainedNodes") {
		t.Errorf("f Refs not updated")
	}
	if got := ops(fieldMD(g, "retainedNodes")); !same(got, []ir.Metadata{inG}) {
		t.Errorf("g retainedNodes = %v", got)
	}
	if names := []string{g.Fields[0].Name.String(), g.Fields[1].Name.String(), g.Fields[2].Name.String()}; names[1] != "retainedNodes" || names[2] != "thrownTypes" {
		t.Errorf("g fields = %v, want retainedNodes before thrownTypes", names)
	}
	if fieldMD(f, "thrownTypes") != ir.Metadata(empty) {
		t.Errorf("f's thrownTypes changed")
	}

	// When no entity stays, imports: is the module's !{}.
	imports2 := &ir.MDTuple{Ops: []ir.Metadata{inF}, ID: 30}
	cu2 := node("DICompileUnit", 31, md("imports", imports2))
	cu2.Refs = []ir.Metadata{nil, nil, nil, nil, nil, nil, nil, imports2, nil}
	r2 := &Reader{m: &ir.Module{NamedMetadata: []*ir.NamedMetadata{{Name: "llvm.dbg.cu", Ops: []ir.MDNode{cu2}}}}}
	f.Fields[2].MD, f.Refs[spRetainedRef] = empty, empty
	r2.md.items = []ir.Metadata{empty, file, f, ns, inF, imports2, cu2}
	r2.upgradeLocalImports()
	if got := fieldMD(cu2, "imports"); got != ir.Metadata(empty) {
		t.Errorf("CU imports = %v, want the module's !{}", got)
	}
}
