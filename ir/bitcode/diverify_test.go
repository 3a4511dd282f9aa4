package bitcode

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// The builders below make nodes as the reader does: fields by LLVM's
// names, zero ones left out.

// dvNew makes a specialized node of kind with fields.
func dvNew(kind string, fields ...ir.Field) *ir.SpecializedNode {
	return &ir.SpecializedNode{Kind: kind, Fields: fields}
}

// dvDistinct makes a distinct specialized node of kind with fields.
func dvDistinct(kind string, fields ...ir.Field) *ir.SpecializedNode {
	n := dvNew(kind, fields...)
	n.Distinct = true
	return n
}

// dvfMD is a metadata field.
func dvfMD(name string, m ir.Metadata) ir.Field {
	return ir.Field{Name: ir.FieldNameOf(name), MD: m, Kind: ir.FieldMD}
}

// dvfUint is an unsigned field.
func dvfUint(name string, v uint64) ir.Field {
	return ir.Field{Name: ir.FieldNameOf(name), Int: int64(v), Kind: ir.FieldUint}
}

// dvfStr is a string field.
func dvfStr(name, s string) ir.Field {
	return ir.Field{Name: ir.FieldNameOf(name), MD: &ir.MDString{Value: s}, Kind: ir.FieldString}
}

// dvfTag is a tag field.
func dvfTag(t dwarf.Tag) ir.Field {
	return ir.Field{Name: ir.FieldNameOf("tag"), Int: int64(t), Kind: ir.FieldEnum, Enum: ir.EnumDWTag}
}

// dvfEnum is a field of enumeration e.
func dvfEnum(name string, v uint64, e ir.DIEnum) ir.Field {
	return ir.Field{Name: ir.FieldNameOf(name), Int: int64(v), Kind: ir.FieldEnum, Enum: e}
}

// dvfFlags is a DIFlags field.
func dvfFlags(f uint32) ir.Field {
	return ir.Field{Name: ir.FieldNameOf("flags"), Int: int64(f), Kind: ir.FieldDIFlags}
}

// dvfSPFlags is a DISPFlags field.
func dvfSPFlags(f uint32) ir.Field {
	return ir.Field{Name: ir.FieldNameOf("spFlags"), Int: int64(f), Kind: ir.FieldSPFlags}
}

// dvfSize is a size field holding the i64 constant v.
func dvfSize(v int64) ir.Field {
	return ir.Field{Name: ir.FieldNameOf("size"), Kind: ir.FieldSize,
		MD: &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: &ir.Type{Kind: ir.IntegerType, BitWidth: 64}, V: v}}}
}

// dvfBound is a bound field (DISubrange's count, ...) holding m.
func dvfBound(name string, m ir.Metadata) ir.Field {
	return ir.Field{Name: ir.FieldNameOf(name), MD: m, Kind: ir.FieldConstInt}
}

// dvI64 is the ConstantAsMetadata of the i64 v.
func dvI64(v int64) *ir.ValueAsMetadata {
	return &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: &ir.Type{Kind: ir.IntegerType, BitWidth: 64}, V: v}}
}

// dvExprOf makes a DIExpression of elements els.
func dvExprOf(els ...uint64) *ir.SpecializedNode {
	n := dvNew("DIExpression")
	for _, e := range els {
		n.Fields = append(n.Fields, ir.Field{Int: int64(e), Kind: ir.FieldUint})
	}
	return n
}

// dvTuple makes an MDTuple of ops.
func dvTuple(ops ...ir.Metadata) *ir.MDTuple { return &ir.MDTuple{Ops: ops} }

