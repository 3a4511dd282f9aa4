package bitcode

import (
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// Debug-info metadata records (MetadataLoader's parseOneMetadata) become
// ir.SpecializedNodes whose Fields are the node's fields in the order
// llvm-dis-22 prints them, those at zero left out (and LLVM's optional
// fields kept when the record sets them): which fields llvm-dis-22 prints
// at zero or leaves out at other values is package assembly's (its
// schemas), not the reader's. Refs keep LLVM's operand order for
// numbering. Fields hold values: flag sets (ir.FieldDIFlags,
// ir.FieldSPFlags), the enumerations of ir.DIEnum (the DWARF ones of
// llvmir/dwarf among them: tags, encodings, languages) and a DIExpression's
// elements are numbers that ir/assembly spells.
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
	field, ref int32
	id         uint64
}

// A fixList holds diFixes in chunks of fixChunk that never move once
// made: a module's metadata block can leave tens of thousands of forward
// references (50,000 on Rust's libstd), and a slice grown by append
// would copy them at every doubling and leave the old arrays as garbage,
// a third of what reading the module allocated.
type fixList struct {
	chunks [][]diFix
	n      int // how many fixes the list holds
}

// fixChunk is the number of diFixes in one chunk.
const fixChunk = 1024

// add appends f.
func (l *fixList) add(f diFix) {
	c := l.n / fixChunk
	if c == len(l.chunks) {
		l.chunks = append(l.chunks, make([]diFix, fixChunk))
	}
	l.chunks[c][l.n%fixChunk] = f
	l.n++
}

// len is the number of fixes in the list.
func (l *fixList) len() int { return l.n }

// reset empties the list, keeping its first chunk for the next fixes.
func (l *fixList) reset() {
	for i := range l.chunks {
		clear(l.chunks[i]) // a chunk would keep the nodes alive
	}
	if len(l.chunks) > 1 {
		clear(l.chunks[1:])
		l.chunks = l.chunks[:1]
	}
	l.n = 0
}

// keepIf keeps the fixes for which resolved reports false, in order.
func (l *fixList) keepIf(resolved func(*diFix) bool) {
	kept := 0
	for i := 0; i < l.n; i++ {
		f := &l.chunks[i/fixChunk][i%fixChunk]
		if resolved(f) {
			continue
		}
		l.chunks[kept/fixChunk][kept%fixChunk] = *f
		kept++
	}
	for i := kept; i < l.n; i++ {
		l.chunks[i/fixChunk][i%fixChunk] = diFix{}
	}
	l.n = kept
}

// diNode decodes the debug-info record code (not METADATA_LOCATION).
func (r *Reader) diNode(code llvmir.MetadataCode, kind string, ops []uint64) (ir.Metadata, error) {
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
	if code == llvmir.METADATA_GLOBAL_VAR && ops[0]>>1 == 0 && len(ops) > 9 {
		return r.upgradeGlobalVar0(n, ops[9]), nil
	}
	return n, nil
}

// decode fills in b.n from a record of the given code.
func (b *diBuilder) decode(code llvmir.MetadataCode) {
	switch code {
	case llvmir.METADATA_GENERIC_DEBUG:
		b.genericNode()
	case llvmir.METADATA_SUBRANGE:
		b.subrange()
	case llvmir.METADATA_GENERIC_SUBRANGE:
		b.genericSubrange()
	case llvmir.METADATA_ENUMERATOR:
		b.enumerator()
	case llvmir.METADATA_BASIC_TYPE:
		b.basicType()
	case llvmir.METADATA_FIXED_POINT_TYPE:
		b.fixedPointType()
	case llvmir.METADATA_STRING_TYPE:
		b.stringType()
	case llvmir.METADATA_DERIVED_TYPE:
		b.derivedType()
	case llvmir.METADATA_SUBRANGE_TYPE:
		b.subrangeType()
	case llvmir.METADATA_COMPOSITE_TYPE:
		b.compositeType()
	case llvmir.METADATA_SUBROUTINE_TYPE:
		b.subroutineType()
	case llvmir.METADATA_MODULE:
		b.module()
	case llvmir.METADATA_FILE:
		b.file()
	case llvmir.METADATA_COMPILE_UNIT:
		b.compileUnit()
	case llvmir.METADATA_SUBPROGRAM:
		b.subprogram()
	case llvmir.METADATA_LEXICAL_BLOCK:
		b.lexicalBlock()
	case llvmir.METADATA_LEXICAL_BLOCK_FILE:
		b.lexicalBlockFile()
	case llvmir.METADATA_COMMON_BLOCK:
		b.commonBlock()
	case llvmir.METADATA_NAMESPACE:
		b.namespace()
	case llvmir.METADATA_MACRO:
		b.macro()
	case llvmir.METADATA_MACRO_FILE:
		b.macroFile()
	case llvmir.METADATA_TEMPLATE_TYPE:
		b.templateType()
	case llvmir.METADATA_TEMPLATE_VALUE:
		b.templateValue()
	case llvmir.METADATA_GLOBAL_VAR:
		b.globalVar()
	case llvmir.METADATA_ASSIGN_ID:
		b.assignID()
	case llvmir.METADATA_LOCAL_VAR:
		b.localVar()
	case llvmir.METADATA_LABEL:
		b.label()
	case llvmir.METADATA_EXPRESSION:
		b.expression()
	case llvmir.METADATA_GLOBAL_VAR_EXPR:
		b.globalVarExpr()
	case llvmir.METADATA_OBJC_PROPERTY:
		b.objCProperty()
	case llvmir.METADATA_IMPORTED_ENTITY:
		b.importedEntity()
	default:
		b.r.skip("skipped unknown debug info record %d", code)
	}
}

// resolveFixes fills in the references of debug-info nodes to metadata
// read since.
func (l *mdList) resolveFixes() {
	l.fixes.keepIf(func(f *diFix) bool {
		m := l.get(f.id - 1)
		if m == nil {
			return false
		}
		if f.loc != nil {
			if f.ref < 0 {
				f.loc.Scope = m
			} else {
				f.loc.InlinedAt = m
			}
			return true
		}
		if f.field >= 0 && int(f.field) < len(f.n.Fields) {
			f.n.Fields[f.field].MD = m
		}
		if f.ref >= 0 && int(f.ref) < len(f.n.Refs) {
			f.n.Refs[f.ref] = m
		}
		return true
	})
}
