package bcwrite

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// This file writes debug-info nodes as LLVM 22's writer does (the
// writeDI* functions of BitcodeWriter.cpp): one unabbreviated record per
// node in the newest layout of its kind, and gives the enumerator each
// node's operands in LLVM's operand order (DebugInfoMetadata.h), strings
// included, which is the order its numbering walks them in.
//
// A reader keeps a node's fields by the names llvm-dis prints
// (ir.SpecializedNode); a field it left out is zero.

// fn is a field name, interned once.
type fn = ir.FieldName

var (
	fAlign, fAllocated, fAnnotations, fApinotes     = ir.FieldNameOf("align"), ir.FieldNameOf("allocated"), ir.FieldNameOf("annotations"), ir.FieldNameOf("apinotes")
	fArg, fAssociated, fAttributes, fBaseType       = ir.FieldNameOf("arg"), ir.FieldNameOf("associated"), ir.FieldNameOf("attributes"), ir.FieldNameOf("baseType")
	fBias, fBitStride, fCC, fChecksum               = ir.FieldNameOf("bias"), ir.FieldNameOf("bitStride"), ir.FieldNameOf("cc"), ir.FieldNameOf("checksum")
	fChecksumKind, fColumn, fConfigMacros, fCount   = ir.FieldNameOf("checksumkind"), ir.FieldNameOf("column"), ir.FieldNameOf("configMacros"), ir.FieldNameOf("count")
	fContainingType, fCoroSuspendIdx, fDataLocation = ir.FieldNameOf("containingType"), ir.FieldNameOf("coroSuspendIdx"), ir.FieldNameOf("dataLocation")
	fDataSize, fDebugInfoForProfiling, fDeclaration = ir.FieldNameOf("dataSize"), ir.FieldNameOf("debugInfoForProfiling"), ir.FieldNameOf("declaration")
	fDefaulted, fDirectory, fDiscriminator, fDwoID  = ir.FieldNameOf("defaulted"), ir.FieldNameOf("directory"), ir.FieldNameOf("discriminator"), ir.FieldNameOf("dwoId")
	fDwarfAddressSpace, fElements, fEmissionKind    = ir.FieldNameOf("dwarfAddressSpace"), ir.FieldNameOf("elements"), ir.FieldNameOf("emissionKind")
	fEncoding, fEntity, fEnumKind, fEnums           = ir.FieldNameOf("encoding"), ir.FieldNameOf("entity"), ir.FieldNameOf("enumKind"), ir.FieldNameOf("enums")
	fExportSymbols, fExpr, fExtraData, fFile        = ir.FieldNameOf("exportSymbols"), ir.FieldNameOf("expr"), ir.FieldNameOf("extraData"), ir.FieldNameOf("file")
	fFilename, fFlags, fGetter, fGlobals            = ir.FieldNameOf("filename"), ir.FieldNameOf("flags"), ir.FieldNameOf("getter"), ir.FieldNameOf("globals")
	fHeader, fIdentifier, fImports, fIncludePath    = ir.FieldNameOf("header"), ir.FieldNameOf("identifier"), ir.FieldNameOf("imports"), ir.FieldNameOf("includePath")
	fIsArtificial, fIsDecl, fIsDefinition           = ir.FieldNameOf("isArtificial"), ir.FieldNameOf("isDecl"), ir.FieldNameOf("isDefinition")
	fIsLocal, fIsOptimized, fIsUnsigned             = ir.FieldNameOf("isLocal"), ir.FieldNameOf("isOptimized"), ir.FieldNameOf("isUnsigned")
	fKeyInstructions, fLanguage, fLine              = ir.FieldNameOf("keyInstructions"), ir.FieldNameOf("language"), ir.FieldNameOf("line")
	fLinkageName, fLowerBound, fMacros, fName       = ir.FieldNameOf("linkageName"), ir.FieldNameOf("lowerBound"), ir.FieldNameOf("macros"), ir.FieldNameOf("name")
	fNameTableKind, fNodes, fNumExtraInhabitants    = ir.FieldNameOf("nameTableKind"), ir.FieldNameOf("nodes"), ir.FieldNameOf("num_extra_inhabitants")
	fOffset, fOperands, fProducer, fRank            = ir.FieldNameOf("offset"), ir.FieldNameOf("operands"), ir.FieldNameOf("producer"), ir.FieldNameOf("rank")
	fRangesBaseAddress, fRetainedNodes              = ir.FieldNameOf("rangesBaseAddress"), ir.FieldNameOf("retainedNodes")
	fRetainedTypes, fRuntimeLang, fRuntimeVersion   = ir.FieldNameOf("retainedTypes"), ir.FieldNameOf("runtimeLang"), ir.FieldNameOf("runtimeVersion")
	fScope, fScopeLine, fSDK, fSetter, fSize        = ir.FieldNameOf("scope"), ir.FieldNameOf("scopeLine"), ir.FieldNameOf("sdk"), ir.FieldNameOf("setter"), ir.FieldNameOf("size")
	fSource, fSourceLanguageName                    = ir.FieldNameOf("source"), ir.FieldNameOf("sourceLanguageName")
	fSourceLanguageVersion, fSpecification          = ir.FieldNameOf("sourceLanguageVersion"), ir.FieldNameOf("specification")
	fSPFlags, fSplitDebugFilename                   = ir.FieldNameOf("spFlags"), ir.FieldNameOf("splitDebugFilename")
	fSplitDebugInlining, fStride, fStringLength     = ir.FieldNameOf("splitDebugInlining"), ir.FieldNameOf("stride"), ir.FieldNameOf("stringLength")
	fStringLengthExpression                         = ir.FieldNameOf("stringLengthExpression")
	fStringLocationExpression, fSysroot, fTag       = ir.FieldNameOf("stringLocationExpression"), ir.FieldNameOf("sysroot"), ir.FieldNameOf("tag")
	fTargetFuncName, fTemplateParams, fThisAdj      = ir.FieldNameOf("targetFuncName"), ir.FieldNameOf("templateParams"), ir.FieldNameOf("thisAdjustment")
	fThrownTypes, fType, fTypes, fUnit              = ir.FieldNameOf("thrownTypes"), ir.FieldNameOf("type"), ir.FieldNameOf("types"), ir.FieldNameOf("unit")
	fUpperBound, fValue, fVar, fVirtualIndex        = ir.FieldNameOf("upperBound"), ir.FieldNameOf("value"), ir.FieldNameOf("var"), ir.FieldNameOf("virtualIndex")
	fVTableHolder, fPtrAuthKey                      = ir.FieldNameOf("vtableHolder"), ir.FieldNameOf("ptrAuthKey")
	fKind, fFactor, fNumerator, fDenominator        = ir.FieldNameOf("kind"), ir.FieldNameOf("factor"), ir.FieldNameOf("numerator"), ir.FieldNameOf("denominator")
	fPtrAuthAddrDisc, fPtrAuthExtraDisc             = ir.FieldNameOf("ptrAuthIsAddressDiscriminated"), ir.FieldNameOf("ptrAuthExtraDiscriminator")
	fPtrAuthIsaPointer, fPtrAuthNullValues          = ir.FieldNameOf("ptrAuthIsaPointer"), ir.FieldNameOf("ptrAuthAuthenticatesNullValues")
)

