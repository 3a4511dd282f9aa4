package bitcode

import "github.com/bcextract/bcextract/ir"

// Debug-info metadata records (MetadataLoader's parseOneMetadata) become
// ir.SpecializedNodes whose Fields are the node's fields in the order
// llvm-dis-22 prints them, fields at their defaults left out as AsmWriter's
// writeDI* functions leave them out; Refs keep LLVM's operand order for
// numbering. Fields hold values: flag sets (ir.FieldDIFlags,
// ir.FieldSPFlags) and the enumerations of ir.DIEnum are numbers that
// ir/assembly spells. The DWARF names (DW_TAG_*, DW_ATE_*, DW_LANG_*,
// DW_CC_*, DW_OP_* of expressions) are still spelled here, from
// dwarfnames.go, as FieldRaw texts.
//
// diNode checks a record's length and dispatches on its code to one
// decoder per node, kept by family: di_types.go (types, subranges,
// enumerators), di_scopes.go (files, units, subprograms, scopes),
// di_vars.go (variables, labels, expressions), di_misc.go (the rest).
// Each reads its operands through the cursor of di_cursor.go; the record
// layouts shared with other readers are named in di_layout.go.

// A diFix is a reference of a node to metadata not read yet: Fields[field]
// (when field >= 0) and Refs[ref] (when ref >= 0) of n get metadata id-1;
// for a location loc, its Scope (ref < 0) or InlinedAt (ref >= 0) does.
type diFix struct {
	n          *ir.SpecializedNode
	loc        *ir.DILocation
	field, ref int
	id         uint64
}

// diNode decodes the debug-info record code (not METADATA_LOCATION).
func (r *Reader) diNode(code uint32, kind string, ops []uint64) (ir.Metadata, error) {
	if l, ok := diLens[code]; ok && (len(ops) < l[0] || len(ops) > l[1]) || len(ops) == 0 {
		return nil, r.errorf("invalid %s record", kind)
	}
	n := r.newNode()
	distinct := ops[0]&1 != 0
	if wholeDistinct[code] {
		distinct = ops[0] != 0
	}
	*n = ir.SpecializedNode{Kind: kind, Distinct: distinct, Fields: r.diFields[:0], ID: r.nodeID()}
	b := diBuilder{mdOps: mdOps{ops: ops}, r: r, n: n}
	b.decode(code)
	if b.err != nil {
		return nil, b.err
	}
	r.ownFields(n)
	r.ownRefs(n)
	if r.owning != nil {
		r.owning.nodes = append(r.owning.nodes, n)
	}
	return n, nil
}

// decode fills in b.n from a record of the given code.
func (b *diBuilder) decode(code uint32) {
	switch code {
	case mdGenericDebug:
		b.genericNode()
	case mdSubrange:
		b.subrange()
	case mdGenericSubrange:
		b.genericSubrange()
	case mdEnumerator:
		b.enumerator()
	case mdBasicType:
		b.basicType()
	case mdFixedPointType:
		b.fixedPointType()
	case mdStringType:
		b.stringType()
	case mdDerivedType:
		b.derivedType()
	case mdSubrangeType:
		b.subrangeType()
	case mdCompositeType:
		b.compositeType()
	case mdSubroutineType:
		b.subroutineType()
	case mdModule:
		b.module()
	case mdFile:
		b.file()
	case mdCompileUnit:
		b.compileUnit()
	case mdSubprogram:
		b.subprogram()
	case mdLexicalBlock:
		b.lexicalBlock()
	case mdLexicalBlockF:
		b.lexicalBlockFile()
	case mdCommonBlock:
		b.commonBlock()
	case mdNamespace:
		b.namespace()
	case mdMacro:
		b.macro()
	case mdMacroFile:
		b.macroFile()
	case mdTemplateType:
		b.templateType()
	case mdTemplateValue:
		b.templateValue()
	case mdGlobalVar:
		b.globalVar()
	case mdAssignID:
		b.assignID()
	case mdLocalVar:
		b.localVar()
	case mdLabel:
		b.label()
	case mdExpression:
		b.expression()
	case mdGlobalVarExpr:
		b.globalVarExpr()
	case mdObjCProperty:
		b.objCProperty()
	case mdImportedEntity:
		b.importedEntity()
	default:
		b.r.skip("skipped unknown debug info record %d", code)
	}
}

// resolveFixes fills in the references of debug-info nodes to metadata
// read since.
func (l *mdList) resolveFixes() {
	keep := l.fixes[:0]
	for _, f := range l.fixes {
		m := l.get(f.id - 1)
		if m == nil {
			keep = append(keep, f)
			continue
		}
		if f.loc != nil {
			if f.ref < 0 {
				f.loc.Scope = m
			} else {
				f.loc.InlinedAt = m
			}
			continue
		}
		if f.field >= 0 && f.field < len(f.n.Fields) {
			fld := &f.n.Fields[f.field]
			fld.MD = m
			if c, ok := signedConstExpr(m); ok && f.n.Kind == "DIGenericSubrange" {
				// A bound that is a constant prints as the number,
				// also when it was a forward reference.
				*fld = ir.Field{Name: fld.Name, Int: c, Kind: ir.FieldInt}
			}
		}
		if f.ref >= 0 && f.ref < len(f.n.Refs) {
			f.n.Refs[f.ref] = m
		}
	}
	clear(l.fixes[len(keep):]) // the backing array would keep the nodes alive
	l.fixes = keep
}
