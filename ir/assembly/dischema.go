package assembly

import (
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// A reader stores a debug-info node's fields that are not zero (and the
// optional ones that are set, whatever their value), in print order, and
// nothing more: which fields llvm-dis-22 prints at zero, and which it
// leaves out at some other value, is the printer's, as it is AsmWriter's
// MDFieldPrinter's (printInt's ShouldSkipZero, printString's
// ShouldSkipEmpty, printMetadata's ShouldSkipNull, printBool's Default,
// and the writeDI* functions' own conditions). The schemas say it, a node
// kind at a time (schemaOf); a fieldWalk merges a node's schema with its
// fields, and specializedBody and appendNodeRecord both print what it
// yields, so that the two cannot disagree.

// A fieldRule says when a field of a schema is printed.
type fieldRule uint8

const (
	// ruleHeld: printed when the node holds the field (it is not zero,
	// or it is an optional field that is set); the default.
	ruleHeld fieldRule = iota
	// ruleAlways: printed, as its zero when the node does not hold it.
	ruleAlways
	// ruleUnless: as ruleAlways, but left out when its value is eq (a
	// DIBasicType's tag when it is DW_TAG_base_type, a DICompileUnit's
	// splitDebugInlining when true).
	ruleUnless
	// ruleVirtualIndex: a DISubprogram's virtualIndex, printed when held
	// or when the subprogram is virtual (its spFlags' low two bits, the
	// virtuality, are not DW_VIRTUALITY_none), even zero.
	ruleVirtualIndex
	// ruleRational: a DIFixedPointType's numerator and denominator,
	// printed (even zero) when its kind is Rational, else not.
	ruleRational
	// ruleNotRational: a DIFixedPointType's factor, printed when held
	// and its kind is not Rational.
	ruleNotRational
)

// fixedPointRational is DIFixedPointType's kind Rational.
const fixedPointRational = 2

// A schemaField is one field of a node kind's schema: its name, when it
// is printed, and the kind (and enumeration) of its zero, which is
// printed for a field the node does not hold.
type schemaField struct {
	name ir.FieldName
	rule fieldRule
	kind ir.FieldKind
	enum ir.DIEnum
	eq   int64
	// constExpr: a bound of a DIGenericSubrange, which prints as a
	// number when it is a DIExpression that is a signed constant.
	constExpr bool
}

// A nodeSchema is a node kind's schema: its fields, and two tables that
// let a walk go from one field that matters to the next without looking
// at those between (most of a node's fields are not held, and printed
// only when held).
type nodeSchema struct {
	fields []schemaField
	// at[name] is one more than the index in fields of the field named
	// name, 0 when it has none (or name is past the table).
	at []uint8
	// ruled[i] is the index of the first field from i on whose rule is
	// not ruleHeld (which is printed, or decided on, even when not held),
	// len(fields) when none: ruled has len(fields)+1 entries.
	ruled []uint8
}

// newSchema makes the schema of fields fs.
func newSchema(fs ...schemaField) *nodeSchema {
	s := &nodeSchema{fields: fs, ruled: make([]uint8, len(fs)+1)}
	top := ir.FieldName(0)
	for _, f := range fs {
		top = max(top, f.name)
	}
	s.at = make([]uint8, int(top)+1)
	for i, f := range fs {
		s.at[f.name] = uint8(i + 1)
	}
	s.ruled[len(fs)] = uint8(len(fs))
	for i := len(fs) - 1; i >= 0; i-- {
		s.ruled[i] = s.ruled[i+1]
		if fs[i].rule != ruleHeld {
			s.ruled[i] = uint8(i)
		}
	}
	return s
}

// index returns one more than the index of the field named name, 0 when
// the schema has none.
func (s *nodeSchema) index(name ir.FieldName) int {
	if int(name) < len(s.at) {
		return int(s.at[name])
	}
	return 0
}

// held is a field printed when the node holds it.
func held(name string) schemaField { return schemaField{name: ir.FieldNameOf(name)} }

// bound is a DIGenericSubrange's bound, printed when held.
func bound(name string) schemaField { return schemaField{name: ir.FieldNameOf(name), constExpr: true} }

// always is a field printed always, its zero of kind k.
func always(name string, k ir.FieldKind) schemaField {
	return schemaField{name: ir.FieldNameOf(name), rule: ruleAlways, kind: k}
}

// alwaysEnum is a field of enumeration e printed always.
func alwaysEnum(name string, e ir.DIEnum) schemaField {
	return schemaField{name: ir.FieldNameOf(name), rule: ruleAlways, kind: ir.FieldEnum, enum: e}
}

// tagUnless is a node's tag, printed unless it is t.
func tagUnless(t dwarf.Tag) schemaField {
	return schemaField{name: ir.FieldNameOf("tag"), rule: ruleUnless, kind: ir.FieldEnum, enum: ir.EnumDWTag, eq: int64(t)}
}

// The common fields.
var (
	sTag   = alwaysEnum("tag", ir.EnumDWTag)
	sScope = always("scope", ir.FieldMD)
)

// The schemas of the node kinds: the fields in the order llvm-dis-22
// prints them. A kind without one (DIExpression, whose fields are its
// elements) prints the fields its node holds.
var (
	schemaDISubrange        = newSchema(held("count"), held("lowerBound"), held("upperBound"), held("stride"))
	schemaDIGenericSubrange = newSchema(bound("count"), bound("lowerBound"), bound("upperBound"), bound("stride"))
	schemaDIEnumerator      = newSchema(always("name", ir.FieldString), always("value", ir.FieldInt), held("isUnsigned"))
	schemaDIBasicType       = newSchema(tagUnless(dwarf.TagBaseType), held("name"), held("size"), held("align"), held("dataSize"),
		held("encoding"), held("num_extra_inhabitants"), held("flags"))
	schemaDIFixedPointType = newSchema(tagUnless(dwarf.TagBaseType), held("name"), held("size"), held("align"), held("encoding"),
		held("flags"), alwaysEnum("kind", ir.EnumFixedPointKind),
		schemaField{name: ir.FieldNameOf("factor"), rule: ruleNotRational, kind: ir.FieldInt},
		schemaField{name: ir.FieldNameOf("numerator"), rule: ruleRational, kind: ir.FieldInt},
		schemaField{name: ir.FieldNameOf("denominator"), rule: ruleRational, kind: ir.FieldInt})
	schemaDIStringType = newSchema(tagUnless(dwarf.TagStringType), held("name"), held("stringLength"), held("stringLengthExpression"),
		held("stringLocationExpression"), held("size"), held("align"), held("encoding"))
	schemaDIDerivedType = newSchema(sTag, held("name"), held("scope"), held("file"), held("line"), always("baseType", ir.FieldMD),
		held("size"), held("align"), held("offset"), held("flags"), held("extraData"), held("dwarfAddressSpace"),
		held("annotations"), held("ptrAuthKey"), held("ptrAuthIsAddressDiscriminated"), held("ptrAuthExtraDiscriminator"),
		held("ptrAuthIsaPointer"), held("ptrAuthAuthenticatesNullValues"))
	schemaDISubrangeType = newSchema(held("name"), held("scope"), held("file"), held("line"), held("size"), held("align"), held("flags"),
		held("baseType"), held("lowerBound"), held("upperBound"), held("stride"), held("bias"))
	schemaDICompositeType = newSchema(sTag, held("name"), held("scope"), held("file"), held("line"), held("baseType"), held("size"),
		held("align"), held("offset"), held("num_extra_inhabitants"), held("flags"), held("elements"), held("runtimeLang"),
		held("vtableHolder"), held("templateParams"), held("identifier"), held("discriminator"), held("dataLocation"),
		held("associated"), held("allocated"), held("rank"), held("annotations"), held("specification"),
		held("enumKind"), held("bitStride"))
	schemaDISubroutineType = newSchema(held("flags"), held("cc"), always("types", ir.FieldMD))
	schemaDIFile           = newSchema(always("filename", ir.FieldString), always("directory", ir.FieldString), held("checksumkind"),
		held("checksum"), held("source"))
	schemaDICompileUnit = newSchema(held("sourceLanguageName"), held("sourceLanguageVersion"), held("language"),
		always("file", ir.FieldMD), held("producer"), always("isOptimized", ir.FieldBool), held("flags"),
		always("runtimeVersion", ir.FieldUint), held("splitDebugFilename"), alwaysEnum("emissionKind", ir.EnumEmissionKind),
		held("enums"), held("retainedTypes"), held("globals"), held("imports"), held("macros"), held("dwoId"),
		schemaField{name: ir.FieldNameOf("splitDebugInlining"), rule: ruleUnless, kind: ir.FieldBool, eq: 1},
		held("debugInfoForProfiling"), held("nameTableKind"), held("rangesBaseAddress"), held("sysroot"), held("sdk"))
	schemaDISubprogram = newSchema(held("name"), held("linkageName"), sScope, held("file"), held("line"), held("type"),
		held("scopeLine"), held("containingType"),
		schemaField{name: ir.FieldNameOf("virtualIndex"), rule: ruleVirtualIndex, kind: ir.FieldUint},
		held("thisAdjustment"), held("flags"), always("spFlags", ir.FieldSPFlags), held("unit"), held("templateParams"),
		held("declaration"), held("retainedNodes"), held("thrownTypes"), held("annotations"), held("targetFuncName"),
		held("keyInstructions"))
	schemaDILexicalBlock             = newSchema(sScope, held("file"), held("line"), held("column"))
	schemaDILexicalBlockFile         = newSchema(sScope, held("file"), always("discriminator", ir.FieldUint))
	schemaDICommonBlock              = newSchema(sScope, always("declaration", ir.FieldMD), held("name"), held("file"), held("line"))
	schemaDINamespace                = newSchema(held("name"), sScope, held("exportSymbols"))
	schemaDIModule                   = newSchema(sScope, held("name"), held("configMacros"), held("includePath"), held("apinotes"), held("file"), held("line"), held("isDecl"))
	schemaDIMacro                    = newSchema(alwaysEnum("type", ir.EnumMacinfoType), held("line"), held("name"), held("value"))
	schemaDIMacroFile                = newSchema(held("line"), always("file", ir.FieldMD), held("nodes"))
	schemaDITemplateTypeParameter    = newSchema(held("name"), always("type", ir.FieldMD), held("defaulted"))
	schemaDITemplateValueParameter   = newSchema(tagUnless(dwarf.TagTemplateValueParameter), held("name"), held("type"), held("defaulted"), always("value", ir.FieldMD))
	schemaDIImportedEntity           = newSchema(sTag, held("name"), sScope, held("entity"), held("file"), held("line"), held("elements"))
	schemaDIObjCProperty             = newSchema(held("name"), held("file"), held("line"), held("setter"), held("getter"), held("attributes"), held("type"))
	schemaDIGlobalVariableExpression = newSchema(held("var"), held("expr"))
	schemaGenericDINode              = newSchema(sTag, held("header"), held("operands"))
	schemaDIAssignID                 = newSchema()
	schemaDILabel                    = newSchema(sScope, held("name"), held("file"), held("line"), held("column"), held("isArtificial"), held("coroSuspendIdx"))
	schemaDILocalVariable            = newSchema(held("name"), held("arg"), sScope, held("file"), held("line"), held("type"), held("flags"), held("align"), held("annotations"))
	schemaDIGlobalVariable           = newSchema(held("name"), held("linkageName"), sScope, held("file"), held("line"), held("type"),
		always("isLocal", ir.FieldBool), always("isDefinition", ir.FieldBool), held("declaration"), held("templateParams"),
		held("align"), held("annotations"))
)

// schemaOf returns the schema of a node kind, false when it has none (a
// switch rather than a map: it is asked once a node, hundreds of
// thousands of times in a large module).
func schemaOf(kind string) (*nodeSchema, bool) {
	switch kind {
	case "DISubrange":
		return schemaDISubrange, true
	case "DIGenericSubrange":
		return schemaDIGenericSubrange, true
	case "DIEnumerator":
		return schemaDIEnumerator, true
	case "DIBasicType":
		return schemaDIBasicType, true
	case "DIFixedPointType":
		return schemaDIFixedPointType, true
	case "DIStringType":
		return schemaDIStringType, true
	case "DIDerivedType":
		return schemaDIDerivedType, true
	case "DISubrangeType":
		return schemaDISubrangeType, true
	case "DICompositeType":
		return schemaDICompositeType, true
	case "DISubroutineType":
		return schemaDISubroutineType, true
	case "DIFile":
		return schemaDIFile, true
	case "DICompileUnit":
		return schemaDICompileUnit, true
	case "DISubprogram":
		return schemaDISubprogram, true
	case "DILexicalBlock":
		return schemaDILexicalBlock, true
	case "DILexicalBlockFile":
		return schemaDILexicalBlockFile, true
	case "DICommonBlock":
		return schemaDICommonBlock, true
	case "DINamespace":
		return schemaDINamespace, true
	case "DIModule":
		return schemaDIModule, true
	case "DIMacro":
		return schemaDIMacro, true
	case "DIMacroFile":
		return schemaDIMacroFile, true
	case "DITemplateTypeParameter":
		return schemaDITemplateTypeParameter, true
	case "DITemplateValueParameter":
		return schemaDITemplateValueParameter, true
	case "DIImportedEntity":
		return schemaDIImportedEntity, true
	case "DIObjCProperty":
		return schemaDIObjCProperty, true
	case "DIGlobalVariableExpression":
		return schemaDIGlobalVariableExpression, true
	case "GenericDINode":
		return schemaGenericDINode, true
	case "DIAssignID":
		return schemaDIAssignID, true
	case "DILabel":
		return schemaDILabel, true
	case "DILocalVariable":
		return schemaDILocalVariable, true
	case "DIGlobalVariable":
		return schemaDIGlobalVariable, true
	}
	return nil, false
}

// The fields the rules of others depend on: a DISubprogram's spFlags, a
// DIFixedPointType's kind.
var (
	fieldSPFlags = ir.FieldNameOf("spFlags")
	fieldKind    = ir.FieldNameOf("kind")
)

// A fieldWalk yields the fields of a node to print, in order: next
// returns each. It is a value; a copy walks again from where it was.
type fieldWalk struct {
	n *ir.SpecializedNode
	// schema is the node's, nil when its kind has none or its fields
	// are not in the schema's order (a node a reader did not make):
	// then its fields are printed as they are.
	schema *nodeSchema
	i, j   int // the next schema field and the next field of n
}

// misfit, when set (by tests), is called with each node walked whose
// kind has no schema or whose fields do not fit it.
var misfit func(*ir.SpecializedNode)

// walkFields starts a walk over the fields of n.
func walkFields(n *ir.SpecializedNode) fieldWalk {
	w := fieldWalk{n: n}
	if s, ok := schemaOf(n.Kind); ok && inSchema(n.Fields, s) {
		w.schema = s
	} else if misfit != nil {
		misfit(n)
	}
	return w
}

// inSchema reports whether every field of fs has a name of schema s, in
// its order.
func inSchema(fs []ir.Field, s *nodeSchema) bool {
	prev := 0
	for i := range fs {
		k := s.index(fs[i].Name)
		if k <= prev {
			return false
		}
		prev = k
	}
	return true
}

// next returns the next field to print; false when there is none left.
func (w *fieldWalk) next() (ir.Field, bool) {
	fs := w.n.Fields
	if w.schema == nil {
		for w.j < len(fs) {
			f := fs[w.j]
			w.j++
			if !zeroSize(&f) {
				return f, true
			}
		}
		return ir.Field{}, false
	}
	for {
		// The next schema field that matters: the next one held, or
		// the next one printed or decided on when not held.
		k := int(w.schema.ruled[w.i])
		if w.j < len(fs) {
			k = min(k, w.schema.index(fs[w.j].Name)-1)
		}
		if k >= len(w.schema.fields) {
			return ir.Field{}, false
		}
		w.i = k + 1
		s := &w.schema.fields[k]
		isHeld := w.j < len(fs) && fs[w.j].Name == s.name
		var f ir.Field
		if isHeld {
			f = fs[w.j]
			w.j++
		} else {
			f = ir.Field{Name: s.name, Kind: s.kind, Enum: s.enum}
		}
		switch s.rule {
		case ruleHeld:
			if !isHeld {
				continue
			}
		case ruleUnless:
			if f.MD == nil && f.Int == s.eq {
				continue
			}
		case ruleVirtualIndex:
			if !isHeld && w.intOf(fieldSPFlags, ir.FieldSPFlags)&3 == 0 {
				continue
			}
		case ruleRational:
			if w.intOf(fieldKind, ir.FieldEnum) != fixedPointRational {
				continue
			}
		case ruleNotRational:
			if !isHeld || w.intOf(fieldKind, ir.FieldEnum) == fixedPointRational {
				continue
			}
		}
		if zeroSize(&f) {
			continue
		}
		if s.constExpr && f.Kind == ir.FieldMD {
			if c, ok := signedConstExpr(f.MD); ok {
				f = ir.Field{Name: f.Name, Int: c, Kind: ir.FieldInt}
			}
		}
		return f, true
	}
}

// intOf returns the Int of the field of the node walked named name, of
// kind k; 0 when it holds none.
func (w *fieldWalk) intOf(name ir.FieldName, k ir.FieldKind) int64 {
	for j := range w.n.Fields {
		if f := &w.n.Fields[j]; f.Name == name && f.Kind == k {
			return f.Int
		}
	}
	return 0
}

// zeroSize reports whether f is a size or offset left out: null or an
// integer constant zero (see ir.FieldSize).
func zeroSize(f *ir.Field) bool {
	if f.Kind != ir.FieldSize {
		return false
	}
	c, ok := constIntOf(f.MD)
	return ok && c == 0 || ir.IsNilMetadata(f.MD)
}

// signedConstExpr reports whether md is a DIExpression that is a signed
// constant (DIExpression::isConstant: DW_OP_consts N, then optionally
// DW_OP_stack_value and a DW_OP_LLVM_fragment), and its value N.
func signedConstExpr(md ir.Metadata) (int64, bool) {
	e, ok := md.(*ir.SpecializedNode)
	if !ok || e.Kind != "DIExpression" {
		return 0, false
	}
	// The three shapes are well formed whatever the numbers, so the
	// operations are the ones a printer names.
	f := e.Fields
	is := func(i int, op dwarf.Op) bool { return f[i].Kind == ir.FieldUint && f[i].Int == int64(op) }
	if len(f) != 2 && len(f) != 3 && len(f) != 6 || !is(0, dwarf.OpConsts) {
		return 0, false
	}
	if len(f) == 3 && !is(2, dwarf.OpStackValue) || len(f) == 6 && (!is(2, dwarf.OpStackValue) || !is(3, dwarf.OpLLVMFragment)) {
		return 0, false
	}
	return f[1].Int, true
}