// noOp stands for an operand LLVM's node has and the model never sets
// (a DIBasicType's file and scope): always null.
const noOp fn = 0

// diOps are the operands of each kind of node in LLVM's order.
var diOps = map[string][]fn{
	"DISubrange":                 {fCount, fLowerBound, fUpperBound, fStride},
	"DIGenericSubrange":          {fCount, fLowerBound, fUpperBound, fStride},
	"DIEnumerator":               {fName},
	"DIBasicType":                {noOp, noOp, fName, fSize},
	"DIFixedPointType":           {noOp, noOp, fName, fSize},
	"DIStringType":               {noOp, noOp, fName, fSize, noOp, fStringLength, fStringLengthExpression, fStringLocationExpression},
	"DIDerivedType":              {fFile, fScope, fName, fSize, fOffset, fBaseType, fExtraData, fAnnotations},
	"DISubrangeType":             {fFile, fScope, fName, fSize, noOp, fBaseType, fLowerBound, fUpperBound, fStride, fBias},
	"DICompositeType":            {fFile, fScope, fName, fSize, fOffset, fBaseType, fElements, fVTableHolder, fTemplateParams, fIdentifier, fDiscriminator, fDataLocation, fAssociated, fAllocated, fRank, fAnnotations, fSpecification, fBitStride},
	"DISubroutineType":           {noOp, noOp, noOp, noOp, noOp, fTypes},
	"DIFile":                     {fFilename, fDirectory, fChecksum, fSource},
	"DICompileUnit":              {fFile, fProducer, fFlags, fSplitDebugFilename, fEnums, fRetainedTypes, fGlobals, fImports, fMacros, fSysroot, fSDK},
	"DISubprogram":               {fFile, fScope, fName, fLinkageName, fType, fUnit, fDeclaration, fRetainedNodes, fContainingType, fTemplateParams, fThrownTypes, fAnnotations, fTargetFuncName},
	"DILexicalBlock":             {fFile, fScope},
	"DILexicalBlockFile":         {fFile, fScope},
	"DICommonBlock":              {fScope, fDeclaration, fName, fFile},
	"DINamespace":                {noOp, fScope, fName},
	"DIModule":                   {fFile, fScope, fName, fConfigMacros, fIncludePath, fApinotes},
	"DIMacro":                    {fName, fValue},
	"DIMacroFile":                {fFile, fNodes},
	"DITemplateTypeParameter":    {fName, fType},
	"DITemplateValueParameter":   {fName, fType, fValue},
	"DIGlobalVariable":           {fScope, fName, fFile, fType, fName, fLinkageName, fDeclaration, fTemplateParams, fAnnotations},
	"DILocalVariable":            {fScope, fName, fFile, fType, fAnnotations},
	"DILabel":                    {fScope, fName, fFile},
	"DIExpression":               {},
	"DIGlobalVariableExpression": {fVar, fExpr},
	"DIObjCProperty":             {fName, fFile, fGetter, fSetter, fType},
	"DIImportedEntity":           {fScope, fEntity, fName, fFile, fElements},
	"DIAssignID":                 {},
}

