package bitcode

import (
	"math/big"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// The debug-info checks of LLVM's IR verifier, node by node.
//
// llvm-dis-22 verifies a module once it has read it (UpgradeDebugInfo):
// when one of the verifier's debug-info checks (its CheckDI) fails, it
// prints the check's message and "warning: ignoring invalid debug info"
// and strips the module's debug info. verifyDINode is those checks of
// Verifier::visitDI* (and visitDILocation, visitGenericDINode,
// visitTemplateParams) that look at one node and at the kinds and values
// of its operands, over this package's model: a kind is an
// ir.SpecializedNode's Kind (or *ir.DILocation, *ir.MDTuple, *ir.MDString,
// *ir.ValueAsMetadata), a field left out of Fields is null or zero, and a
// tag, flag or count is truncated to the width LLVM keeps it in (a tag to
// 16 bits, a line to 32, a lexical block's column to 16).
//
// They follow LLVM 21's Verifier.cpp and what llvm-dis-22 was seen to do
// on modules written to fail one check each (llvm-as-22 --disable-verify,
// then llvm-dis-22), which differs in these: a DISubprogram's
// retainedNodes must hold no null, and each node must have a local scope
// whose subprogram is the DISubprogram itself ("nullptr in retained
// nodes", "invalid retained nodes, retained node is not local", "... does
// not belong to subprogram"); a DISubrangeType's lowerBound and upperBound
// may also be a DIDerivedType (the message says so); a DIExpression may
// also hold DW_OP_abs, DW_OP_neg and DW_OP_rot; a DIDerivedType's
// extraData must be a tuple for a template alias ("invalid template
// parameters") and a constant, a string, a DIObjCProperty or a tuple of
// one constant for a member, a static member or an inheritance.
//
// Where LLVM casts an operand without checking its kind (cast<>,
// cast_or_null<>, which a release build of llvm-dis-22 does not check),
// what llvm-dis-22 does depends on memory it should not read. The port
// then does what llvm-dis-22 was seen to do where that is stable, and
// otherwise reports the debug info invalid (llvm-dis-22 does not finish
// on these modules, so no golden says otherwise):
//   - a DIGlobalVariableExpression's var that is a DINode other than a
//     DIGlobalVariable fails DIGlobalVariable's tag check ("invalid tag":
//     the tag read is the node's own), except a DILocalVariable, whose
//     tag is DW_TAG_variable; of that one only the checks that read
//     operands both kinds share are made. A var that is no DINode
//     (a string, a tuple, a DIExpression, a location) is reported as
//     "invalid tag" too: llvm-dis-22 crashes.
//   - an expr that is not a DIExpression is reported as "invalid
//     expression": llvm-dis-22 crashes.
//   - a vector DICompositeType's single element that is no DINode has no
//     tag, and is reported as not a subrange.
//   - a retained node whose chain of scopes reaches null or goes round a
//     cycle "does not belong to subprogram" (llvm-dis-22 crashes or loops
//     forever; newer LLVM reports that message).
//   - a DIFile checksum kind that is 0 in its low 32 bits (LLVM reads
//     an uninitialized length then) is not checked.
//
// Not ported, because they need more than the node:
//   - what only the module or a function shows: llvm.dbg.cu listing
//     every DICompileUnit (CUVisited), a function's !dbg being a
//     distinct DISubprogram attached to one function only, locations
//     and debug records agreeing with the function they are in
//     (#dbg_value, #dbg_declare, #dbg_assign, #dbg_label and their
//     DILocalVariable, DIExpression, DIArgList and values; a location's
//     atomGroup needing a subprogram with keyInstructions), fragments of
//     a function's variables, a global variable's !dbg attachment being
//     a DIGlobalVariableExpression;
//   - "DILocation not allowed within this metadata node" (whether a
//     location may be there depends on how the verifier reached the
//     node) and the checks of ValueAsMetadata (which are not CheckDI);
//   - a definition DISubprogram nested in a DICompositeType with an
//     identifier needing a declaration: a check only with ODR uniquing of
//     types (isODRUniquingDebugTypes), which llvm-dis-22 does not turn on.
//
// Not portable from this model:
//   - DIMacroFile's macinfo type (must be DW_MACINFO_start_file): the
//     reader does not keep it, as llvm-dis-22 does not print it.
//   - DISubrange's "invalid subrange count" for a count wider than 64
//     bits (LLVM's getSExtValue of it is not defined).

// The field names verifyDINode reads.
var (
	dvScope, dvFile, dvLine, dvTag             = ir.FieldNameOf("scope"), ir.FieldNameOf("file"), ir.FieldNameOf("line"), ir.FieldNameOf("tag")
	dvFlags, dvSPFlags, dvName, dvType         = ir.FieldNameOf("flags"), ir.FieldNameOf("spFlags"), ir.FieldNameOf("name"), ir.FieldNameOf("type")
	dvBaseType, dvSize, dvElements, dvUnit     = ir.FieldNameOf("baseType"), ir.FieldNameOf("size"), ir.FieldNameOf("elements"), ir.FieldNameOf("unit")
	dvCount, dvLowerBound, dvUpperBound        = ir.FieldNameOf("count"), ir.FieldNameOf("lowerBound"), ir.FieldNameOf("upperBound")
	dvStride, dvBias, dvEncoding, dvFPKind     = ir.FieldNameOf("stride"), ir.FieldNameOf("bias"), ir.FieldNameOf("encoding"), ir.FieldNameOf("kind")
	dvFactor, dvNumerator, dvDenominator       = ir.FieldNameOf("factor"), ir.FieldNameOf("numerator"), ir.FieldNameOf("denominator")
	dvExtraData, dvAddrSpace, dvVTableHolder   = ir.FieldNameOf("extraData"), ir.FieldNameOf("dwarfAddressSpace"), ir.FieldNameOf("vtableHolder")
	dvTemplateParams, dvDiscriminator, dvRank  = ir.FieldNameOf("templateParams"), ir.FieldNameOf("discriminator"), ir.FieldNameOf("rank")
	dvDataLocation, dvAssociated, dvAllocated  = ir.FieldNameOf("dataLocation"), ir.FieldNameOf("associated"), ir.FieldNameOf("allocated")
	dvTypes, dvChecksumKind, dvChecksum        = ir.FieldNameOf("types"), ir.FieldNameOf("checksumkind"), ir.FieldNameOf("checksum")
	dvFilename, dvEmissionKind, dvEnums        = ir.FieldNameOf("filename"), ir.FieldNameOf("emissionKind"), ir.FieldNameOf("enums")
	dvRetainedTypes, dvGlobals, dvImports      = ir.FieldNameOf("retainedTypes"), ir.FieldNameOf("globals"), ir.FieldNameOf("imports")
	dvMacros, dvContainingType, dvDeclaration  = ir.FieldNameOf("macros"), ir.FieldNameOf("containingType"), ir.FieldNameOf("declaration")
	dvRetainedNodes, dvThrownTypes, dvColumn   = ir.FieldNameOf("retainedNodes"), ir.FieldNameOf("thrownTypes"), ir.FieldNameOf("column")
	dvNodes, dvIsDef, dvVar, dvExpr            = ir.FieldNameOf("nodes"), ir.FieldNameOf("isDefinition"), ir.FieldNameOf("var"), ir.FieldNameOf("expr")
	dvEntity                                   = ir.FieldNameOf("entity")
	dvTagSubrange, dvTagVariable, dvTagLexical = uint16(dwarf.TagSubrangeType), uint16(dwarf.TagVariable), uint16(dwarf.TagLexicalBlock)
)

// The DIFlags and DISPFlags the checks test (DebugInfoFlags.def).
const (
	dvFlagReservedBit4        = 1 << 4 // once FlagBlockByrefStruct
	dvFlagVector              = 1 << 11
	dvFlagStaticMember        = 1 << 12
	dvFlagLValueReference     = 1 << 13
	dvFlagRValueReference     = 1 << 14
	dvFlagTypePassByValue     = 1 << 22
	dvFlagTypePassByReference = 1 << 23
	dvFlagAllCallsDescribed   = 1 << 29
	dvSPFlagDefinition        = 1 << 3
)

// dvFixedTags are the tags of the node kinds whose tag LLVM fixes rather
// than reads from the record; the others (DIBasicType, DIFixedPointType,
// DIStringType, DIDerivedType, DICompositeType, DITemplateValueParameter,
// DIImportedEntity, GenericDINode) keep theirs in the field "tag".
var dvFixedTags = map[string]dwarf.Tag{
	"DISubrange":              dwarf.TagSubrangeType,
	"DIGenericSubrange":       dwarf.TagGenericSubrange,
	"DIEnumerator":            dwarf.TagEnumerator,
	"DISubrangeType":          dwarf.TagSubrangeType,
	"DISubroutineType":        dwarf.TagSubroutineType,
	"DIFile":                  dwarf.TagFileType,
	"DICompileUnit":           dwarf.TagCompileUnit,
	"DISubprogram":            dwarf.TagSubprogram,
	"DILexicalBlock":          dwarf.TagLexicalBlock,
	"DILexicalBlockFile":      dwarf.TagLexicalBlock,
	"DINamespace":             dwarf.TagNamespace,
	"DIModule":                dwarf.TagModule,
	"DICommonBlock":           dwarf.TagCommonBlock,
	"DITemplateTypeParameter": dwarf.TagTemplateTypeParameter,
	"DIGlobalVariable":        dwarf.TagVariable,
	"DILocalVariable":         dwarf.TagVariable,
	"DILabel":                 dwarf.TagLabel,
	"DIObjCProperty":          dwarf.TagAPPLEProperty,
}

// The classes of LLVM's hierarchy of debug-info nodes, by Kind: a bit
// set per kind.
const (
	dcType       = 1 << iota // DIType
	dcScope                  // DIScope
	dcLocalScope             // DILocalScope
	dcNode                   // DINode
	dcVariable               // DIVariable
	dcTemplParam             // DITemplateParameter
	dcMacro                  // DIMacroNode
)

// dvClasses holds the classes of each node kind that has one.
var dvClasses = map[string]uint8{
	"DIBasicType":              dcType | dcScope | dcNode,
	"DIFixedPointType":         dcType | dcScope | dcNode,
	"DIStringType":             dcType | dcScope | dcNode,
	"DISubrangeType":           dcType | dcScope | dcNode,
	"DIDerivedType":            dcType | dcScope | dcNode,
	"DICompositeType":          dcType | dcScope | dcNode,
	"DISubroutineType":         dcType | dcScope | dcNode,
	"DIFile":                   dcScope | dcNode,
	"DICompileUnit":            dcScope | dcNode,
	"DISubprogram":             dcScope | dcLocalScope | dcNode,
	"DILexicalBlock":           dcScope | dcLocalScope | dcNode,
	"DILexicalBlockFile":       dcScope | dcLocalScope | dcNode,
	"DINamespace":              dcScope | dcNode,
	"DIModule":                 dcScope | dcNode,
	"DICommonBlock":            dcScope | dcNode,
	"GenericDINode":            dcNode,
	"DISubrange":               dcNode,
	"DIGenericSubrange":        dcNode,
	"DIEnumerator":             dcNode,
	"DITemplateTypeParameter":  dcNode | dcTemplParam,
	"DITemplateValueParameter": dcNode | dcTemplParam,
	"DIGlobalVariable":         dcNode | dcVariable,
	"DILocalVariable":          dcNode | dcVariable,
	"DILabel":                  dcNode,
	"DIObjCProperty":           dcNode,
	"DIImportedEntity":         dcNode,
	"DIAssignID":               dcNode, // DINode::classof counts it
	"DIMacro":                  dcMacro,
	"DIMacroFile":              dcMacro,
}

// verifyDINode returns the message of the first check of LLVM's
// verifier (Verifier::visitDI*, CheckDI) that debug-info node n fails, ""
// when it passes them all or is not a debug-info node. It checks n alone
// (and, as LLVM does, a DIGlobalVariableExpression's variable), not the
// nodes it refers to: a caller walks the module's metadata and checks
// every node it reaches. It is meaningless on a module read with
// Options.DropDebugInfo, whose dropped nodes have no kind LLVM knows.
func verifyDINode(n ir.Metadata) string {
	switch n := n.(type) {
	case *ir.DILocation:
		if n == nil {
			return ""
		}
		return verifyDILocation(n)
	case *ir.SpecializedNode:
		if n == nil {
			return ""
		}
		if check := dvChecks[n.Kind]; check != nil {
			return check(n)
		}
	}
	return ""
}

// dvChecks are the checks of each kind of specialized node.
var dvChecks = map[string]func(*ir.SpecializedNode) string{
	"GenericDINode":              verifyGenericDINode,
	"DISubrange":                 verifyDISubrange,
	"DIGenericSubrange":          verifyDIGenericSubrange,
	"DIEnumerator":               verifyDIEnumerator,
	"DIBasicType":                verifyDIBasicType,
	"DIFixedPointType":           verifyDIFixedPointType,
	"DIStringType":               verifyDIStringType,
	"DIDerivedType":              verifyDIDerivedType,
	"DISubrangeType":             verifyDISubrangeType,
	"DICompositeType":            verifyDICompositeType,
	"DISubroutineType":           verifyDISubroutineType,
	"DIFile":                     verifyDIFile,
	"DICompileUnit":              verifyDICompileUnit,
	"DISubprogram":               verifyDISubprogram,
	"DILexicalBlock":             verifyDILexicalBlock,
	"DILexicalBlockFile":         verifyDILexicalBlockBase,
	"DICommonBlock":              verifyDICommonBlock,
	"DINamespace":                verifyDINamespace,
	"DIMacro":                    verifyDIMacro,
	"DIMacroFile":                verifyDIMacroFile,
	"DIModule":                   verifyDIModule,
	"DITemplateTypeParameter":    verifyDITemplateTypeParameter,
	"DITemplateValueParameter":   verifyDITemplateValueParameter,
	"DIGlobalVariable":           verifyDIGlobalVariable,
	"DILocalVariable":            verifyDILocalVariable,
	"DIAssignID":                 verifyDIAssignID,
	"DILabel":                    verifyDILabel,
	"DIExpression":               verifyDIExpression,
	"DIGlobalVariableExpression": verifyDIGlobalVariableExpression,
	"DIObjCProperty":             verifyDIObjCProperty,
	"DIImportedEntity":           verifyDIImportedEntity,
}

// The helpers below read the model as LLVM's accessors read a node.

// dvField returns n's field called name, nil when n has none.
func dvField(n *ir.SpecializedNode, name ir.FieldName) *ir.Field {
	for i := range n.Fields {
		if n.Fields[i].Name == name {
			return &n.Fields[i]
		}
	}
	return nil
}

// dvMD returns the metadata of n's field name, nil when it is absent or
// null.
func dvMD(n *ir.SpecializedNode, name ir.FieldName) ir.Metadata {
	if f := dvField(n, name); f != nil && !ir.IsNilMetadata(f.MD) {
		return f.MD
	}
	return nil
}

// dvInt returns the number in n's field name, 0 when it is absent.
func dvInt(n *ir.SpecializedNode, name ir.FieldName) uint64 {
	if f := dvField(n, name); f != nil && f.MD == nil {
		return uint64(f.Int)
	}
	return 0
}

// dvText returns the text of n's string field name, "" when it is
// absent.
func dvText(n *ir.SpecializedNode, name ir.FieldName) string {
	if f := dvField(n, name); f != nil {
		return f.Text()
	}
	return ""
}

// dvFlagSet returns n's DIFlags.
func dvFlagSet(n *ir.SpecializedNode) uint32 {
	if f := dvField(n, dvFlags); f != nil && f.Kind == ir.FieldDIFlags {
		return uint32(f.Int)
	}
	return 0
}

// dvIsDefinition reports whether DISubprogram n is a definition
// (DISPFlagDefinition).
func dvIsDefinition(n *ir.SpecializedNode) bool {
	if f := dvField(n, dvSPFlags); f != nil && f.Kind == ir.FieldSPFlags {
		return f.Int&dvSPFlagDefinition != 0
	}
	return false
}

// dvTagOf returns the tag of node n, as DINode::getTag does: 16 bits.
func dvTagOf(n *ir.SpecializedNode) uint16 {
	if t, ok := dvFixedTags[n.Kind]; ok {
		return uint16(t)
	}
	return uint16(dvInt(n, dvTag))
}

// dvNode returns m as a specialized node, nil when it is not one.
func dvNode(m ir.Metadata) *ir.SpecializedNode {
	if n, ok := m.(*ir.SpecializedNode); ok && n != nil {
		return n
	}
	return nil
}

// dvKind returns the kind of metadata m: a specialized node's Kind,
// "DILocation", "MDTuple", "MDString", "ValueAsMetadata", "DIArgList", or
// "" for null.
func dvKind(m ir.Metadata) string {
	if ir.IsNilMetadata(m) {
		return ""
	}
	switch m := m.(type) {
	case *ir.SpecializedNode:
		return m.Kind
	case *ir.DILocation:
		return "DILocation"
	case *ir.MDTuple:
		return "MDTuple"
	case *ir.MDString:
		return "MDString"
	case *ir.ValueAsMetadata:
		return "ValueAsMetadata"
	case *ir.DIArgList:
		return "DIArgList"
	}
	return "?"
}

// dvIs reports whether m is not null and of one of the classes c
// (isa<DIType>, ...).
func dvIs(m ir.Metadata, c uint8) bool {
	n := dvNode(m)
	return n != nil && dvClasses[n.Kind]&c != 0
}

// dvIsKind reports whether m is a specialized node of kind k (isa<K>).
func dvIsKind(m ir.Metadata, k string) bool {
	n := dvNode(m)
	return n != nil && n.Kind == k
}

// dvIsTuple reports whether m is an MDTuple, and returns it.
func dvIsTuple(m ir.Metadata) (*ir.MDTuple, bool) {
	t, ok := m.(*ir.MDTuple)
	return t, ok && t != nil
}

// dvIsType is LLVM's isType: m is null or a DIType.
func dvIsType(m ir.Metadata) bool { return m == nil || dvIs(m, dcType) }

// dvIsScope is LLVM's isScope: m is null or a DIScope.
func dvIsScope(m ir.Metadata) bool { return m == nil || dvIs(m, dcScope) }

// dvIsDINode is LLVM's isDINode: m is null or a DINode.
func dvIsDINode(m ir.Metadata) bool { return m == nil || dvIs(m, dcNode) }

// dvIsConst reports whether m is a ConstantAsMetadata.
func dvIsConst(m ir.Metadata) bool {
	v, ok := m.(*ir.ValueAsMetadata)
	if !ok || v == nil || v.Value == nil {
		return false
	}
	_, ok = v.Value.(ir.Constant)
	return ok
}

// dvBound classifies a bound or size field of n (DISubrange's count,
// ...): present reports whether it is not null; constant whether it is a
// ConstantAsMetadata (an integer field, which a DISubrange record of
// version 0 or 1 holds, stands for one); md is the metadata otherwise.
func dvBound(n *ir.SpecializedNode, name ir.FieldName) (md ir.Metadata, present, constant bool) {
	f := dvField(n, name)
	if f == nil {
		return nil, false, false
	}
	switch f.Kind {
	case ir.FieldInt, ir.FieldUint:
		return nil, true, true
	}
	if ir.IsNilMetadata(f.MD) {
		return nil, false, false
	}
	return f.MD, true, dvIsConst(f.MD)
}

// dvVarOrExpr reports whether m is a DIVariable or a DIExpression.
func dvVarOrExpr(m ir.Metadata) bool {
	return dvIs(m, dcVariable) || dvIsKind(m, "DIExpression")
}

// dvBoundOK reports whether bound field name of n is null, a constant, a
// DIVariable or a DIExpression (or, with derived, a DIDerivedType).
func dvBoundOK(n *ir.SpecializedNode, name ir.FieldName, derived bool) bool {
	md, present, constant := dvBound(n, name)
	return !present || constant || dvVarOrExpr(md) || derived && dvIsKind(md, "DIDerivedType")
}

// dvConflictingRefFlags reports flags LLVM holds exclusive both
// set.
func dvConflictingRefFlags(f uint32) bool {
	return f&dvFlagLValueReference != 0 && f&dvFlagRValueReference != 0 ||
		f&dvFlagTypePassByValue != 0 && f&dvFlagTypePassByReference != 0
}

// verifyDILocation is visitDILocation.
func verifyDILocation(n *ir.DILocation) string {
	scope := n.Scope
	if ir.IsNilMetadata(scope) || !dvIs(scope, dcLocalScope) {
		return "location requires a valid scope"
	}
	if !ir.IsNilMetadata(n.InlinedAt) {
		if l, ok := n.InlinedAt.(*ir.DILocation); !ok || l == nil {
			return "inlined-at should be a location"
		}
	}
	if sp := dvNode(scope); sp.Kind == "DISubprogram" && !dvIsDefinition(sp) {
		return "scope points into the type hierarchy"
	}
	return ""
}

// verifyGenericDINode is visitGenericDINode.
func verifyGenericDINode(n *ir.SpecializedNode) string {
	if dvTagOf(n) == 0 {
		return "invalid tag"
	}
	return ""
}

// verifyDIScope is visitDIScope, the checks common to types.
func verifyDIScope(n *ir.SpecializedNode) string {
	if f := dvMD(n, dvFile); f != nil && !dvIsKind(f, "DIFile") {
		return "invalid file"
	}
	return ""
}

// verifyDISubrangeType is visitDISubrangeType.
func verifyDISubrangeType(n *ir.SpecializedNode) string {
	if dvTagOf(n) != dvTagSubrange {
		return "invalid tag"
	}
	if !dvIsType(dvMD(n, dvBaseType)) {
		return "BaseType must be a type"
	}
	if !dvBoundOK(n, dvLowerBound, true) {
		return "LowerBound must be signed constant or DIVariable or DIExpression or DIDerivedType"
	}
	if !dvBoundOK(n, dvUpperBound, true) {
		return "UpperBound must be signed constant or DIVariable or DIExpression or DIDerivedType"
	}
	if !dvBoundOK(n, dvStride, false) {
		return "Stride must be signed constant or DIVariable or DIExpression"
	}
	if !dvBoundOK(n, dvBias, false) {
		return "Bias must be signed constant or DIVariable or DIExpression"
	}
	if _, present, constant := dvBound(n, dvSize); present && !constant {
		return "SizeInBits must be a constant"
	}
	return ""
}

// dvConstSExt returns the value of a constant bound field as
// getSExtValue does, false when it is not an integer constant of at most
// 64 bits.
func dvConstSExt(n *ir.SpecializedNode, name ir.FieldName) (int64, bool) {
	f := dvField(n, name)
	if f == nil {
		return 0, false
	}
	switch f.Kind {
	case ir.FieldInt, ir.FieldUint:
		return f.Int, true
	}
	v, ok := f.MD.(*ir.ValueAsMetadata)
	if !ok || v == nil {
		return 0, false
	}
	c, ok := v.Value.(*ir.ConstInt)
	if !ok || c == nil {
		return 0, false
	}
	if c.Big != nil {
		if !c.Big.IsInt64() {
			return 0, false
		}
		return c.Big.Int64(), true
	}
	return c.V, true
}

// verifyDISubrange is visitDISubrange.
func verifyDISubrange(n *ir.SpecializedNode) string {
	if dvTagOf(n) != dvTagSubrange {
		return "invalid tag"
	}
	count, hasCount, countConst := dvBound(n, dvCount)
	if _, hasUpper, _ := dvBound(n, dvUpperBound); hasCount && hasUpper {
		return "Subrange can have any one of count or upperBound"
	}
	if hasCount && !countConst && !dvVarOrExpr(count) {
		return "Count must be signed constant or DIVariable or DIExpression"
	}
	if hasCount && countConst {
		// getCount makes the constant a ConstantInt: one that is not
		// (a float, a null pointer) is not defined, and not checked.
		if v, ok := dvConstSExt(n, dvCount); ok && v < -1 {
			return "invalid subrange count"
		}
	}
	if !dvBoundOK(n, dvLowerBound, false) {
		return "LowerBound must be signed constant or DIVariable or DIExpression"
	}
	if !dvBoundOK(n, dvUpperBound, false) {
		return "UpperBound must be signed constant or DIVariable or DIExpression"
	}
	if !dvBoundOK(n, dvStride, false) {
		return "Stride must be signed constant or DIVariable or DIExpression"
	}
	return ""
}

// verifyDIGenericSubrange is visitDIGenericSubrange: its bounds are
// never constants.
func verifyDIGenericSubrange(n *ir.SpecializedNode) string {
	if dvTagOf(n) != uint16(dwarf.TagGenericSubrange) {
		return "invalid tag"
	}
	count, upper := dvMD(n, dvCount), dvMD(n, dvUpperBound)
	if count != nil && upper != nil {
		return "GenericSubrange can have any one of count or upperBound"
	}
	if count != nil && !dvVarOrExpr(count) {
		return "Count must be signed constant or DIVariable or DIExpression"
	}
	lower := dvMD(n, dvLowerBound)
	if lower == nil {
		return "GenericSubrange must contain lowerBound"
	}
	if !dvVarOrExpr(lower) {
		return "LowerBound must be signed constant or DIVariable or DIExpression"
	}
	if upper != nil && !dvVarOrExpr(upper) {
		return "UpperBound must be signed constant or DIVariable or DIExpression"
	}
	stride := dvMD(n, dvStride)
	if stride == nil {
		return "GenericSubrange must contain stride"
	}
	if !dvVarOrExpr(stride) {
		return "Stride must be signed constant or DIVariable or DIExpression"
	}
	return ""
}

// verifyDIEnumerator is visitDIEnumerator.
func verifyDIEnumerator(n *ir.SpecializedNode) string {
	if dvTagOf(n) != uint16(dwarf.TagEnumerator) {
		return "invalid tag"
	}
	return ""
}

// verifyDIBasicType is visitDIBasicType.
func verifyDIBasicType(n *ir.SpecializedNode) string {
	switch dwarf.Tag(dvTagOf(n)) {
	case dwarf.TagBaseType, dwarf.TagUnspecifiedType, dwarf.TagStringType:
	default:
		return "invalid tag"
	}
	if _, present, constant := dvBound(n, dvSize); present && !constant {
		return "SizeInBits must be a constant"
	}
	return ""
}

// The kinds of fixed-point type (DIFixedPointType::FixedPointKind).
const (
	dvFixedPointBinary   = 0
	dvFixedPointDecimal  = 1
	dvFixedPointRational = 2
)

// verifyDIFixedPointType is visitDIFixedPointType.
func verifyDIFixedPointType(n *ir.SpecializedNode) string {
	if msg := verifyDIBasicType(n); msg != "" {
		return msg
	}
	if dvTagOf(n) != uint16(dwarf.TagBaseType) {
		return "invalid tag"
	}
	switch dwarf.ATE(uint32(dvInt(n, dvEncoding))) {
	case dwarf.ATESignedFixed, dwarf.ATEUnsignedFixed:
	default:
		return "invalid encoding"
	}
	kind := uint32(dvInt(n, dvFPKind))
	switch kind {
	case dvFixedPointBinary, dvFixedPointDecimal, dvFixedPointRational:
	default:
		return "invalid kind"
	}
	if kind == dvFixedPointRational && int32(dvInt(n, dvFactor)) != 0 {
		return "factor should be 0 for rationals"
	}
	if kind != dvFixedPointRational && (!dvBigZero(n, dvNumerator) || !dvBigZero(n, dvDenominator)) {
		return "numerator and denominator should be 0 for non-rationals"
	}
	return ""
}

// dvBigZero reports whether the wide integer field name of n (its
// decimal text, absent when zero) is zero.
func dvBigZero(n *ir.SpecializedNode, name ir.FieldName) bool {
	f := dvField(n, name)
	if f == nil {
		return true
	}
	if f.MD == nil {
		return f.Int == 0
	}
	v, ok := new(big.Int).SetString(f.Text(), 10)
	return ok && v.Sign() == 0
}

// verifyDIStringType is visitDIStringType. A DIStringType has no flags
// in bitcode (LLVM makes them zero), so the endianness check never
// fails; it is kept for a model that sets them.
func verifyDIStringType(n *ir.SpecializedNode) string {
	if dvTagOf(n) != uint16(dwarf.TagStringType) {
		return "invalid tag"
	}
	const bigEndian, littleEndian = 1 << 27, 1 << 28
	if f := dvFlagSet(n); f&bigEndian != 0 && f&littleEndian != 0 {
		return "has conflicting flags"
	}
	return ""
}

// dvSizeOK reports whether the size of type n is null, a constant, a
// DIVariable or a DIExpression.
func dvSizeOK(n *ir.SpecializedNode) bool {
	md, present, constant := dvBound(n, dvSize)
	return !present || constant || dvVarOrExpr(md)
}

// verifyDIDerivedType is visitDIDerivedType.
func verifyDIDerivedType(n *ir.SpecializedNode) string {
	if msg := verifyDIScope(n); msg != "" {
		return msg
	}
	tag := dwarf.Tag(dvTagOf(n))
	switch tag {
	case dwarf.TagTypedef, dwarf.TagPointerType, dwarf.TagPtrToMemberType, dwarf.TagReferenceType,
		dwarf.TagRvalueReferenceType, dwarf.TagConstType, dwarf.TagImmutableType, dwarf.TagVolatileType,
		dwarf.TagRestrictType, dwarf.TagAtomicType, dwarf.TagLLVMPtrauthType, dwarf.TagMember,
		dwarf.TagInheritance, dwarf.TagFriend, dwarf.TagSetType, dwarf.TagTemplateAlias:
	case dwarf.TagVariable:
		if dvFlagSet(n)&dvFlagStaticMember == 0 {
			return "invalid tag"
		}
	default:
		return "invalid tag"
	}
	extra := dvMD(n, dvExtraData)
	switch {
	case tag == dwarf.TagPtrToMemberType && !dvIsType(extra):
		return "invalid pointer to member type"
	case tag == dwarf.TagTemplateAlias && extra != nil && !dvIsMDTuple(extra):
		return "invalid template parameters"
	case tag == dwarf.TagMember || tag == dwarf.TagVariable || tag == dwarf.TagInheritance:
		if extra != nil && !dvExtraDataOK(extra) {
			return "extraData must be ConstantAsMetadata, MDString, DIObjCProperty, or MDTuple with single ConstantAsMetadata operand"
		}
	}
	if tag == dwarf.TagSetType {
		if base := dvMD(n, dvBaseType); base != nil && !dvSetBaseOK(base) {
			return "invalid set base type"
		}
	}
	if !dvIsScope(dvMD(n, dvScope)) {
		return "invalid scope"
	}
	if !dvIsType(dvMD(n, dvBaseType)) {
		return "invalid base type"
	}
	if dvField(n, dvAddrSpace) != nil {
		switch tag {
		case dwarf.TagPointerType, dwarf.TagReferenceType, dwarf.TagRvalueReferenceType:
		default:
			return "DWARF address space only applies to pointer or reference types"
		}
	}
	if !dvSizeOK(n) {
		return "SizeInBits must be a constant or DIVariable or DIExpression"
	}
	return ""
}

// dvIsMDTuple reports whether m is an MDTuple (isa<MDTuple>).
func dvIsMDTuple(m ir.Metadata) bool {
	_, ok := dvIsTuple(m)
	return ok
}

// dvExtraDataOK reports whether m may be the extraData of a member, a
// static member or an inheritance (LLVM 22): a constant (a bit field's
// storage offset, a static member's value, ...), a string, an
// Objective-C property, or a tuple of one constant.
func dvExtraDataOK(m ir.Metadata) bool {
	if dvIsConst(m) || dvIsKind(m, "DIObjCProperty") {
		return true
	}
	if s, ok := m.(*ir.MDString); ok && s != nil {
		return true
	}
	t, ok := dvIsTuple(m)
	return ok && len(t.Ops) == 1 && dvIsConst(t.Ops[0])
}

// dvSetBaseOK reports whether m may be a set's base type: an
// enumeration, or a basic type of an integral encoding.
func dvSetBaseOK(m ir.Metadata) bool {
	t := dvNode(m)
	if t == nil {
		return false
	}
	switch t.Kind {
	case "DICompositeType":
		return dvTagOf(t) == uint16(dwarf.TagEnumerationType)
	case "DIBasicType", "DIFixedPointType":
		switch dwarf.ATE(uint32(dvInt(t, dvEncoding))) {
		case dwarf.ATEUnsigned, dwarf.ATESigned, dwarf.ATEUnsignedChar, dwarf.ATESignedChar, dwarf.ATEBoolean:
			return true
		}
	}
	return false
}

// verifyTemplateParams is visitTemplateParams, of a templateParams
// operand that is not null.
func verifyTemplateParams(params ir.Metadata) string {
	t, ok := dvIsTuple(params)
	if !ok {
		return "invalid template params"
	}
	for _, op := range t.Ops {
		if !dvIs(op, dcTemplParam) {
			return "invalid template parameter"
		}
	}
	return ""
}

// verifyDICompositeType is visitDICompositeType.
func verifyDICompositeType(n *ir.SpecializedNode) string {
	if msg := verifyDIScope(n); msg != "" {
		return msg
	}
	tag := dwarf.Tag(dvTagOf(n))
	switch tag {
	case dwarf.TagArrayType, dwarf.TagStructureType, dwarf.TagUnionType, dwarf.TagEnumerationType,
		dwarf.TagClassType, dwarf.TagVariantPart, dwarf.TagVariant, dwarf.TagNamelist:
	default:
		return "invalid tag"
	}
	if !dvIsScope(dvMD(n, dvScope)) {
		return "invalid scope"
	}
	if !dvIsType(dvMD(n, dvBaseType)) {
		return "invalid base type"
	}
	elements := dvMD(n, dvElements)
	elts, _ := dvIsTuple(elements)
	if elements != nil && elts == nil {
		return "invalid composite elements"
	}
	if !dvIsType(dvMD(n, dvVTableHolder)) {
		return "invalid vtable holder"
	}
	flags := dvFlagSet(n)
	if dvConflictingRefFlags(flags) {
		return "invalid reference flags"
	}
	if flags&dvFlagReservedBit4 != 0 {
		return "DIBlockByRefStruct on DICompositeType is no longer supported"
	}
	if elts != nil {
		for _, op := range elts.Ops {
			if ir.IsNilMetadata(op) {
				return "DISubprogram contains null entry in `elements` field"
			}
		}
	}
	if flags&dvFlagVector != 0 {
		ok := elts != nil && len(elts.Ops) == 1
		if ok {
			e := dvNode(elts.Ops[0])
			ok = dvIs(e, dcNode) && dvTagOf(e) == dvTagSubrange
		}
		if !ok {
			return "invalid vector, expected one element of type subrange"
		}
	}
	if params := dvMD(n, dvTemplateParams); params != nil {
		if msg := verifyTemplateParams(params); msg != "" {
			return msg
		}
	}
	if d := dvMD(n, dvDiscriminator); d != nil && (!dvIsKind(d, "DIDerivedType") || tag != dwarf.TagVariantPart) {
		return "discriminator can only appear on variant part"
	}
	if dvMD(n, dvDataLocation) != nil && tag != dwarf.TagArrayType {
		return "dataLocation can only appear in array type"
	}
	if dvMD(n, dvAssociated) != nil && tag != dwarf.TagArrayType {
		return "associated can only appear in array type"
	}
	if dvMD(n, dvAllocated) != nil && tag != dwarf.TagArrayType {
		return "allocated can only appear in array type"
	}
	if dvMD(n, dvRank) != nil && tag != dwarf.TagArrayType {
		return "rank can only appear in array type"
	}
	if tag == dwarf.TagArrayType && dvMD(n, dvBaseType) == nil {
		return "array types must have a base type"
	}
	if !dvSizeOK(n) {
		return "SizeInBits must be a constant or DIVariable or DIExpression"
	}
	return ""
}

// verifyDISubroutineType is visitDISubroutineType.
func verifyDISubroutineType(n *ir.SpecializedNode) string {
	if dvTagOf(n) != uint16(dwarf.TagSubroutineType) {
		return "invalid tag"
	}
	if types := dvMD(n, dvTypes); types != nil {
		t, ok := dvIsTuple(types)
		if !ok {
			return "invalid composite elements"
		}
		for _, op := range t.Ops {
			if !dvIsType(dvNull(op)) {
				return "invalid subroutine type ref"
			}
		}
	}
	if dvConflictingRefFlags(dvFlagSet(n)) {
		return "invalid reference flags"
	}
	return ""
}

// dvNull returns m, nil when it is a nil pointer.
func dvNull(m ir.Metadata) ir.Metadata {
	if ir.IsNilMetadata(m) {
		return nil
	}
	return m
}

// The checksum kinds of DIFile (DIFile::ChecksumKind).
const (
	dvChecksumMD5    = 1
	dvChecksumSHA1   = 2
	dvChecksumSHA256 = 3
)

// verifyDIFile is visitDIFile. The reader keeps a checksum (its
// checksumkind field) when the record has one.
func verifyDIFile(n *ir.SpecializedNode) string {
	if dvTagOf(n) != uint16(dwarf.TagFileType) {
		return "invalid tag"
	}
	f := dvField(n, dvChecksumKind)
	if f == nil {
		return ""
	}
	// LLVM keeps the kind in an enumeration of 32 bits, compared
	// unsigned.
	kind := uint32(f.Int)
	if kind > dvChecksumSHA256 {
		return "invalid checksum kind"
	}
	size := 0
	switch kind {
	case dvChecksumMD5:
		size = 32
	case dvChecksumSHA1:
		size = 40
	case dvChecksumSHA256:
		size = 64
	default:
		return "" // LLVM's length is not set then: see the top of the file
	}
	sum := dvText(n, dvChecksum)
	if len(sum) != size {
		return "invalid checksum length"
	}
	for i := 0; i < len(sum); i++ {
		c := sum[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return "invalid checksum"
		}
	}
	return ""
}

// dvLastEmissionKind is DICompileUnit::LastEmissionKind
// (DebugDirectivesOnly).
const dvLastEmissionKind = 3

// verifyDICompileUnit is visitDICompileUnit.
func verifyDICompileUnit(n *ir.SpecializedNode) string {
	if !n.Distinct {
		return "compile units must be distinct"
	}
	if dvTagOf(n) != uint16(dwarf.TagCompileUnit) {
		return "invalid tag"
	}
	file := dvMD(n, dvFile)
	if !dvIsKind(file, "DIFile") {
		return "invalid file"
	}
	if dvText(dvNode(file), dvFilename) == "" {
		return "invalid filename"
	}
	if uint32(dvInt(n, dvEmissionKind)) > dvLastEmissionKind {
		return "invalid emission kind"
	}
	if list := dvMD(n, dvEnums); list != nil {
		t, ok := dvIsTuple(list)
		if !ok {
			return "invalid enum list"
		}
		for _, op := range t.Ops {
			e := dvNode(op)
			if e == nil || e.Kind != "DICompositeType" || dvTagOf(e) != uint16(dwarf.TagEnumerationType) {
				return "invalid enum type"
			}
		}
	}
	if list := dvMD(n, dvRetainedTypes); list != nil {
		t, ok := dvIsTuple(list)
		if !ok {
			return "invalid retained type list"
		}
		for _, op := range t.Ops {
			if !dvIs(op, dcType) && !(dvIsKind(op, "DISubprogram") && !dvIsDefinition(dvNode(op))) {
				return "invalid retained type"
			}
		}
	}
	if msg := dvList(dvMD(n, dvGlobals), func(op ir.Metadata) bool { return dvIsKind(op, "DIGlobalVariableExpression") }, "invalid global variable list", "invalid global variable ref"); msg != "" {
		return msg
	}
	if msg := dvList(dvMD(n, dvImports), func(op ir.Metadata) bool { return dvIsKind(op, "DIImportedEntity") }, "invalid imported entity list", "invalid imported entity ref"); msg != "" {
		return msg
	}
	if msg := dvList(dvMD(n, dvMacros), func(op ir.Metadata) bool { return dvIs(op, dcMacro) }, "invalid macro list", "invalid macro ref"); msg != "" {
		return msg
	}
	return ""
}

// verifyDISubprogram is visitDISubprogram, with llvm-dis-22's checks of
// the retained nodes.
func verifyDISubprogram(n *ir.SpecializedNode) string {
	if dvTagOf(n) != uint16(dwarf.TagSubprogram) {
		return "invalid tag"
	}
	if !dvIsScope(dvMD(n, dvScope)) {
		return "invalid scope"
	}
	if f := dvMD(n, dvFile); f != nil {
		if !dvIsKind(f, "DIFile") {
			return "invalid file"
		}
	} else if uint32(dvInt(n, dvLine)) != 0 {
		return "line specified with no file"
	}
	if t := dvMD(n, dvType); t != nil && !dvIsKind(t, "DISubroutineType") {
		return "invalid subroutine type"
	}
	if !dvIsType(dvMD(n, dvContainingType)) {
		return "invalid containing type"
	}
	if params := dvMD(n, dvTemplateParams); params != nil {
		if msg := verifyTemplateParams(params); msg != "" {
			return msg
		}
	}
	if d := dvMD(n, dvDeclaration); d != nil && (!dvIsKind(d, "DISubprogram") || dvIsDefinition(dvNode(d))) {
		return "invalid subprogram declaration"
	}
	if nodes := dvMD(n, dvRetainedNodes); nodes != nil {
		if msg := verifyRetainedNodes(n, nodes); msg != "" {
			return msg
		}
	}
	if dvConflictingRefFlags(dvFlagSet(n)) {
		return "invalid reference flags"
	}
	unit := dvMD(n, dvUnit)
	if dvIsDefinition(n) {
		if !n.Distinct {
			return "subprogram definitions must be distinct"
		}
		if unit == nil {
			return "subprogram definitions must have a compile unit"
		}
		if !dvIsKind(unit, "DICompileUnit") {
			return "invalid unit type"
		}
	} else {
		if unit != nil {
			return "subprogram declarations must not have a compile unit"
		}
		if dvMD(n, dvDeclaration) != nil {
			return "subprogram declaration must not have a declaration field"
		}
	}
	if thrown := dvMD(n, dvThrownTypes); thrown != nil {
		t, ok := dvIsTuple(thrown)
		if !ok {
			return "invalid thrown types list"
		}
		for _, op := range t.Ops {
			if !dvIs(op, dcType) {
				return "invalid thrown type"
			}
		}
	}
	if dvFlagSet(n)&dvFlagAllCallsDescribed != 0 && !dvIsDefinition(n) {
		return "DIFlagAllCallsDescribed must be attached to a definition"
	}
	return ""
}

// verifyRetainedNodes checks the retainedNodes list of DISubprogram sp:
// a tuple of local variables, labels and imported entities, each with a
// local scope within sp.
func verifyRetainedNodes(sp *ir.SpecializedNode, nodes ir.Metadata) string {
	t, ok := dvIsTuple(nodes)
	if !ok {
		return "invalid retained nodes list"
	}
	for _, op := range t.Ops {
		if ir.IsNilMetadata(op) {
			return "nullptr in retained nodes"
		}
		rn := dvNode(op)
		if rn == nil || rn.Kind != "DILocalVariable" && rn.Kind != "DILabel" && rn.Kind != "DIImportedEntity" {
			return "invalid retained nodes, expected DILocalVariable, DILabel or DIImportedEntity"
		}
		scope := dvMD(rn, dvScope)
		if !dvIs(scope, dcLocalScope) {
			return "invalid retained nodes, retained node is not local"
		}
		if dvEnclosingSubprogram(dvNode(scope)) != sp {
			return "invalid retained nodes, retained node does not belong to subprogram"
		}
	}
	return ""
}

// dvEnclosingSubprogram returns the DISubprogram local scope s is in,
// following lexical blocks' scopes (DILocalScope::getSubprogram); nil
// when the chain reaches something else, null, or goes round a cycle.
func dvEnclosingSubprogram(s *ir.SpecializedNode) *ir.SpecializedNode {
	seen := map[*ir.SpecializedNode]bool{}
	for s != nil && !seen[s] {
		switch s.Kind {
		case "DISubprogram":
			return s
		case "DILexicalBlock", "DILexicalBlockFile":
			seen[s] = true
			s = dvNode(dvMD(s, dvScope))
		default:
			return nil
		}
	}
	return nil
}

// verifyDILexicalBlockBase is visitDILexicalBlockBase, all of
// visitDILexicalBlockFile.
func verifyDILexicalBlockBase(n *ir.SpecializedNode) string {
	if dvTagOf(n) != dvTagLexical {
		return "invalid tag"
	}
	scope := dvMD(n, dvScope)
	if !dvIs(scope, dcLocalScope) {
		return "invalid local scope"
	}
	if sp := dvNode(scope); sp.Kind == "DISubprogram" && !dvIsDefinition(sp) {
		return "scope points into the type hierarchy"
	}
	return ""
}

// verifyDILexicalBlock is visitDILexicalBlock.
func verifyDILexicalBlock(n *ir.SpecializedNode) string {
	if msg := verifyDILexicalBlockBase(n); msg != "" {
		return msg
	}
	if uint32(dvInt(n, dvLine)) == 0 && uint16(dvInt(n, dvColumn)) != 0 {
		return "cannot have column info without line info"
	}
	return ""
}

// verifyDICommonBlock is visitDICommonBlock.
func verifyDICommonBlock(n *ir.SpecializedNode) string {
	if dvTagOf(n) != uint16(dwarf.TagCommonBlock) {
		return "invalid tag"
	}
	if s := dvMD(n, dvScope); s != nil && !dvIs(s, dcScope) {
		return "invalid scope ref"
	}
	if d := dvMD(n, dvDeclaration); d != nil && !dvIsKind(d, "DIGlobalVariable") {
		return "invalid declaration"
	}
	return ""
}

// verifyDINamespace is visitDINamespace.
func verifyDINamespace(n *ir.SpecializedNode) string {
	if dvTagOf(n) != uint16(dwarf.TagNamespace) {
		return "invalid tag"
	}
	if s := dvMD(n, dvScope); s != nil && !dvIs(s, dcScope) {
		return "invalid scope ref"
	}
	return ""
}

// The macinfo types of DIMacro (DW_MACINFO_define, DW_MACINFO_undef).
const (
	dvMacinfoDefine = 1
	dvMacinfoUndef  = 2
)

// verifyDIMacro is visitDIMacro. LLVM keeps the type in 16 bits.
func verifyDIMacro(n *ir.SpecializedNode) string {
	switch uint16(dvInt(n, dvType)) {
	case dvMacinfoDefine, dvMacinfoUndef:
	default:
		return "invalid macinfo type"
	}
	if dvText(n, dvName) == "" {
		return "anonymous macro"
	}
	return ""
}

// verifyDIMacroFile is visitDIMacroFile but for its macinfo type, which
// the model does not keep.
func verifyDIMacroFile(n *ir.SpecializedNode) string {
	if f := dvMD(n, dvFile); f != nil && !dvIsKind(f, "DIFile") {
		return "invalid file"
	}
	if msg := dvList(dvMD(n, dvNodes), func(op ir.Metadata) bool { return dvIs(op, dcMacro) }, "invalid macro list", "invalid macro ref"); msg != "" {
		return msg
	}
	return ""
}

// verifyDIModule is visitDIModule.
func verifyDIModule(n *ir.SpecializedNode) string {
	if dvTagOf(n) != uint16(dwarf.TagModule) {
		return "invalid tag"
	}
	if dvText(n, dvName) == "" {
		return "anonymous module"
	}
	return ""
}

// verifyDITemplateTypeParameter is visitDITemplateTypeParameter.
func verifyDITemplateTypeParameter(n *ir.SpecializedNode) string {
	if !dvIsType(dvMD(n, dvType)) {
		return "invalid type ref"
	}
	if dvTagOf(n) != uint16(dwarf.TagTemplateTypeParameter) {
		return "invalid tag"
	}
	return ""
}

// verifyDITemplateValueParameter is visitDITemplateValueParameter.
func verifyDITemplateValueParameter(n *ir.SpecializedNode) string {
	if !dvIsType(dvMD(n, dvType)) {
		return "invalid type ref"
	}
	switch dwarf.Tag(dvTagOf(n)) {
	case dwarf.TagTemplateValueParameter, dwarf.TagGNUTemplateTemplateParam, dwarf.TagGNUTemplateParameterPack:
	default:
		return "invalid tag"
	}
	return ""
}

// verifyDIVariable is visitDIVariable, the checks common to variables.
func verifyDIVariable(n *ir.SpecializedNode) string {
	if s := dvMD(n, dvScope); s != nil && !dvIs(s, dcScope) {
		return "invalid scope"
	}
	if f := dvMD(n, dvFile); f != nil && !dvIsKind(f, "DIFile") {
		return "invalid file"
	}
	return ""
}

// verifyDIGlobalVariable is visitDIGlobalVariable.
func verifyDIGlobalVariable(n *ir.SpecializedNode) string {
	if msg := verifyDIVariable(n); msg != "" {
		return msg
	}
	if dvTagOf(n) != dvTagVariable {
		return "invalid tag"
	}
	typ := dvMD(n, dvType)
	if !dvIsType(typ) {
		return "invalid type ref"
	}
	if dvInt(n, dvIsDef) != 0 && typ == nil {
		return "missing global variable type"
	}
	if d := dvMD(n, dvDeclaration); d != nil && !dvIsKind(d, "DIDerivedType") {
		return "invalid static data member declaration"
	}
	return ""
}

// verifyDILocalVariable is visitDILocalVariable.
func verifyDILocalVariable(n *ir.SpecializedNode) string {
	if msg := verifyDIVariable(n); msg != "" {
		return msg
	}
	typ := dvMD(n, dvType)
	if !dvIsType(typ) {
		return "invalid type ref"
	}
	if dvTagOf(n) != dvTagVariable {
		return "invalid tag"
	}
	if !dvIs(dvMD(n, dvScope), dcLocalScope) {
		return "local variable requires a valid scope"
	}
	if dvIsKind(typ, "DISubroutineType") {
		return "invalid type"
	}
	return ""
}

// verifyDIAssignID is visitDIAssignID: it has no operands in the model.
func verifyDIAssignID(n *ir.SpecializedNode) string {
	if len(n.Fields) != 0 {
		return "DIAssignID has no arguments"
	}
	if !n.Distinct {
		return "DIAssignID must be distinct"
	}
	return ""
}

// verifyDILabel is visitDILabel.
func verifyDILabel(n *ir.SpecializedNode) string {
	scope := dvMD(n, dvScope)
	if scope != nil && !dvIs(scope, dcScope) {
		return "invalid scope"
	}
	if f := dvMD(n, dvFile); f != nil && !dvIsKind(f, "DIFile") {
		return "invalid file"
	}
	if dvTagOf(n) != uint16(dwarf.TagLabel) {
		return "invalid tag"
	}
	if !dvIs(scope, dcLocalScope) {
		return "label requires a valid scope"
	}
	return ""
}

// verifyDIExpression is visitDIExpression.
func verifyDIExpression(n *ir.SpecializedNode) string {
	if !dvExprValid(n.Fields) {
		return "invalid expression"
	}
	return ""
}

// dvExprOpSize is the number of elements operation op takes, itself
// included (DIExpression::ExprOperand::getSize).
func dvExprOpSize(op uint64) int {
	if op > 0xffff {
		return 1
	}
	return dwarf.Op(op).ExprSize()
}

// dvExprValid is DIExpression::isValid over the elements fs: each
// operation one LLVM knows, with room for its arguments, a fragment only
// last, a stack value only last or before a fragment, an entry value
// only first (or after DW_OP_LLVM_arg 0) and of one operation. A
// register operation ends the checks: what follows it is not looked at.
func dvExprValid(fs []ir.Field) bool {
	n := len(fs)
	at := func(i int) uint64 { return uint64(fs[i].Int) }
	for i := 0; i < n; {
		op := at(i)
		size := dvExprOpSize(op)
		if i+size > n {
			return false
		}
		if op >= uint64(dwarf.OpReg0) && op <= uint64(dwarf.OpReg0)+31 ||
			op >= uint64(dwarf.OpBreg0) && op <= uint64(dwarf.OpBreg0)+31 {
			return true
		}
		switch op {
		case uint64(dwarf.OpLLVMFragment):
			return i+size == n
		case uint64(dwarf.OpStackValue):
			if i+size != n && at(i+size) != uint64(dwarf.OpLLVMFragment) {
				return false
			}
		case uint64(dwarf.OpSwap):
			if n == 1 {
				return false
			}
		case uint64(dwarf.OpLLVMEntryValue):
			first := 0
			if at(0) == uint64(dwarf.OpLLVMArg) && at(1) == 0 {
				first = dvExprOpSize(at(0))
			}
			return i == first && at(i+1) == 1
		case uint64(dwarf.OpLLVMImplicitPointer), uint64(dwarf.OpLLVMConvert), uint64(dwarf.OpLLVMArg),
			uint64(dwarf.OpLLVMTagOffset), uint64(dwarf.OpLLVMExtractBitsSext), uint64(dwarf.OpLLVMExtractBitsZext),
			uint64(dwarf.OpConstu), uint64(dwarf.OpPlusUconst), uint64(dwarf.OpPlus), uint64(dwarf.OpMinus),
			uint64(dwarf.OpMul), uint64(dwarf.OpDiv), uint64(dwarf.OpMod), uint64(dwarf.OpOr), uint64(dwarf.OpAnd),
			uint64(dwarf.OpXor), uint64(dwarf.OpShl), uint64(dwarf.OpShr), uint64(dwarf.OpShra), uint64(dwarf.OpDeref),
			uint64(dwarf.OpDerefSize), uint64(dwarf.OpXderef), uint64(dwarf.OpLit0), uint64(dwarf.OpNot),
			uint64(dwarf.OpDup), uint64(dwarf.OpRegx), uint64(dwarf.OpBregx), uint64(dwarf.OpPushObjectAddress),
			uint64(dwarf.OpOver), uint64(dwarf.OpConsts), uint64(dwarf.OpEq), uint64(dwarf.OpNe), uint64(dwarf.OpGt),
			uint64(dwarf.OpGe), uint64(dwarf.OpLt), uint64(dwarf.OpLe),
			// LLVM 22 accepts these three too (LLVM 21 does not).
			uint64(dwarf.OpAbs), uint64(dwarf.OpNeg), uint64(dwarf.OpRot):
		default:
			return false
		}
		i += size
	}
	return true
}

// dvExprFragment returns the offset and size of the first
// DW_OP_LLVM_fragment of valid expression fs (getFragmentInfo).
func dvExprFragment(fs []ir.Field) (offset, size uint64, ok bool) {
	for i := 0; i < len(fs); {
		op := uint64(fs[i].Int)
		sz := dvExprOpSize(op)
		if op == uint64(dwarf.OpLLVMFragment) && i+2 < len(fs) {
			return uint64(fs[i+1].Int), uint64(fs[i+2].Int), true
		}
		i += sz
	}
	return 0, 0, false
}

// dvTypeSize returns the size in bits of type t when it is an integer
// constant, else 0 (DIType::getSizeInBits).
func dvTypeSize(t *ir.SpecializedNode) uint64 {
	f := dvField(t, dvSize)
	if f == nil {
		return 0
	}
	v, ok := f.MD.(*ir.ValueAsMetadata)
	if !ok || v == nil {
		return 0
	}
	c, ok := v.Value.(*ir.ConstInt)
	if !ok || c == nil {
		return 0
	}
	if c.Big != nil {
		return c.Big.Uint64() // the low word
	}
	u := uint64(c.V)
	if c.Typ != nil && c.Typ.BitWidth > 0 && c.Typ.BitWidth < 64 {
		u &= 1<<c.Typ.BitWidth - 1
	}
	return u
}

// dvVariableSize returns the size in bits of variable v, found on its
// type or, through derived types, their base types (DIVariable::
// getSizeInBits); false when there is none.
func dvVariableSize(v *ir.SpecializedNode) (uint64, bool) {
	t := dvMD(v, dvType)
	seen := map[ir.Metadata]bool{}
	for t != nil && !seen[t] {
		seen[t] = true
		if dvIs(t, dcType) {
			if s := dvTypeSize(dvNode(t)); s != 0 {
				return s, true
			}
		}
		if !dvIsKind(t, "DIDerivedType") {
			break
		}
		t = dvMD(dvNode(t), dvBaseType)
	}
	return 0, false
}

// verifyDIGlobalVariableExpression is visitDIGlobalVariableExpression:
// its variable's checks, its expression's, and the fragment it describes
// against the variable's size.
func verifyDIGlobalVariableExpression(n *ir.SpecializedNode) string {
	v := dvMD(n, dvVar)
	if v == nil {
		return "missing variable"
	}
	vn := dvNode(v)
	switch {
	case dvIsKind(v, "DIGlobalVariable"):
		if msg := verifyDIGlobalVariable(vn); msg != "" {
			return msg
		}
	case dvIsKind(v, "DILocalVariable"):
		// LLVM takes it for a DIGlobalVariable: the checks that read
		// what both kinds share pass or fail as they would.
		if msg := verifyDIVariable(vn); msg != "" {
			return msg
		}
		if !dvIsType(dvMD(vn, dvType)) {
			return "invalid type ref"
		}
	default:
		return "invalid tag" // see the top of the file
	}
	e := dvMD(n, dvExpr)
	if e == nil {
		return ""
	}
	en := dvNode(e)
	if en == nil || en.Kind != "DIExpression" {
		return "invalid expression" // see the top of the file
	}
	if msg := verifyDIExpression(en); msg != "" {
		return msg
	}
	off, size, ok := dvExprFragment(en.Fields)
	if !ok {
		return ""
	}
	varSize, ok := dvVariableSize(vn)
	if !ok {
		return ""
	}
	// LLVM takes the fragment's size and offset as 32-bit unsigned.
	fragSize, fragOff := uint32(size), uint32(off)
	if uint64(fragSize+fragOff) > varSize {
		return "fragment is larger than or outside of variable"
	}
	if uint64(fragSize) == varSize {
		return "fragment covers entire variable"
	}
	return ""
}

// verifyDIObjCProperty is visitDIObjCProperty.
func verifyDIObjCProperty(n *ir.SpecializedNode) string {
	if dvTagOf(n) != uint16(dwarf.TagAPPLEProperty) {
		return "invalid tag"
	}
	if t := dvMD(n, dvType); t != nil && !dvIsType(t) {
		return "invalid type ref"
	}
	if f := dvMD(n, dvFile); f != nil && !dvIsKind(f, "DIFile") {
		return "invalid file"
	}
	return ""
}

// verifyDIImportedEntity is visitDIImportedEntity.
func verifyDIImportedEntity(n *ir.SpecializedNode) string {
	switch dwarf.Tag(dvTagOf(n)) {
	case dwarf.TagImportedModule, dwarf.TagImportedDeclaration:
	default:
		return "invalid tag"
	}
	if s := dvMD(n, dvScope); s != nil && !dvIs(s, dcScope) {
		return "invalid scope for imported entity"
	}
	if !dvIsDINode(dvMD(n, dvEntity)) {
		return "invalid imported entity"
	}
	return ""
}

// dvList checks a list field: "" when list is null, listMsg when it is no
// tuple, refMsg when one of its operands fails ok.
func dvList(list ir.Metadata, ok func(ir.Metadata) bool, listMsg, refMsg string) string {
	if list == nil {
		return ""
	}
	t, isTuple := dvIsTuple(list)
	if !isTuple {
		return listMsg
	}
	for _, op := range t.Ops {
		if !ok(op) {
			return refMsg
		}
	}
	return ""
}
