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
// kind at a time (schemaOf); a fieldWalk merges a node's schema with its fields, and
// specializedBody and appendNodeRecord both print what it yields.

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
	schemaDISubrange        = []schemaField{held("count"), held("lowerBound"), held("upperBound"), held("stride")}
	schemaDIGenericSubrange = []schemaField{bound("count"), bound("lowerBound"), bound("upperBound"), bound("stride")}
	schemaDIEnumerator      = []schemaField{always("name", ir.FieldString), always("value", ir.FieldInt), held("isUnsigned")}
	schemaDIBasicType       = []schemaField{tagUnless(dwarf.TagBaseType), held("name"), held("size"), held("align"), held("dataSize"),
		held("encoding"), held("num_extra_inhabitants"), held("flags")}
	schemaDIFixedPointType = []schemaField{tagUnless(dwarf.TagBaseType), held("name"), held("size"), held("align"), held("encoding"),
		held("flags"), alwaysEnum("kind", ir.EnumFixedPointKind),
		{name: ir.FieldNameOf("factor"), rule: ruleNotRational, kind: ir.FieldInt},
		{name: ir.FieldNameOf("numerator"), rule: ruleRational, kind: ir.FieldInt},
		{name: ir.FieldNameOf("denominator"), rule: ruleRational, kind: ir.FieldInt}}
	schemaDIStringType = []schemaField{tagUnless(dwarf.TagStringType), held("name"), held("stringLength"), held("stringLengthExpression"),
		held("stringLocationExpression"), held("size"), held("align"), held("encoding")}
	schemaDIDerivedType = []schemaField{sTag, held("name"), held("scope"), held("file"), held("line"), always("baseType", ir.FieldMD),
		held("size"), held("align"), held("offset"), held("flags"), held("extraData"), held("dwarfAddressSpace"),
		held("annotations"), held("ptrAuthKey"), held("ptrAuthIsAddressDiscriminated"), held("ptrAuthExtraDiscriminator"),
		held("ptrAuthIsaPointer"), held("ptrAuthAuthenticatesNullValues")}
	schemaDISubrangeType = []schemaField{held("name"), held("scope"), held("file"), held("line"), held("size"), held("align"), held("flags"),
		held("baseType"), held("lowerBound"), held("upperBound"), held("stride"), held("bias")}
	schemaDICompositeType = []schemaField{sTag, held("name"), held("scope"), held("file"), held("line"), held("baseType"), held("size"),
		held("align"), held("offset"), held("num_extra_inhabitants"), held("flags"), held("elements"), held("runtimeLang"),
		held("vtableHolder"), held("templateParams"), held("identifier"), held("discriminator"), held("dataLocation"),
		held("associated"), held("allocated"), held("rank"), held("annotations"), held("specification"),
		held("enumKind"), held("bitStride")}
	schemaDISubroutineType = []schemaField{held("flags"), held("cc"), always("types", ir.FieldMD)}
	schemaDIFile           = []schemaField{always("filename", ir.FieldString), always("directory", ir.FieldString), held("checksumkind"),
		held("checksum"), held("source")}
	schemaDICompileUnit = []schemaField{held("sourceLanguageName"), held("sourceLanguageVersion"), held("language"),
		always("file", ir.FieldMD), held("producer"), always("isOptimized", ir.FieldBool), held("flags"),
		always("runtimeVersion", ir.FieldUint), held("splitDebugFilename"), alwaysEnum("emissionKind", ir.EnumEmissionKind),
		held("enums"), held("retainedTypes"), held("globals"), held("imports"), held("macros"), held("dwoId"),
		{name: ir.FieldNameOf("splitDebugInlining"), rule: ruleUnless, kind: ir.FieldBool, eq: 1},
		held("debugInfoForProfiling"), held("nameTableKind"), held("rangesBaseAddress"), held("sysroot"), held("sdk")}
	schemaDISubprogram = []schemaField{held("name"), held("linkageName"), sScope, held("file"), held("line"), held("type"),
		held("scopeLine"), held("containingType"),
		{name: ir.FieldNameOf("virtualIndex"), rule: ruleVirtualIndex, kind: ir.FieldUint},
		held("thisAdjustment"), held("flags"), always("spFlags", ir.FieldSPFlags), held("unit"), held("templateParams"),
		held("declaration"), held("retainedNodes"), held("thrownTypes"), held("annotations"), held("targetFuncName"),
		held("keyInstructions")}
	schemaDILexicalBlock             = []schemaField{sScope, held("file"), held("line"), held("column")}
	schemaDILexicalBlockFile         = []schemaField{sScope, held("file"), always("discriminator", ir.FieldUint)}
	schemaDICommonBlock              = []schemaField{sScope, always("declaration", ir.FieldMD), held("name"), held("file"), held("line")}
	schemaDINamespace                = []schemaField{held("name"), sScope, held("exportSymbols")}
	schemaDIModule                   = []schemaField{sScope, held("name"), held("configMacros"), held("includePath"), held("apinotes"), held("file"), held("line"), held("isDecl")}
	schemaDIMacro                    = []schemaField{alwaysEnum("type", ir.EnumMacinfoType), held("line"), held("name"), held("value")}
	schemaDIMacroFile                = []schemaField{held("line"), always("file", ir.FieldMD), held("nodes")}
	schemaDITemplateTypeParameter    = []schemaField{held("name"), always("type", ir.FieldMD), held("defaulted")}
	schemaDITemplateValueParameter   = []schemaField{tagUnless(dwarf.TagTemplateValueParameter), held("name"), held("type"), held("defaulted"), always("value", ir.FieldMD)}
	schemaDIImportedEntity           = []schemaField{sTag, held("name"), sScope, held("entity"), held("file"), held("line"), held("elements")}
	schemaDIObjCProperty             = []schemaField{held("name"), held("file"), held("line"), held("setter"), held("getter"), held("attributes"), held("type")}
	schemaDIGlobalVariableExpression = []schemaField{held("var"), held("expr")}
	schemaGenericDINode              = []schemaField{sTag, held("header"), held("operands")}
	schemaDIAssignID                 = []schemaField{}
	schemaDILabel                    = []schemaField{sScope, held("name"), held("file"), held("line"), held("column"), held("isArtificial"), held("coroSuspendIdx")}
	schemaDILocalVariable            = []schemaField{held("name"), held("arg"), sScope, held("file"), held("line"), held("type"), held("flags"), held("align"), held("annotations")}
	schemaDIGlobalVariable           = []schemaField{held("name"), held("linkageName"), sScope, held("file"), held("line"), held("type"),
		always("isLocal", ir.FieldBool), always("isDefinition", ir.FieldBool), held("declaration"), held("templateParams"),
		held("align"), held("annotations")}
)

// schemaOf returns the schema of a node kind, false when it has none (a
// switch rather than a map: it is asked once a node, hundreds of
// thousands of times in a large module).
func schemaOf(kind string) ([]schemaField, bool) {
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
	schema []schemaField
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
func inSchema(fs []ir.Field, s []schemaField) bool {
	j := 0
	for i := range s {
		if j < len(fs) && fs[j].Name == s[i].name {
			j++
		}
	}
	return j == len(fs)
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
	for w.i < len(w.schema) {
		s := &w.schema[w.i]
		w.i++
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
	return ir.Field{}, false
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
	return ok && c == 0 || isNilMD(f.MD)
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