// field returns n's field named name, nil when it has none.
func field(n *ir.SpecializedNode, name fn) *ir.Field {
	if name == noOp {
		return nil
	}
	for i := range n.Fields {
		if n.Fields[i].Name == name {
			return &n.Fields[i]
		}
	}
	return nil
}

// mdField returns the metadata of n's field name: a node, a string, a
// constant; nil when null or absent.
func mdField(n *ir.SpecializedNode, name fn) ir.Metadata {
	f := field(n, name)
	switch {
	case f == nil:
		return nil
	case f.MD != nil:
		if s, ok := f.MD.(*ir.MDString); ok && s.Value == "" && f.Kind == ir.FieldString && !keepsEmpty(n, name) {
			// LLVM keeps no empty strings in the string fields of
			// nodes; one in a field of nodes (a unit's globals: !"")
			// is written as it is.
			return nil
		}
		return f.MD
	case (f.Kind == ir.FieldInt || f.Kind == ir.FieldUint) && slices.Contains(diOps[n.Kind], name):
		// An operand LLVM 22 keeps as metadata (a subrange's count or
		// bound) that an older producer's record held as a number:
		// LLVM 22's reader makes it the ConstantAsMetadata of an i64
		// (a size or offset is read so already). A metadata field left
		// null is null.
		return &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: i64Type, V: f.Int}}
	}
	return nil
}

// keepsEmpty reports whether field name of n keeps an empty string as a
// string: a DIFile's checksum and source, which LLVM takes as they are
// read (DIFile::get of MDStrings), where an empty one is not none (a
// checksum kind with an empty checksum prints `checksum: ""`).
func keepsEmpty(n *ir.SpecializedNode, name fn) bool {
	return n.Kind == "DIFile" && (name == fChecksum || name == fSource)
}

