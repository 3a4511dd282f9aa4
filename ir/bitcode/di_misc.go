package bitcode

import "github.com/bcextract/bcextract/ir"

// The decoders of the other nodes: GenericDINode, template parameters,
// DIImportedEntity, DIMacro, DIMacroFile, DIObjCProperty, DIAssignID.

func (b *diBuilder) genericNode() {
	if b.at(1) >= 1<<16 || b.at(2) != 0 {
		b.fail(b.r.errorf("invalid GenericDINode record"))
		return
	}
	b.ref(3)
	for i := 4; i < b.count(); i++ {
		b.ref(i)
	}
	b.tag(b.at(1))
	b.str("header", 3)
	if b.count() <= 4 {
		return
	}
	ids := b.ops[4:]
	list := &ir.MDTuple{Ops: make([]ir.Metadata, len(ids)), ID: b.r.nodeID()}
	for i, id := range ids {
		if id == 0 {
			continue
		}
		if list.Ops[i] = b.lookup(id); list.Ops[i] == nil {
			b.r.md.pending = append(b.r.md.pending, mdPending{node: list, ids: append([]uint64(nil), ids...)})
			break
		}
	}
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf("operands"), MD: list, Kind: ir.FieldMDList})
}

func (b *diBuilder) templateType() {
	b.nilRefs(1)
	b.ref(2)
	b.str("name", 1)
	b.md("type", 2)
	b.bool("defaulted", b.at(3) != 0)
}

func (b *diBuilder) templateValue() {
	value, def := 4, false
	if b.count() == 6 {
		value, def = 5, b.at(4) != 0
	}
	b.nilRefs(1)
	b.ref(3)
	b.ref(value)
	b.tag(b.at(1))
	b.str("name", 2)
	b.md("type", 3)
	b.bool("defaulted", def)
	b.md("value", value)
}

func (b *diBuilder) importedEntity() {
	b.ref(2)
	b.ref(3)
	b.nilRefs(1)
	b.ref(6)
	b.ref(7)
	b.tag(b.at(1))
	b.str("name", 5)
	b.md("scope", 2)
	b.md("entity", 3)
	b.md("file", 6)
	if b.count() >= 7 {
		// Without a file (six operands, LLVM 5 and older) the line
		// reads as 0.
		b.uint("line", b.at(4))
	}
	b.md("elements", 7)
}

func (b *diBuilder) macro() {
	b.n.Refs = b.r.refScratch()
	b.enum("type", b.at(1), ir.EnumMacinfoType)
	b.uint("line", b.at(2))
	b.str("name", 3)
	b.str("value", 4)
}

func (b *diBuilder) macroFile() {
	b.ref(3)
	b.ref(4)
	b.uint("line", b.at(2))
	b.md("file", 3)
	b.md("nodes", 4)
}

func (b *diBuilder) objCProperty() {
	b.nilRefs(1)
	b.ref(2)
	b.nilRefs(2)
	b.ref(7)
	b.str("name", 1)
	b.md("file", 2)
	b.uint("line", b.at(3))
	b.str("setter", 4)
	b.str("getter", 5)
	b.uint("attributes", b.at(6))
	b.md("type", 7)
}

func (b *diBuilder) assignID() {
	if !b.n.Distinct {
		b.fail(b.r.errorf("invalid DIAssignID record: must be distinct"))
		return
	}
	b.n.Refs = b.r.refScratch()
}
