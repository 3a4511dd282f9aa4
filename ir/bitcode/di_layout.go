package bitcode

// The METADATA record codes of debug-info nodes (LLVMBitCodes.h).
const (
	mdLocation        = 7
	mdGenericDebug    = 12
	mdSubrange        = 13
	mdEnumerator      = 14
	mdBasicType       = 15
	mdFile            = 16
	mdDerivedType     = 17
	mdCompositeType   = 18
	mdSubroutineType  = 19
	mdCompileUnit     = 20
	mdSubprogram      = 21
	mdLexicalBlock    = 22
	mdLexicalBlockF   = 23
	mdNamespace       = 24
	mdTemplateType    = 25
	mdTemplateValue   = 26
	mdGlobalVar       = 27
	mdLocalVar        = 28
	mdExpression      = 29
	mdObjCProperty    = 30
	mdImportedEntity  = 31
	mdModule          = 32
	mdMacro           = 33
	mdMacroFile       = 34
	mdGlobalVarExpr   = 37
	mdLabel           = 40
	mdStringType      = 41
	mdCommonBlock     = 44
	mdGenericSubrange = 45
	mdAssignID        = 47
	mdSubrangeType    = 48
	mdFixedPointType  = 49
)

// The operands of a METADATA_COMPILE_UNIT record (MetadataLoader's
// parseOneMetadata; the writer's writeDICompileUnit), by index. Metadata
// operands are IDs plus one, 0 for null; string operands name an
// MDString the same way. Operands from cuSplitDebugInlining on are
// optional (a record has 14 to 23 operands).
const (
	cuDistinct              = 0  // always 1: a unit is distinct
	cuLanguage              = 1  // DW_LANG_*, or 1<<63 | DW_LNAME_*
	cuFile                  = 2  // the DIFile
	cuProducer              = 3  // string
	cuIsOptimized           = 4  // bool
	cuFlags                 = 5  // string: the command-line flags
	cuRuntimeVersion        = 6  // number
	cuSplitDebugFilename    = 7  // string
	cuEmissionKind          = 8  // NoDebug, FullDebug, LineTablesOnly, DebugDirectivesOnly
	cuEnums                 = 9  // tuple
	cuRetainedTypes         = 10 // tuple
	cuSubprograms           = 11 // LLVM 3.8 and older: tuple; 0 since
	cuGlobals               = 12 // tuple
	cuImports               = 13 // tuple
	cuDWOID                 = 14 // number
	cuMacros                = 15 // tuple
	cuSplitDebugInlining    = 16 // bool, true when absent
	cuDebugInfoForProfiling = 17 // bool
	cuNameTableKind         = 18 // Default, GNU, None, Apple
	cuRangesBaseAddress     = 19 // bool
	cuSysroot               = 20 // string
	cuSDK                   = 21 // string
	cuSourceLanguageVersion = 22 // number, with a DW_LNAME_* language
)

// The DWARF values whose fields some nodes leave out.
const (
	dwTagBaseType      = 0x24
	dwTagStringType    = 0x12
	dwTagTemplateValue = 0x30
	dwATESignedFixed   = 0x0d
)

// diLens are the shortest and longest valid length of each debug-info
// record (MetadataLoader's checks).
var diLens = map[uint32][2]int{
	mdLocation: {5, 8}, mdGenericDebug: {4, 1 << 30}, mdSubrange: {3, 5}, mdGenericSubrange: {5, 5},
	mdEnumerator: {3, 1 << 30}, mdBasicType: {6, 12}, mdFixedPointType: {11, 1 << 30}, mdStringType: {8, 9},
	mdDerivedType: {12, 15}, mdSubrangeType: {13, 13}, mdCompositeType: {16, 26}, mdSubroutineType: {3, 4},
	mdModule: {5, 9}, mdFile: {3, 6}, mdCompileUnit: {14, 23}, mdSubprogram: {18, 22}, mdLexicalBlock: {5, 5},
	mdLexicalBlockF: {4, 4}, mdCommonBlock: {6, 6}, mdNamespace: {3, 5}, mdMacro: {5, 5}, mdMacroFile: {5, 5},
	mdTemplateType: {3, 4}, mdTemplateValue: {5, 6}, mdGlobalVar: {11, 13}, mdAssignID: {1, 1},
	mdLocalVar: {8, 10}, mdLabel: {5, 7}, mdExpression: {1, 1 << 30}, mdGlobalVarExpr: {3, 3},
	mdObjCProperty: {8, 8}, mdImportedEntity: {6, 8},
}

// wholeDistinct are the records whose first operand MetadataLoader takes
// as a whole for "distinct" (any non-zero value), where the others use its
// low bit and keep the rest for flags and versions.
var wholeDistinct = map[uint32]bool{
	mdGenericDebug: true, mdFile: true, mdModule: true, mdLexicalBlock: true, mdLexicalBlockF: true,
	mdMacro: true, mdMacroFile: true, mdTemplateType: true, mdTemplateValue: true, mdGlobalVarExpr: true,
	mdObjCProperty: true, mdImportedEntity: true,
}