// i64Type is the type of the constants mdField makes.
var i64Type = &ir.Type{Kind: ir.IntegerType, BitWidth: 64}

// intField returns the integer of n's field name, 0 when absent.
func intField(n *ir.SpecializedNode, name fn) uint64 {
	if f := field(n, name); f != nil && f.MD == nil {
		return uint64(f.Int)
	}
	return 0
}

// hasField reports whether n has the field name.
func hasField(n *ir.SpecializedNode, name fn) bool { return field(n, name) != nil }

// diOperands returns n's operands in LLVM's order.
func diOperands(n *ir.SpecializedNode) []ir.Metadata {
	return appendDIOperands(nil, n)
}

// appendDIOperands appends diOperands(n) to dst.
func appendDIOperands(dst []ir.Metadata, n *ir.SpecializedNode) []ir.Metadata {
	if n.Kind == "GenericDINode" {
		dst = append(dst, mdField(n, fHeader))
		if f := field(n, fOperands); f != nil {
			if t, ok := f.MD.(*ir.MDTuple); ok {
				dst = append(dst, t.Ops...)
			}
		}
		return dst
	}
	for _, name := range diOps[n.Kind] {
		dst = append(dst, mdField(n, name))
	}
	return dst
}

// checkDI returns what in node n this writer cannot write yet.
func checkDI(n *ir.SpecializedNode) error {
	unsupported := func(format string, args ...any) error {
		return &UnsupportedError{What: fmt.Sprintf(format, args...)}
	}
	if _, ok := diOps[n.Kind]; !ok && n.Kind != "GenericDINode" {
		return unsupported("debug info of kind %s", n.Kind)
	}
	switch n.Kind {
	case "DIEnumerator":
		if n.ValueWidth == 0 {
			return unsupported("a DIEnumerator without its value's width")
		}
	case "DIFixedPointType":
		for _, name := range []fn{fNumerator, fDenominator} {
			if _, width, ok := wideField(n, name); !ok || width == 0 {
				return unsupported("a DIFixedPointType without its %s's width", name)
			}
		}
	}
	return nil
}

// diRecord returns the record of node n (writeDI*): its code and
// operands, metadata by id(md) (its number plus one, 0 for null).
// recOps returns ops in the buffer diRecord's records are made in,
// kept from record to record: a record is written before the next one
// is made.
func (w *writer) recOps(ops ...uint64) []uint64 {
	w.diOps = append(w.diOps[:0], ops...)
	return w.diOps
}