// TestVerifyDINode checks verifyDINode on nodes made by hand, valid and
// not, against the messages of LLVM's verifier (most of them seen from
// llvm-dis-22 on the same node written in LLVM assembly).
func TestVerifyDINode(t *testing.T) {
	file := dvNew("DIFile", dvfStr("filename", "a.c"), dvfStr("directory", "/"))
	noName := dvNew("DIFile", dvfStr("directory", "/"))
	cu := dvDistinct("DICompileUnit", dvfEnum("language", 0xc, ir.EnumDWLang), dvfMD("file", file), dvfEnum("emissionKind", 1, ir.EnumEmissionKind))
	intTy := dvNew("DIBasicType", dvfTag(dwarf.TagBaseType), dvfStr("name", "int"), dvfSize(32), dvfEnum("encoding", uint64(dwarf.ATESigned), ir.EnumDWATE))
	ptrTy := dvNew("DIDerivedType", dvfTag(dwarf.TagPointerType), dvfMD("baseType", intTy), dvfSize(64))
	sty := dvNew("DISubroutineType", dvfMD("types", dvTuple(nil)))
	spFields := func(extra ...ir.Field) []ir.Field {
		return append([]ir.Field{dvfStr("name", "f"), dvfMD("scope", file), dvfMD("file", file), dvfUint("line", 1), dvfMD("type", sty),
			dvfSPFlags(dvSPFlagDefinition), dvfMD("unit", cu)}, extra...)
	}
	sp := dvDistinct("DISubprogram", spFields()...)
	other := dvDistinct("DISubprogram", spFields()...)
	decl := dvNew("DISubprogram", dvfStr("name", "f"), dvfMD("scope", file), dvfMD("file", file), dvfMD("type", sty))
	block := dvDistinct("DILexicalBlock", dvfMD("scope", sp), dvfMD("file", file), dvfUint("line", 2), dvfUint("column", 3))
	local := func(scope ir.Metadata) *ir.SpecializedNode {
		return dvNew("DILocalVariable", dvfStr("name", "x"), dvfMD("scope", scope), dvfMD("file", file), dvfUint("line", 2), dvfMD("type", intTy))
	}
	gv := dvNew("DIGlobalVariable", dvfStr("name", "g"), dvfMD("scope", cu), dvfMD("file", file), dvfUint("line", 1), dvfMD("type", intTy),
		ir.Field{Name: ir.FieldNameOf("isDefinition"), Int: 1, Kind: ir.FieldBool})
	subrange := dvNew("DISubrange", dvfBound("count", dvI64(4)))
	enumTy := dvDistinct("DICompositeType", dvfTag(dwarf.TagEnumerationType), dvfStr("name", "e"), dvfMD("baseType", intTy), dvfSize(32))
	member := dvNew("DIDerivedType", dvfTag(dwarf.TagMember), dvfStr("name", "m"), dvfMD("baseType", intTy), dvfSize(32))

	// A subprogram whose retained nodes are in it, directly and in a
	// block.
	retaining := dvDistinct("DISubprogram", spFields()...)
	inner := dvDistinct("DILexicalBlockFile", dvfMD("scope", dvDistinct("DILexicalBlock", dvfMD("scope", retaining))), dvfMD("file", file))
	label := dvNew("DILabel", dvfMD("scope", inner), dvfStr("name", "l"))
	imported := dvNew("DIImportedEntity", dvfTag(dwarf.TagImportedDeclaration), dvfMD("scope", retaining), dvfMD("entity", gv))
	retaining.Fields = append(retaining.Fields, dvfMD("retainedNodes", dvTuple(local(retaining), label, imported)))
	// A subprogram whose retained variable is in a cycle of blocks.
	cyclic := dvDistinct("DISubprogram", spFields()...)
	b1 := dvDistinct("DILexicalBlock", dvfMD("scope", cyclic))
	b2 := dvDistinct("DILexicalBlock", dvfMD("scope", b1))
	b1.Fields[0].MD = b2
	cyclic.Fields = append(cyclic.Fields, dvfMD("retainedNodes", dvTuple(local(b2))))

	tests := []struct {
		name string
		n    ir.Metadata
		want string
	}{
		// Nodes that are not debug info, and valid ones.
		{"tuple", dvTuple(&ir.MDString{Value: "x"}), ""},
		{"string", &ir.MDString{Value: "x"}, ""},
		{"nil", nil, ""},
		{"nil node", (*ir.SpecializedNode)(nil), ""},
		{"file", file, ""},
		{"unit", cu, ""},
		{"subprogram", sp, ""},
		{"declaration", decl, ""},
		{"block", block, ""},
		{"local", local(block), ""},
		{"global", gv, ""},
		{"pointer", ptrTy, ""},
		{"subroutine type", sty, ""},
		{"location", &ir.DILocation{Line: 1, Scope: block}, ""},
		{"location inlined", &ir.DILocation{Line: 1, Scope: block, InlinedAt: &ir.DILocation{Line: 2, Scope: other}}, ""},
		{"gve", dvDistinct("DIGlobalVariableExpression", dvfMD("var", gv), dvfMD("expr", dvExprOf())), ""},
		{"enum", enumTy, ""},
		{"vector", dvNew("DICompositeType", dvfTag(dwarf.TagArrayType), dvfMD("baseType", intTy), dvfFlags(dvFlagVector), dvfMD("elements", dvTuple(subrange))), ""},
		{"expr", dvExprOf(uint64(dwarf.OpPlusUconst), 8, uint64(dwarf.OpStackValue), uint64(dwarf.OpLLVMFragment), 0, 32), ""},
		{"expr register", dvExprOf(uint64(dwarf.OpReg0)+3, 0xdead), ""},
		{"expr entry value", dvExprOf(uint64(dwarf.OpLLVMEntryValue), 1, uint64(dwarf.OpRegx), 5), ""},
		{"subrange type", dvNew("DISubrangeType", dvfStr("name", "r"), dvfMD("baseType", intTy), dvfMD("lowerBound", member), dvfMD("upperBound", dvI64(3))), ""},

		// DISubprogram.
		{"sp containing string", dvDistinct("DISubprogram", spFields(dvfMD("containingType", &ir.MDString{Value: "_ZTS1A"}))...), "invalid containing type"},
		{"sp unit not a unit", dvDistinct("DISubprogram", append(spFields()[:5], dvfSPFlags(dvSPFlagDefinition), dvfMD("unit", file))...), "invalid unit type"},
		{"sp no unit", dvDistinct("DISubprogram", spFields()[:6]...), "subprogram definitions must have a compile unit"},
		{"sp uniqued definition", dvNew("DISubprogram", spFields()...), "subprogram definitions must be distinct"},
		{"sp retained not a tuple", dvDistinct("DISubprogram", spFields(dvfMD("retainedNodes", local(sp)))...), "invalid retained nodes list"},
		{"sp retained null", dvDistinct("DISubprogram", spFields(dvfMD("retainedNodes", dvTuple(nil)))...), "nullptr in retained nodes"},
		{"sp retained type", dvDistinct("DISubprogram", spFields(dvfMD("retainedNodes", dvTuple(intTy)))...),
			"invalid retained nodes, expected DILocalVariable, DILabel or DIImportedEntity"},
		{"sp retained not local", dvDistinct("DISubprogram", spFields(dvfMD("retainedNodes", dvTuple(local(file))))...),
			"invalid retained nodes, retained node is not local"},
		{"sp retained of another", dvDistinct("DISubprogram", spFields(dvfMD("retainedNodes", dvTuple(local(other))))...),
			"invalid retained nodes, retained node does not belong to subprogram"},
		{"sp retained", retaining, ""},
		{"sp retained in a cycle", cyclic, "invalid retained nodes, retained node does not belong to subprogram"},
		{"sp retained in an imported entity", dvDistinct("DISubprogram", spFields(dvfMD("retainedNodes", dvTuple(imported)))...),
			"invalid retained nodes, retained node does not belong to subprogram"},
		{"sp scope string", dvDistinct("DISubprogram", dvfMD("scope", &ir.MDString{Value: "s"})), "invalid scope"},
		{"sp file not a file", dvDistinct("DISubprogram", dvfMD("file", cu)), "invalid file"},
		{"sp line without file", dvDistinct("DISubprogram", dvfUint("line", 3)), "line specified with no file"},
		{"sp type", dvDistinct("DISubprogram", dvfMD("type", intTy)), "invalid subroutine type"},
		{"sp declaration", dvDistinct("DISubprogram", spFields(dvfMD("declaration", other))...), "invalid subprogram declaration"},
		{"sp declaration with unit", dvNew("DISubprogram", dvfMD("unit", cu)), "subprogram declarations must not have a compile unit"},
		{"sp reference flags", dvDistinct("DISubprogram", spFields(dvfFlags(dvFlagLValueReference|dvFlagRValueReference))...), "invalid reference flags"},
		{"sp template params", dvDistinct("DISubprogram", spFields(dvfMD("templateParams", dvTuple(intTy)))...), "invalid template parameter"},
		{"sp thrown", dvDistinct("DISubprogram", spFields(dvfMD("thrownTypes", dvTuple(file)))...), "invalid thrown type"},
		{"sp all calls", dvNew("DISubprogram", dvfFlags(dvFlagAllCallsDescribed)), "DIFlagAllCallsDescribed must be attached to a definition"},

		// DIDerivedType.
		{"derived base not a type", dvNew("DIDerivedType", dvfTag(dwarf.TagPointerType), dvfMD("baseType", file)), "invalid base type"},
		{"derived base string", dvNew("DIDerivedType", dvfTag(dwarf.TagTypedef), dvfMD("baseType", &ir.MDString{Value: "_ZTS1A"})), "invalid base type"},
		{"derived tag", dvNew("DIDerivedType", dvfTag(dwarf.TagStructureType)), "invalid tag"},
		{"derived variable", dvNew("DIDerivedType", dvfTag(dwarf.TagVariable)), "invalid tag"},
		{"derived static member", dvNew("DIDerivedType", dvfTag(dwarf.TagVariable), dvfFlags(dvFlagStaticMember)), ""},
		{"derived scope", dvNew("DIDerivedType", dvfTag(dwarf.TagMember), dvfMD("scope", gv)), "invalid scope"},
		{"derived file", dvNew("DIDerivedType", dvfTag(dwarf.TagMember), dvfMD("file", cu)), "invalid file"},
		{"derived set", dvNew("DIDerivedType", dvfTag(dwarf.TagSetType), dvfMD("baseType", ptrTy)), "invalid set base type"},
		{"derived address space", dvNew("DIDerivedType", dvfTag(dwarf.TagConstType), dvfUint("dwarfAddressSpace", 0)),
			"DWARF address space only applies to pointer or reference types"},
		{"derived member extraData", dvNew("DIDerivedType", dvfTag(dwarf.TagMember), dvfMD("baseType", intTy), dvfMD("extraData", intTy)),
			"extraData must be ConstantAsMetadata, MDString, DIObjCProperty, or MDTuple with single ConstantAsMetadata operand"},
		{"derived inheritance extraData", dvNew("DIDerivedType", dvfTag(dwarf.TagInheritance), dvfMD("baseType", intTy), dvfMD("extraData", dvTuple(dvI64(1), dvI64(2)))),
			"extraData must be ConstantAsMetadata, MDString, DIObjCProperty, or MDTuple with single ConstantAsMetadata operand"},
		{"derived bit field", dvNew("DIDerivedType", dvfTag(dwarf.TagMember), dvfMD("baseType", intTy), dvfMD("extraData", dvI64(0))), ""},
		{"derived static member value", dvNew("DIDerivedType", dvfTag(dwarf.TagVariable), dvfFlags(dvFlagStaticMember), dvfMD("extraData", dvTuple(dvI64(3)))), ""},
		{"derived template alias", dvNew("DIDerivedType", dvfTag(dwarf.TagTemplateAlias), dvfMD("baseType", intTy), dvfMD("extraData", intTy)),
			"invalid template parameters"},
		{"derived template alias params", dvNew("DIDerivedType", dvfTag(dwarf.TagTemplateAlias), dvfMD("baseType", intTy), dvfMD("extraData", dvTuple(intTy))), ""},
		{"derived member pointer", dvNew("DIDerivedType", dvfTag(dwarf.TagPtrToMemberType), dvfMD("extraData", file)), "invalid pointer to member type"},

		// DICompositeType.
		{"composite elements not a tuple", dvDistinct("DICompositeType", dvfTag(dwarf.TagStructureType), dvfMD("elements", member)), "invalid composite elements"},
		{"composite null element", dvDistinct("DICompositeType", dvfTag(dwarf.TagStructureType), dvfMD("elements", dvTuple(member, nil))),
			"DISubprogram contains null entry in `elements` field"},
		{"composite vector", dvNew("DICompositeType", dvfTag(dwarf.TagArrayType), dvfMD("baseType", intTy), dvfFlags(dvFlagVector), dvfMD("elements", dvTuple(intTy))),
			"invalid vector, expected one element of type subrange"},
		{"composite array without base", dvNew("DICompositeType", dvfTag(dwarf.TagArrayType), dvfMD("elements", dvTuple(subrange))), "array types must have a base type"},
		{"composite vtable holder", dvNew("DICompositeType", dvfTag(dwarf.TagClassType), dvfMD("vtableHolder", sp)), "invalid vtable holder"},
		{"composite block byref", dvNew("DICompositeType", dvfTag(dwarf.TagStructureType), dvfFlags(dvFlagReservedBit4)),
			"DIBlockByRefStruct on DICompositeType is no longer supported"},
		{"composite rank", dvNew("DICompositeType", dvfTag(dwarf.TagStructureType), dvfBound("rank", dvI64(2))), "rank can only appear in array type"},
		{"composite template params", dvNew("DICompositeType", dvfTag(dwarf.TagStructureType), dvfMD("templateParams", intTy)), "invalid template params"},
		{"composite discriminator", dvNew("DICompositeType", dvfTag(dwarf.TagStructureType), dvfMD("discriminator", member)),
			"discriminator can only appear on variant part"},

		// Variables, labels, locations.
		{"local scope not local", local(file), "local variable requires a valid scope"},
		{"local scope null", dvNew("DILocalVariable", dvfStr("name", "x")), "local variable requires a valid scope"},
		{"local scope declaration", local(dvDistinct("DICompositeType", dvfTag(dwarf.TagStructureType))), "local variable requires a valid scope"},
		{"local scope string", local(&ir.MDString{Value: "s"}), "invalid scope"},
		{"local type", dvNew("DILocalVariable", dvfMD("scope", sp), dvfMD("type", sty)), "invalid type"},
		{"local type ref", dvNew("DILocalVariable", dvfMD("scope", sp), dvfMD("type", &ir.MDString{Value: "_ZTS1A"})), "invalid type ref"},
		{"label scope", dvNew("DILabel", dvfMD("scope", file), dvfStr("name", "l")), "label requires a valid scope"},
		{"location scope not local", &ir.DILocation{Line: 1, Scope: file}, "location requires a valid scope"},
		{"location scope null", &ir.DILocation{Line: 1}, "location requires a valid scope"},
		{"location declaration", &ir.DILocation{Line: 1, Scope: decl}, "scope points into the type hierarchy"},
		{"location inlined at", &ir.DILocation{Line: 1, Scope: sp, InlinedAt: sp}, "inlined-at should be a location"},
		{"block scope", dvDistinct("DILexicalBlock", dvfMD("scope", file)), "invalid local scope"},
		{"block column", dvDistinct("DILexicalBlock", dvfMD("scope", sp), dvfUint("column", 3)), "cannot have column info without line info"},
		{"global definition without type", dvNew("DIGlobalVariable", dvfStr("name", "g"), ir.Field{Name: ir.FieldNameOf("isDefinition"), Int: 1, Kind: ir.FieldBool}),
			"missing global variable type"},
		{"global member", dvNew("DIGlobalVariable", dvfStr("name", "g"), dvfMD("declaration", intTy)), "invalid static data member declaration"},

		// DIGlobalVariableExpression.
		{"gve var null", dvDistinct("DIGlobalVariableExpression", dvfMD("expr", dvExprOf())), "missing variable"},
		{"gve var a type", dvDistinct("DIGlobalVariableExpression", dvfMD("var", intTy), dvfMD("expr", dvExprOf())), "invalid tag"},
		{"gve var a subprogram", dvDistinct("DIGlobalVariableExpression", dvfMD("var", sp), dvfMD("expr", dvExprOf())), "invalid tag"},
		{"gve var a local", dvDistinct("DIGlobalVariableExpression", dvfMD("var", local(sp)), dvfMD("expr", dvExprOf())), ""},
		{"gve bad global", dvDistinct("DIGlobalVariableExpression", dvfMD("var", dvNew("DIGlobalVariable", dvfMD("type", file)))), "invalid type ref"},
		{"gve expr", dvDistinct("DIGlobalVariableExpression", dvfMD("var", gv), dvfMD("expr", dvExprOf(uint64(dwarf.OpSwap)))), "invalid expression"},
		{"gve fragment all", dvDistinct("DIGlobalVariableExpression", dvfMD("var", gv), dvfMD("expr", dvExprOf(uint64(dwarf.OpLLVMFragment), 0, 32))),
			"fragment covers entire variable"},
		{"gve fragment outside", dvDistinct("DIGlobalVariableExpression", dvfMD("var", gv), dvfMD("expr", dvExprOf(uint64(dwarf.OpLLVMFragment), 16, 32))),
			"fragment is larger than or outside of variable"},
		{"gve fragment", dvDistinct("DIGlobalVariableExpression", dvfMD("var", gv), dvfMD("expr", dvExprOf(uint64(dwarf.OpLLVMFragment), 16, 16))), ""},

		// Expressions.
		{"expr abs", dvExprOf(uint64(dwarf.OpAbs), uint64(dwarf.OpNeg), uint64(dwarf.OpRot)), ""},
		{"expr unknown op", dvExprOf(0xffff), "invalid expression"},
		{"expr short", dvExprOf(uint64(dwarf.OpPlusUconst)), "invalid expression"},
		{"expr fragment not last", dvExprOf(uint64(dwarf.OpLLVMFragment), 0, 8, uint64(dwarf.OpDeref)), "invalid expression"},
		{"expr stack value not last", dvExprOf(uint64(dwarf.OpStackValue), uint64(dwarf.OpDeref)), "invalid expression"},
		{"expr entry value late", dvExprOf(uint64(dwarf.OpDeref), uint64(dwarf.OpLLVMEntryValue), 1), "invalid expression"},

		// Units, files and the rest.
		{"unit uniqued", dvNew("DICompileUnit", dvfMD("file", file)), "compile units must be distinct"},
		{"unit no file", dvDistinct("DICompileUnit"), "invalid file"},
		{"unit no filename", dvDistinct("DICompileUnit", dvfMD("file", noName)), "invalid filename"},
		{"unit emission kind", dvDistinct("DICompileUnit", dvfMD("file", file), dvfEnum("emissionKind", 4, ir.EnumEmissionKind)), "invalid emission kind"},
		{"unit enums", dvDistinct("DICompileUnit", dvfMD("file", file), dvfMD("enums", dvTuple(intTy))), "invalid enum type"},
		{"unit retained", dvDistinct("DICompileUnit", dvfMD("file", file), dvfMD("retainedTypes", dvTuple(sp))), "invalid retained type"},
		{"unit retained declaration", dvDistinct("DICompileUnit", dvfMD("file", file), dvfMD("retainedTypes", dvTuple(decl, enumTy))), ""},
		{"unit globals", dvDistinct("DICompileUnit", dvfMD("file", file), dvfMD("globals", dvTuple(gv))), "invalid global variable ref"},
		{"unit imports", dvDistinct("DICompileUnit", dvfMD("file", file), dvfMD("imports", file)), "invalid imported entity list"},
		{"file checksum", dvNew("DIFile", dvfStr("filename", "a.c"), dvfEnum("checksumkind", dvChecksumMD5, ir.EnumChecksumKind), dvfStr("checksum", "abc")),
			"invalid checksum length"},
		{"file checksum digits", dvNew("DIFile", dvfStr("filename", "a.c"), dvfEnum("checksumkind", dvChecksumMD5, ir.EnumChecksumKind), dvfStr("checksum", strings.Repeat("g", 32))),
			"invalid checksum"},
		{"subroutine types", dvNew("DISubroutineType", dvfMD("types", dvTuple(nil, file))), "invalid subroutine type ref"},
		{"subroutine types string", dvNew("DISubroutineType", dvfMD("types", dvTuple(&ir.MDString{Value: "_ZTS1A"}))), "invalid subroutine type ref"},
		{"subrange count and upper", dvNew("DISubrange", dvfBound("count", dvI64(3)), dvfBound("upperBound", dvI64(3))), "Subrange can have any one of count or upperBound"},
		{"subrange count", dvNew("DISubrange", dvfBound("count", dvI64(-2))), "invalid subrange count"},
		{"subrange count kind", dvNew("DISubrange", dvfBound("count", member)), "Count must be signed constant or DIVariable or DIExpression"},
		{"subrange type stride", dvNew("DISubrangeType", dvfMD("stride", member)), "Stride must be signed constant or DIVariable or DIExpression"},
		{"generic subrange", dvNew("DIGenericSubrange", dvfMD("count", dvExprOf()), dvfMD("stride", dvExprOf())), "GenericSubrange must contain lowerBound"},
		{"basic tag", dvNew("DIBasicType", dvfTag(dwarf.TagPointerType)), "invalid tag"},
		{"fixed point encoding", dvNew("DIFixedPointType", dvfTag(dwarf.TagBaseType), dvfEnum("encoding", uint64(dwarf.ATESigned), ir.EnumDWATE)), "invalid encoding"},
		{"generic tag", dvNew("GenericDINode"), "invalid tag"},
		{"imported entity", dvNew("DIImportedEntity", dvfTag(dwarf.TagImportedModule), dvfMD("entity", dvTuple())), "invalid imported entity"},
		{"imported entity scope", dvNew("DIImportedEntity", dvfTag(dwarf.TagImportedModule), dvfMD("scope", gv)), "invalid scope for imported entity"},
		{"namespace scope", dvNew("DINamespace", dvfMD("scope", &ir.MDString{Value: "n"})), "invalid scope ref"},
		{"module name", dvNew("DIModule", dvfMD("scope", nil)), "anonymous module"},
		{"macro", dvNew("DIMacro", dvfEnum("type", 3, ir.EnumMacinfoType), dvfStr("name", "M")), "invalid macinfo type"},
		{"macro name", dvNew("DIMacro", dvfEnum("type", dvMacinfoDefine, ir.EnumMacinfoType)), "anonymous macro"},
		{"macro file", dvNew("DIMacroFile", dvfMD("nodes", dvTuple(file))), "invalid macro ref"},
		{"template value tag", dvNew("DITemplateValueParameter", dvfTag(dwarf.TagTemplateTypeParameter)), "invalid tag"},
		{"objc property", dvNew("DIObjCProperty", dvfMD("type", file)), "invalid type ref"},
		{"common block", dvNew("DICommonBlock", dvfMD("declaration", local(sp))), "invalid declaration"},
		{"assign id", dvNew("DIAssignID"), "DIAssignID must be distinct"},
	}
	for _, tt := range tests {
		if got := verifyDINode(tt.n); got != tt.want {
			t.Errorf("%s: verifyDINode = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// dvEachReachable calls fn once with each metadata node reachable
// from m: its named metadata, the attachments of its globals and
// functions, and in function bodies each instruction's location,
// attachments, debug records and metadata operands, and what their
// operands refer to in turn.
func dvEachReachable(m *ir.Module, fn func(ir.Metadata)) {
	seen := map[ir.Metadata]bool{}
	var walk func(ir.Metadata)
	walk = func(md ir.Metadata) {
		if ir.IsNilMetadata(md) || seen[md] {
			return
		}
		seen[md] = true
		fn(md)
		ir.EachOperand(md, walk)
	}
	for _, nmd := range m.NamedMetadata {
		for _, op := range nmd.Ops {
			walk(op)
		}
	}
	for _, g := range m.Globals {
		for _, a := range g.Metadata {
			walk(a.Node)
		}
	}
	for _, f := range m.Functions {
		for _, a := range f.Metadata {
			walk(a.Node)
		}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				walk(in.DebugLoc)
				for _, a := range in.Metadata {
					walk(a.Node)
				}
				for _, r := range in.DebugRecords {
					for _, op := range r.Ops {
						walk(op)
					}
				}
				for _, op := range in.Operands {
					if v, ok := op.(*ir.MetadataValue); ok && v != nil {
						walk(v.MD)
					}
				}
			}
		}
	}
}

// TestVerifyDINodeFixtures checks that no node of a fixture whose
// debug info llvm-dis-22 kept (its golden prints !DI... nodes, and
// llvm.dbg.cu, a !dbg or a debug record: a golden whose debug info was
// stripped can still print nodes named metadata other than llvm.dbg.*
// holds) fails verifyDINode: a false positive would make the reader take
// valid debug info for invalid.
func TestVerifyDINodeFixtures(t *testing.T) {
	root := filepath.Join("..", "..", "testdata", "ir")
	var bcs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "refused" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".bc") {
			bcs = append(bcs, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(bcs)
	if len(bcs) == 0 {
		t.Skip("no fixtures")
	}
	modules, nodes, stripped := 0, 0, 0
	caught := map[string]string{}
	for _, bc := range bcs {
		data, err := os.ReadFile(bc)
		if err != nil {
			t.Fatal(err)
		}
		ms, _, err := loadAll(data)
		if err != nil {
			continue
		}
		for k, m := range ms {
			dis := strings.TrimSuffix(bc, ".bc") + ".dis"
			if len(ms) > 1 {
				dis = strings.TrimSuffix(bc, ".bc") + "." + strconv.Itoa(k) + ".dis"
			}
			text, err := os.ReadFile(dis)
			if err != nil || !dvHasDILines(string(text)) {
				continue
			}
			if !dvKeptDebugInfo(string(text)) {
				// llvm-dis-22 stripped the debug info (for an
				// invalid node, or its version) and what it
				// printed is out of reach of its llvm.dbg.cu.
				stripped++
				dvEachReachable(m, func(md ir.Metadata) {
					if msg := verifyDINode(md); msg != "" && caught[bc] == "" {
						caught[bc] = msg
					}
				})
				continue
			}
			modules++
			dvEachReachable(m, func(md ir.Metadata) {
				nodes++
				if msg := verifyDINode(md); msg != "" {
					t.Errorf("%s: module %d: %s fails: %s", bc, k, dvKind(md), msg)
				}
			})
		}
	}
	t.Logf("%d modules with debug info, %d metadata nodes verified; %d stripped by llvm-dis-22", modules, nodes, stripped)
	names := make([]string, 0, len(caught))
	for bc := range caught {
		names = append(names, bc)
	}
	sort.Strings(names)
	for _, bc := range names {
		t.Logf("%s: stripped by llvm-dis-22, fails: %s", bc, caught[bc])
	}
	if modules == 0 {
		t.Error("no fixture with debug info")
	}
}

// dvKeptDebugInfo reports whether llvm-dis output text keeps debug info:
// the named metadata llvm.dbg.cu, a !dbg attachment or a debug record,
// all of which StripDebugInfo removes.
func dvKeptDebugInfo(text string) bool {
	return strings.Contains(text, "!llvm.dbg.cu = ") || strings.Contains(text, " !dbg !") || strings.Contains(text, "#dbg_")
}

// dvHasDILines reports whether llvm-dis output text prints a
// specialized debug-info node (a line "!N = ... !DI...(").
func dvHasDILines(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "!") && strings.Contains(line, "!DI") {
			return true
		}
	}
	return false
}