func (w *writer) diRecord(n *ir.SpecializedNode) (llvmir.MetadataCode, []uint64) {
	id := w.e.mdOrNullID
	md := func(name fn) uint64 { return id(mdField(n, name)) }
	num := func(name fn) uint64 { return intField(n, name) }
	distinct := b2u(isDistinct(n))
	switch n.Kind {
	case "GenericDINode":
		ops := w.recOps(distinct, num(fTag), 0)
		for _, o := range diOperands(n) {
			ops = append(ops, id(o))
		}
		return llvmir.METADATA_GENERIC_DEBUG, ops
	case "DISubrange":
		return llvmir.METADATA_SUBRANGE, w.recOps(distinct|2<<1, md(fCount), md(fLowerBound), md(fUpperBound), md(fStride))
	case "DIGenericSubrange":
		return llvmir.METADATA_GENERIC_SUBRANGE, w.recOps(distinct, md(fCount), md(fLowerBound), md(fUpperBound), md(fStride))
	case "DIEnumerator":
		unsigned := num(fIsUnsigned) != 0
		ops := w.recOps(1<<2|b2u(unsigned)<<1|distinct, uint64(n.ValueWidth), md(fName))
		v := enumeratorValue(n)
		w.checkWide(v, n.ValueWidth)
		return llvmir.METADATA_ENUMERATOR, appendWideInt(ops, v, n.ValueWidth)
	case "DIBasicType":
		return llvmir.METADATA_BASIC_TYPE, w.recOps(distinct|2, num(fTag), md(fName), md(fSize), num(fAlign),
			num(fEncoding), num(fFlags), num(fNumExtraInhabitants), num(fDataSize))
	case "DIFixedPointType":
		// The factor, an int, goes in as LLVM pushes it: sign-extended.
		ops := w.recOps(distinct|2, num(fTag), md(fName), md(fSize), num(fAlign), num(fEncoding),
			num(fFlags), num(fKind), uint64(int64(int32(num(fFactor)))))
		for _, name := range []fn{fNumerator, fDenominator} {
			v, width, _ := wideField(n, name)
			w.checkWide(v, width)
			ops = append(ops, uint64(activeWords(v, width))<<32|uint64(width))
			ops = appendWideInt(ops, v, width)
		}
		return llvmir.METADATA_FIXED_POINT_TYPE, ops
	case "DIStringType":
		return llvmir.METADATA_STRING_TYPE, w.recOps(distinct|2, num(fTag), md(fName), md(fStringLength),
			md(fStringLengthExpression), md(fStringLocationExpression), md(fSize), num(fAlign), num(fEncoding))
	case "DIDerivedType":
		as := uint64(0)
		if hasField(n, fDwarfAddressSpace) {
			as = num(fDwarfAddressSpace) + 1
		}
		pa := uint64(0)
		if hasField(n, fPtrAuthAddrDisc) {
			pa = num(fPtrAuthKey) | num(fPtrAuthAddrDisc)<<4 | num(fPtrAuthExtraDisc)<<5 |
				num(fPtrAuthIsaPointer)<<21 | num(fPtrAuthNullValues)<<22 | 1<<23
		}
		return llvmir.METADATA_DERIVED_TYPE, w.recOps(distinct|2, num(fTag), md(fName), md(fFile), num(fLine),
			md(fScope), md(fBaseType), md(fSize), num(fAlign), md(fOffset), num(fFlags), md(fExtraData), as,
			md(fAnnotations), pa)
	case "DISubrangeType":
		return llvmir.METADATA_SUBRANGE_TYPE, w.recOps(distinct|2, md(fName), md(fFile), num(fLine), md(fScope),
			md(fSize), num(fAlign), num(fFlags), md(fBaseType), md(fLowerBound), md(fUpperBound), md(fStride), md(fBias))
	case "DICompositeType":
		ek := uint64(0xffffffff)
		if hasField(n, fEnumKind) {
			ek = num(fEnumKind)
		}
		return llvmir.METADATA_COMPOSITE_TYPE, w.recOps(distinct|2|4, num(fTag), md(fName), md(fFile), num(fLine),
			md(fScope), md(fBaseType), md(fSize), num(fAlign), md(fOffset), num(fFlags), md(fElements),
			num(fRuntimeLang), md(fVTableHolder), md(fTemplateParams), md(fIdentifier), md(fDiscriminator),
			md(fDataLocation), md(fAssociated), md(fAllocated), md(fRank), md(fAnnotations),
			num(fNumExtraInhabitants), md(fSpecification), ek, md(fBitStride))
	case "DISubroutineType":
		return llvmir.METADATA_SUBROUTINE_TYPE, w.recOps(distinct|2, num(fFlags), md(fTypes), num(fCC))
	case "DIFile":
		ops := w.recOps(distinct, md(fFilename), md(fDirectory), 0, 0)
		if hasField(n, fChecksum) {
			ops[3], ops[4] = num(fChecksumKind), md(fChecksum)
		}
		if hasField(n, fSource) {
			ops = append(ops, md(fSource))
		}
		return llvmir.METADATA_FILE, ops
	case "DICompileUnit":
		lang, version := num(fLanguage), uint64(0)
		if hasField(n, fSourceLanguageName) {
			lang, version = num(fSourceLanguageName)|1<<63, num(fSourceLanguageVersion)
		}
		return llvmir.METADATA_COMPILE_UNIT, w.recOps(1, lang, md(fFile), md(fProducer), num(fIsOptimized),
			md(fFlags), num(fRuntimeVersion), md(fSplitDebugFilename), num(fEmissionKind), md(fEnums),
			md(fRetainedTypes), 0, md(fGlobals), md(fImports), num(fDwoID), md(fMacros),
			num(fSplitDebugInlining), num(fDebugInfoForProfiling), num(fNameTableKind),
			num(fRangesBaseAddress), md(fSysroot), md(fSDK), version)
	case "DISubprogram":
		return llvmir.METADATA_SUBPROGRAM, w.recOps(distinct|2|4, md(fScope), md(fName), md(fLinkageName),
			md(fFile), num(fLine), md(fType), num(fScopeLine), md(fContainingType), num(fSPFlags),
			num(fVirtualIndex), num(fFlags), md(fUnit), md(fTemplateParams), md(fDeclaration),
			md(fRetainedNodes), uint64(uint32(int32(num(fThisAdj)))), md(fThrownTypes), md(fAnnotations),
			md(fTargetFuncName), num(fKeyInstructions))
	case "DILexicalBlock":
		return llvmir.METADATA_LEXICAL_BLOCK, w.recOps(distinct, md(fScope), md(fFile), num(fLine), num(fColumn))
	case "DILexicalBlockFile":
		return llvmir.METADATA_LEXICAL_BLOCK_FILE, w.recOps(distinct, md(fScope), md(fFile), num(fDiscriminator))
	case "DICommonBlock":
		return llvmir.METADATA_COMMON_BLOCK, w.recOps(distinct, md(fScope), md(fDeclaration), md(fName), md(fFile), num(fLine))
	case "DINamespace":
		return llvmir.METADATA_NAMESPACE, w.recOps(distinct|num(fExportSymbols)<<1, md(fScope), md(fName))
	case "DIModule":
		ops := w.recOps(distinct)
		for _, o := range diOperands(n) {
			ops = append(ops, id(o))
		}
		return llvmir.METADATA_MODULE, append(ops, num(fLine), num(fIsDecl))
	case "DIMacro":
		return llvmir.METADATA_MACRO, w.recOps(distinct, num(fType), num(fLine), md(fName), md(fValue))
	case "DIMacroFile":
		return llvmir.METADATA_MACRO_FILE, w.recOps(distinct, 3, num(fLine), md(fFile), md(fNodes))
	case "DITemplateTypeParameter":
		return llvmir.METADATA_TEMPLATE_TYPE, w.recOps(distinct, md(fName), md(fType), num(fDefaulted))
	case "DITemplateValueParameter":
		return llvmir.METADATA_TEMPLATE_VALUE, w.recOps(distinct, num(fTag), md(fName), md(fType), num(fDefaulted), md(fValue))
	case "DIGlobalVariable":
		return llvmir.METADATA_GLOBAL_VAR, w.recOps(distinct|2<<1, md(fScope), md(fName), md(fLinkageName),
			md(fFile), num(fLine), md(fType), num(fIsLocal), num(fIsDefinition), md(fDeclaration),
			md(fTemplateParams), num(fAlign), md(fAnnotations))
	case "DILocalVariable":
		return llvmir.METADATA_LOCAL_VAR, w.recOps(distinct|2, md(fScope), md(fName), md(fFile), num(fLine),
			md(fType), num(fArg), num(fFlags), num(fAlign), md(fAnnotations))
	case "DILabel":
		idx := ^uint64(0)
		if hasField(n, fCoroSuspendIdx) {
			idx = num(fCoroSuspendIdx)
		}
		return llvmir.METADATA_LABEL, w.recOps(distinct|num(fIsArtificial)<<1, md(fScope), md(fName), md(fFile),
			num(fLine), num(fColumn), idx)
	case "DIExpression":
		ops := make([]uint64, 0, 1+len(n.Fields))
		ops = append(ops, distinct|3<<1)
		for _, f := range n.Fields {
			ops = append(ops, uint64(f.Int))
		}
		return llvmir.METADATA_EXPRESSION, ops
	case "DIGlobalVariableExpression":
		return llvmir.METADATA_GLOBAL_VAR_EXPR, w.recOps(distinct, md(fVar), md(fExpr))
	case "DIObjCProperty":
		return llvmir.METADATA_OBJC_PROPERTY, w.recOps(distinct, md(fName), md(fFile), num(fLine), md(fSetter),
			md(fGetter), num(fAttributes), md(fType))
	case "DIImportedEntity":
		return llvmir.METADATA_IMPORTED_ENTITY, w.recOps(distinct, num(fTag), md(fScope), md(fEntity), num(fLine),
			md(fName), md(fFile), md(fElements))
	case "DIAssignID":
		return llvmir.METADATA_ASSIGN_ID, w.recOps(distinct)
	}
	panic("bcwrite: debug info of kind " + n.Kind) // checkDI refuses it
}

// wideField returns the value and width of n's APInt field name (a
// DIFixedPointType's numerator or denominator), ok false when n lacks it
// or its text is not a number.
func wideField(n *ir.SpecializedNode, name fn) (*big.Int, uint32, bool) {
	f := field(n, name)
	if f == nil || f.Kind != ir.FieldRaw {
		return nil, 0, false
	}
	v, ok := new(big.Int).SetString(f.Text(), 10)
	return v, uint32(f.Int), ok
}

// activeWords returns APInt::getActiveWords of v as an APInt of width
// bits: the 64-bit words up to its highest set bit, at least one.
func activeWords(v *big.Int, width uint32) int {
	u, _ := wideBits(v, width)
	return max(1, (u.BitLen()+63)/64)
}

// maxWideBits is the width above which the reader keeps a debug-info
// integer's words as they are (diWideInt), and this writer makes no
// two's complement: a negative value that wide would be all its words,
// a megabyte for a few bytes read.
const maxWideBits = 1 << 16

// wideBits returns the bits a width-bit APInt holds of v (v modulo
// 2^width); false, and zero, for a negative v wider than maxWideBits.
func wideBits(v *big.Int, width uint32) (*big.Int, bool) {
	if v.Sign() >= 0 && v.BitLen() <= int(width) {
		return v, true
	}
	if v.Sign() < 0 && width > maxWideBits {
		return new(big.Int), false
	}
	return new(big.Int).Mod(v, new(big.Int).Lsh(big.NewInt(1), uint(width))), true
}

// checkWide refuses the module when wideBits cannot give v's bits.
func (w *writer) checkWide(v *big.Int, width uint32) {
	if _, ok := wideBits(v, width); !ok && w.unsupported == nil {
		w.unsupported = &UnsupportedError{What: fmt.Sprintf("a negative debug-info integer of %d bits (more than %d)", width, maxWideBits)}
	}
}

// enumeratorValue returns a DIEnumerator's value.
func enumeratorValue(n *ir.SpecializedNode) *big.Int {
	f := field(n, fValue)
	switch {
	case f == nil:
		return new(big.Int)
	case f.Kind == ir.FieldRaw:
		v, _ := new(big.Int).SetString(f.Text(), 10)
		if v == nil {
			v = new(big.Int)
		}
		return v
	case f.Kind == ir.FieldUint:
		return new(big.Int).SetUint64(uint64(f.Int))
	}
	return big.NewInt(f.Int)
}

// appendWideInt appends v, an integer of width bits, as emitWideAPInt
// does: its words (two's complement, least significant first, as many as
// its active bits need, at least one) each as a sign-rotated number.
func appendWideInt(ops []uint64, v *big.Int, width uint32) []uint64 {
	u, _ := wideBits(v, width) // the bits APInt holds
	words := (u.BitLen() + 63) / 64
	if words == 0 {
		words = 1
	}
	mask := new(big.Int).SetUint64(^uint64(0))
	for i := 0; i < words; i++ {
		w := new(big.Int).Rsh(u, uint(64*i))
		x := w.And(w, mask).Uint64()
		if int64(x) >= 0 {
			ops = append(ops, x<<1)
		} else {
			ops = append(ops, -x<<1|1)
		}
	}
	return ops
}
