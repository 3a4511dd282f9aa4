package llvmir

// BlockinfoCode is a record code inside the BLOCKINFO block (ID 0).
type BlockinfoCode uint32

// BLOCKINFO record codes.
const (
	// BLOCKINFO_CODE_SETBID [blockid] selects the block that following
	// abbreviations and names apply to.
	BLOCKINFO_CODE_SETBID BlockinfoCode = 1
	// BLOCKINFO_CODE_BLOCKNAME [char...] names the selected block.
	BLOCKINFO_CODE_BLOCKNAME BlockinfoCode = 2
	// BLOCKINFO_CODE_SETRECORDNAME [code, char...] names a record code of
	// the selected block.
	BLOCKINFO_CODE_SETRECORDNAME BlockinfoCode = 3
)

// ModuleCode is a record code inside MODULE_BLOCK (ID 8).
type ModuleCode uint32

// MODULE_BLOCK record codes.
const (
	// MODULE_CODE_VERSION [version]: 0 absolute value IDs, 1 relative
	// IDs, 2 relative IDs with names in the STRTAB.
	MODULE_CODE_VERSION ModuleCode = 1
	// MODULE_CODE_TRIPLE [char...] is the target triple.
	MODULE_CODE_TRIPLE ModuleCode = 2
	// MODULE_CODE_DATALAYOUT [char...] is the data layout string.
	MODULE_CODE_DATALAYOUT ModuleCode = 3
	// MODULE_CODE_ASM [char...] is module-level inline assembly.
	MODULE_CODE_ASM ModuleCode = 4
	// MODULE_CODE_SECTIONNAME [char...] is one entry of the section name
	// table.
	MODULE_CODE_SECTIONNAME ModuleCode = 5
	// MODULE_CODE_DEPLIB [char...] is a dependent library (obsolete).
	MODULE_CODE_DEPLIB ModuleCode = 6
	// MODULE_CODE_GLOBALVAR describes a global variable.
	MODULE_CODE_GLOBALVAR ModuleCode = 7
	// MODULE_CODE_FUNCTION describes a function.
	MODULE_CODE_FUNCTION ModuleCode = 8
	// MODULE_CODE_ALIAS_OLD is the obsolete alias record (unnamed in
	// bcanalyzer).
	MODULE_CODE_ALIAS_OLD ModuleCode = 9
	// MODULE_CODE_GCNAME [char...] is one entry of the GC name table.
	MODULE_CODE_GCNAME ModuleCode = 11
	// MODULE_CODE_COMDAT describes a comdat.
	MODULE_CODE_COMDAT ModuleCode = 12
	// MODULE_CODE_VSTOFFSET [offset] locates the module-level value
	// symbol table.
	MODULE_CODE_VSTOFFSET ModuleCode = 13
	// MODULE_CODE_ALIAS describes an alias.
	MODULE_CODE_ALIAS ModuleCode = 14
	// MODULE_CODE_METADATA_VALUES_UNUSED is unused.
	MODULE_CODE_METADATA_VALUES_UNUSED ModuleCode = 15
	// MODULE_CODE_SOURCE_FILENAME [char...] is the source file name.
	MODULE_CODE_SOURCE_FILENAME ModuleCode = 16
	// MODULE_CODE_HASH [5 x i32] is the SHA-1 module hash.
	MODULE_CODE_HASH ModuleCode = 17
	// MODULE_CODE_IFUNC describes an ifunc (unnamed in bcanalyzer).
	MODULE_CODE_IFUNC ModuleCode = 18
)

// IdentificationCode is a record code inside IDENTIFICATION_BLOCK_ID
// (ID 13).
type IdentificationCode uint32

// IDENTIFICATION_BLOCK_ID record codes.
const (
	// IDENTIFICATION_CODE_STRING [char...] is the producer string, such
	// as "LLVM22.1.8".
	IDENTIFICATION_CODE_STRING IdentificationCode = 1
	// IDENTIFICATION_CODE_EPOCH [epoch] is the bitcode epoch (0).
	IDENTIFICATION_CODE_EPOCH IdentificationCode = 2
)

// MetadataCode is a record code inside METADATA_BLOCK (ID 15); the same
// numbering is used in METADATA_ATTACHMENT (ID 16) and METADATA_KIND_BLOCK
// (ID 22).
type MetadataCode uint32

// METADATA record codes. Codes whose comment says "unnamed" print as
// "UnknownCode<n>" in llvm-bcanalyzer 22.
const (
	// METADATA_STRING_OLD is an old-style metadata string.
	METADATA_STRING_OLD MetadataCode = 1
	// METADATA_VALUE is a value-as-metadata.
	METADATA_VALUE MetadataCode = 2
	// METADATA_NODE is a uniqued node.
	METADATA_NODE MetadataCode = 3
	// METADATA_NAME is the name of the following named node.
	METADATA_NAME MetadataCode = 4
	// METADATA_DISTINCT_NODE is a distinct node.
	METADATA_DISTINCT_NODE MetadataCode = 5
	// METADATA_KIND is a metadata kind name (METADATA_KIND_BLOCK).
	METADATA_KIND MetadataCode = 6
	// METADATA_LOCATION is a DILocation.
	METADATA_LOCATION MetadataCode = 7
	// METADATA_OLD_NODE is an old-style node.
	METADATA_OLD_NODE MetadataCode = 8
	// METADATA_OLD_FN_NODE is an old-style function-local node.
	METADATA_OLD_FN_NODE MetadataCode = 9
	// METADATA_NAMED_NODE lists the operands of a named node.
	METADATA_NAMED_NODE MetadataCode = 10
	// METADATA_ATTACHMENT is an attachment (METADATA_ATTACHMENT block).
	METADATA_ATTACHMENT MetadataCode = 11
	// METADATA_GENERIC_DEBUG is a GenericDINode.
	METADATA_GENERIC_DEBUG MetadataCode = 12
	// METADATA_SUBRANGE is a DISubrange.
	METADATA_SUBRANGE MetadataCode = 13
	// METADATA_ENUMERATOR is a DIEnumerator.
	METADATA_ENUMERATOR MetadataCode = 14
	// METADATA_BASIC_TYPE is a DIBasicType.
	METADATA_BASIC_TYPE MetadataCode = 15
	// METADATA_FILE is a DIFile.
	METADATA_FILE MetadataCode = 16
	// METADATA_DERIVED_TYPE is a DIDerivedType.
	METADATA_DERIVED_TYPE MetadataCode = 17
	// METADATA_COMPOSITE_TYPE is a DICompositeType.
	METADATA_COMPOSITE_TYPE MetadataCode = 18
	// METADATA_SUBROUTINE_TYPE is a DISubroutineType.
	METADATA_SUBROUTINE_TYPE MetadataCode = 19
	// METADATA_COMPILE_UNIT is a DICompileUnit.
	METADATA_COMPILE_UNIT MetadataCode = 20
	// METADATA_SUBPROGRAM is a DISubprogram.
	METADATA_SUBPROGRAM MetadataCode = 21
	// METADATA_LEXICAL_BLOCK is a DILexicalBlock.
	METADATA_LEXICAL_BLOCK MetadataCode = 22
	// METADATA_LEXICAL_BLOCK_FILE is a DILexicalBlockFile.
	METADATA_LEXICAL_BLOCK_FILE MetadataCode = 23
	// METADATA_NAMESPACE is a DINamespace.
	METADATA_NAMESPACE MetadataCode = 24
	// METADATA_TEMPLATE_TYPE is a DITemplateTypeParameter.
	METADATA_TEMPLATE_TYPE MetadataCode = 25
	// METADATA_TEMPLATE_VALUE is a DITemplateValueParameter.
	METADATA_TEMPLATE_VALUE MetadataCode = 26
	// METADATA_GLOBAL_VAR is a DIGlobalVariable.
	METADATA_GLOBAL_VAR MetadataCode = 27
	// METADATA_LOCAL_VAR is a DILocalVariable.
	METADATA_LOCAL_VAR MetadataCode = 28
	// METADATA_EXPRESSION is a DIExpression.
	METADATA_EXPRESSION MetadataCode = 29
	// METADATA_OBJC_PROPERTY is a DIObjCProperty.
	METADATA_OBJC_PROPERTY MetadataCode = 30
	// METADATA_IMPORTED_ENTITY is a DIImportedEntity.
	METADATA_IMPORTED_ENTITY MetadataCode = 31
	// METADATA_MODULE is a DIModule.
	METADATA_MODULE MetadataCode = 32
	// METADATA_MACRO is a DIMacro.
	METADATA_MACRO MetadataCode = 33
	// METADATA_MACRO_FILE is a DIMacroFile.
	METADATA_MACRO_FILE MetadataCode = 34
	// METADATA_STRINGS [count, offset] with a blob holds all metadata
	// strings: a VBR6 length table (offset bytes) followed by the
	// characters.
	METADATA_STRINGS MetadataCode = 35
	// METADATA_GLOBAL_DECL_ATTACHMENT attaches metadata to a global
	// declaration.
	METADATA_GLOBAL_DECL_ATTACHMENT MetadataCode = 36
	// METADATA_GLOBAL_VAR_EXPR is a DIGlobalVariableExpression.
	METADATA_GLOBAL_VAR_EXPR MetadataCode = 37
	// METADATA_INDEX_OFFSET [lo32, hi32] is the distance to the
	// METADATA_INDEX record.
	METADATA_INDEX_OFFSET MetadataCode = 38
	// METADATA_INDEX [bitpos...] holds the offsets of the metadata
	// records.
	METADATA_INDEX MetadataCode = 39
	// METADATA_LABEL is a DILabel (unnamed).
	METADATA_LABEL MetadataCode = 40
	// METADATA_STRING_TYPE is a DIStringType (unnamed).
	METADATA_STRING_TYPE MetadataCode = 41
	// METADATA_COMMON_BLOCK is a DICommonBlock (unnamed).
	METADATA_COMMON_BLOCK MetadataCode = 44
	// METADATA_GENERIC_SUBRANGE is a DIGenericSubrange (unnamed).
	METADATA_GENERIC_SUBRANGE MetadataCode = 45
	// METADATA_ARG_LIST is a DIArgList.
	METADATA_ARG_LIST MetadataCode = 46
	// METADATA_ASSIGN_ID is a DIAssignID (unnamed).
	METADATA_ASSIGN_ID MetadataCode = 47
	// METADATA_SUBRANGE_TYPE is a DISubrangeType (unnamed).
	METADATA_SUBRANGE_TYPE MetadataCode = 48
	// METADATA_FIXED_POINT_TYPE is a DIFixedPointType (unnamed).
	METADATA_FIXED_POINT_TYPE MetadataCode = 49
)

// StrtabCode is a record code inside STRTAB_BLOCK (ID 23).
type StrtabCode uint32

// STRTAB_BLOB is the STRTAB_BLOCK record whose blob is the string table.
const STRTAB_BLOB StrtabCode = 1

// SymtabCode is a record code inside SYMTAB_BLOCK (ID 25).
type SymtabCode uint32

// SYMTAB_BLOB is the SYMTAB_BLOCK record whose blob is the IR symbol
// table.
const SYMTAB_BLOB SymtabCode = 1

// RecordName returns the name llvm-bcanalyzer 22 prints for record code
// code inside block block of an LLVM IR stream, when no BLOCKINFO
// SETRECORDNAME record overrides it. It reports false when bcanalyzer has
// no built-in name (it then prints "UnknownCode<code>"): for blocks without
// a table (1-7, 26 and above) and for codes that LLVM defines but
// bcanalyzer leaves unnamed. Block 0 (BLOCKINFO) names codes 1-3 for every
// stream type; block 24 (FULL_LTO_GLOBALVAL_SUMMARY) shares block 20's
// table. RecordName does not allocate.
func RecordName(block, code uint32) (string, bool) {
	if block >= uint32(len(recordNames)) {
		return "", false
	}
	t := recordNames[block]
	if code >= uint32(len(t)) {
		return "", false
	}
	s := t[code]
	return s, s != ""
}

// recordNames maps a block ID to its record-name table. Each table is
// indexed by record code; "" means bcanalyzer has no name for the code.
var recordNames = [...][]string{
	BLOCKINFO_BLOCK_ID:                  blockinfoRecords,
	MODULE_BLOCK_ID:                     moduleRecords,
	PARAMATTR_BLOCK_ID:                  paramattrRecords,
	PARAMATTR_GROUP_BLOCK_ID:            paramattrGroupRecords,
	CONSTANTS_BLOCK_ID:                  constantsRecords,
	FUNCTION_BLOCK_ID:                   functionRecords,
	IDENTIFICATION_BLOCK_ID:             identificationRecords,
	VALUE_SYMTAB_BLOCK_ID:               valueSymtabRecords,
	METADATA_BLOCK_ID:                   metadataRecords,
	METADATA_ATTACHMENT_ID:              metadataAttachmentRecords,
	TYPE_BLOCK_ID_NEW:                   typeRecords,
	USELIST_BLOCK_ID:                    uselistRecords,
	MODULE_STRTAB_BLOCK_ID:              moduleStrtabRecords,
	GLOBALVAL_SUMMARY_BLOCK_ID:          summaryRecords,
	FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID: summaryRecords,
	OPERAND_BUNDLE_TAGS_BLOCK_ID:        operandBundleTagsRecords,
	METADATA_KIND_BLOCK_ID:              metadataKindRecords,
	STRTAB_BLOCK_ID:                     strtabRecords,
	SYMTAB_BLOCK_ID:                     symtabRecords,
}

// blockinfoRecords holds the record names of BLOCKINFO.
var blockinfoRecords = []string{
	1: "SETBID",
	2: "BLOCKNAME",
	3: "SETRECORDNAME",
}

// moduleRecords holds the record names of MODULE_BLOCK.
var moduleRecords = []string{
	1: "VERSION",
	2: "TRIPLE",
	3: "DATALAYOUT",
	4: "ASM",
	5: "SECTIONNAME",
	6: "DEPLIB",
	7: "GLOBALVAR",
	8: "FUNCTION",
	// 9 MODULE_CODE_ALIAS_OLD: unnamed (UnknownCode9)
	11: "GCNAME",
	12: "COMDAT",
	13: "VSTOFFSET",
	14: "ALIAS",
	15: "METADATA_VALUES_UNUSED",
	16: "SOURCE_FILENAME",
	17: "HASH",
	// 18 MODULE_CODE_IFUNC: unnamed (UnknownCode18)
}

// paramattrRecords holds the record names of PARAMATTR_BLOCK.
var paramattrRecords = []string{
	1: "ENTRY",
	2: "ENTRY",
}

// paramattrGroupRecords holds the record names of PARAMATTR_GROUP_BLOCK_ID.
var paramattrGroupRecords = []string{
	3: "ENTRY",
}

// constantsRecords holds the record names of CONSTANTS_BLOCK.
var constantsRecords = []string{
	1:  "SETTYPE",
	2:  "NULL",
	3:  "UNDEF",
	4:  "INTEGER",
	5:  "WIDE_INTEGER",
	6:  "FLOAT",
	7:  "AGGREGATE",
	8:  "STRING",
	9:  "CSTRING",
	10: "CE_BINOP",
	11: "CE_CAST",
	// 12 CST_CODE_CE_GEP_OLD: unnamed (UnknownCode12)
	13: "CE_SELECT",
	14: "CE_EXTRACTELT",
	15: "CE_INSERTELT",
	16: "CE_SHUFFLEVEC",
	17: "CE_CMP",
	// 18 CST_CODE_INLINEASM_OLD: unnamed (UnknownCode18)
	19: "CE_SHUFVEC_EX",
	20: "CE_INBOUNDS_GEP",
	21: "CST_CODE_BLOCKADDRESS",
	22: "DATA",
	// 23 CST_CODE_INLINEASM_OLD2: unnamed (UnknownCode23)
	// 24 CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD: unnamed (UnknownCode24)
	25: "CE_UNOP",
	// 26 CST_CODE_POISON: unnamed (UnknownCode26)
	27: "DSO_LOCAL_EQUIVALENT",
	// 28 CST_CODE_INLINEASM_OLD3: unnamed (UnknownCode28)
	29: "NO_CFI_VALUE",
	30: "INLINEASM",
	// 31 CST_CODE_CE_GEP_WITH_INRANGE: unnamed (UnknownCode31)
	32: "CE_GEP",
	33: "PTRAUTH",
	// 34 CST_CODE_PTRAUTH2: unnamed (UnknownCode34)
}

// functionRecords holds the record names of FUNCTION_BLOCK.
var functionRecords = []string{
	1:  "DECLAREBLOCKS",
	2:  "INST_BINOP",
	3:  "INST_CAST",
	4:  "INST_GEP_OLD",
	5:  "INST_SELECT",
	6:  "INST_EXTRACTELT",
	7:  "INST_INSERTELT",
	8:  "INST_SHUFFLEVEC",
	9:  "INST_CMP",
	10: "INST_RET",
	11: "INST_BR",
	12: "INST_SWITCH",
	13: "INST_INVOKE",
	15: "INST_UNREACHABLE",
	16: "INST_PHI",
	19: "INST_ALLOCA",
	20: "INST_LOAD",
	23: "INST_VAARG",
	// 24 FUNC_CODE_INST_STORE_OLD: unnamed (UnknownCode24)
	26: "INST_EXTRACTVAL",
	27: "INST_INSERTVAL",
	28: "INST_CMP2",
	29: "INST_VSELECT",
	30: "INST_INBOUNDS_GEP_OLD",
	// 31 FUNC_CODE_INST_INDIRECTBR: unnamed (UnknownCode31)
	33: "DEBUG_LOC_AGAIN",
	34: "INST_CALL",
	35: "DEBUG_LOC",
	36: "INST_FENCE",
	// 37 FUNC_CODE_INST_CMPXCHG_OLD: unnamed (UnknownCode37)
	// 38 FUNC_CODE_INST_ATOMICRMW_OLD: unnamed (UnknownCode38)
	// 39 FUNC_CODE_INST_RESUME: unnamed (UnknownCode39)
	// 40 FUNC_CODE_INST_LANDINGPAD_OLD: unnamed (UnknownCode40)
	41: "INST_LOADATOMIC",
	// 42 FUNC_CODE_INST_STOREATOMIC_OLD: unnamed (UnknownCode42)
	43: "INST_GEP",
	44: "INST_STORE",
	45: "INST_STOREATOMIC",
	46: "INST_CMPXCHG",
	// 47 FUNC_CODE_INST_LANDINGPAD: unnamed (UnknownCode47)
	48: "INST_CLEANUPRET",
	49: "INST_CATCHRET",
	50: "INST_CATCHPAD",
	// 51 FUNC_CODE_INST_CLEANUPPAD: unnamed (UnknownCode51)
	// 52 FUNC_CODE_INST_CATCHSWITCH: unnamed (UnknownCode52)
	55: "OPERAND_BUNDLE",
	56: "INST_UNOP",
	57: "INST_CALLBR",
	// 58 FUNC_CODE_INST_FREEZE: unnamed (UnknownCode58)
	59: "INST_ATOMICRMW",
	60: "BLOCKADDR_USERS",
	61: "DEBUG_RECORD_VALUE",
	62: "DEBUG_RECORD_DECLARE",
	63: "DEBUG_RECORD_ASSIGN",
	64: "DEBUG_RECORD_VALUE_SIMPLE",
	65: "DEBUG_RECORD_LABEL",
	66: "DEBUG_RECORD_DECLARE_VALUE",
}

// identificationRecords holds the record names of IDENTIFICATION_BLOCK_ID.
var identificationRecords = []string{
	1: "STRING",
	2: "EPOCH",
}

// valueSymtabRecords holds the record names of VALUE_SYMTAB.
var valueSymtabRecords = []string{
	1: "ENTRY",
	2: "BBENTRY",
	3: "FNENTRY",
	5: "COMBINED_ENTRY",
}

// metadataRecords holds the record names of METADATA_BLOCK.
var metadataRecords = []string{
	1:  "STRING_OLD",
	2:  "VALUE",
	3:  "NODE",
	4:  "NAME",
	5:  "DISTINCT_NODE",
	6:  "KIND",
	7:  "LOCATION",
	8:  "OLD_NODE",
	9:  "OLD_FN_NODE",
	10: "NAMED_NODE",
	12: "GENERIC_DEBUG",
	13: "SUBRANGE",
	14: "ENUMERATOR",
	15: "BASIC_TYPE",
	16: "FILE",
	17: "DERIVED_TYPE",
	18: "COMPOSITE_TYPE",
	19: "SUBROUTINE_TYPE",
	20: "COMPILE_UNIT",
	21: "SUBPROGRAM",
	22: "LEXICAL_BLOCK",
	23: "LEXICAL_BLOCK_FILE",
	24: "NAMESPACE",
	25: "TEMPLATE_TYPE",
	26: "TEMPLATE_VALUE",
	27: "GLOBAL_VAR",
	28: "LOCAL_VAR",
	29: "EXPRESSION",
	30: "OBJC_PROPERTY",
	31: "IMPORTED_ENTITY",
	32: "MODULE",
	33: "MACRO",
	34: "MACRO_FILE",
	35: "STRINGS",
	36: "GLOBAL_DECL_ATTACHMENT",
	37: "GLOBAL_VAR_EXPR",
	38: "INDEX_OFFSET",
	39: "INDEX",
	// 40 METADATA_LABEL: unnamed (UnknownCode40)
	// 41 METADATA_STRING_TYPE: unnamed (UnknownCode41)
	// 44 METADATA_COMMON_BLOCK: unnamed (UnknownCode44)
	// 45 METADATA_GENERIC_SUBRANGE: unnamed (UnknownCode45)
	46: "ARG_LIST",
	// 47 METADATA_ASSIGN_ID: unnamed (UnknownCode47)
	// 48 METADATA_SUBRANGE_TYPE: unnamed (UnknownCode48)
	// 49 METADATA_FIXED_POINT_TYPE: unnamed (UnknownCode49)
}

// metadataAttachmentRecords holds the record names of METADATA_ATTACHMENT_BLOCK.
var metadataAttachmentRecords = []string{
	11: "ATTACHMENT",
}

// typeRecords holds the record names of TYPE_BLOCK_ID.
var typeRecords = []string{
	1: "NUMENTRY",
	2: "VOID",
	3: "FLOAT",
	4: "DOUBLE",
	5: "LABEL",
	6: "OPAQUE",
	7: "INTEGER",
	8: "POINTER",
	// 9 TYPE_CODE_FUNCTION_OLD: unnamed (UnknownCode9)
	10: "HALF",
	11: "ARRAY",
	12: "VECTOR",
	13: "X86_FP80",
	14: "FP128",
	15: "PPC_FP128",
	16: "METADATA",
	17: "X86_MMX",
	18: "STRUCT_ANON",
	19: "STRUCT_NAME",
	20: "STRUCT_NAMED",
	21: "FUNCTION",
	22: "TOKEN",
	23: "BFLOAT",
	// 24 TYPE_CODE_X86_AMX: unnamed (UnknownCode24)
	// 25 TYPE_CODE_OPAQUE_POINTER: unnamed (UnknownCode25)
	// 26 TYPE_CODE_TARGET_TYPE: unnamed (UnknownCode26)
}

// uselistRecords holds the record names of USELIST_BLOCK_ID.
var uselistRecords = []string{
	1: "USELIST_CODE_DEFAULT",
	2: "USELIST_CODE_BB",
}

// moduleStrtabRecords holds the record names of MODULE_STRTAB_BLOCK.
var moduleStrtabRecords = []string{
	1: "ENTRY",
	2: "HASH",
}

// summaryRecords holds the record names of GLOBALVAL_SUMMARY_BLOCK and FULL_LTO_GLOBALVAL_SUMMARY_BLOCK.
var summaryRecords = []string{
	1:  "PERMODULE",
	2:  "PERMODULE_PROFILE",
	3:  "PERMODULE_GLOBALVAR_INIT_REFS",
	4:  "COMBINED",
	5:  "COMBINED_PROFILE",
	6:  "COMBINED_GLOBALVAR_INIT_REFS",
	7:  "ALIAS",
	8:  "COMBINED_ALIAS",
	9:  "COMBINED_ORIGINAL_NAME",
	10: "VERSION",
	11: "TYPE_TESTS",
	12: "TYPE_TEST_ASSUME_VCALLS",
	13: "TYPE_CHECKED_LOAD_VCALLS",
	14: "TYPE_TEST_ASSUME_CONST_VCALL",
	15: "TYPE_CHECKED_LOAD_CONST_VCALL",
	16: "VALUE_GUID",
	17: "CFI_FUNCTION_DEFS",
	18: "CFI_FUNCTION_DECLS",
	19: "PERMODULE_RELBF",
	20: "FLAGS",
	21: "TYPE_ID",
	22: "TYPE_ID_METADATA",
	23: "PERMODULE_VTABLE_GLOBALVAR_INIT_REFS",
	24: "BLOCK_COUNT",
	25: "PARAM_ACCESS",
	26: "PERMODULE_CALLSITE_INFO",
	27: "PERMODULE_ALLOC_INFO",
	28: "COMBINED_CALLSITE_INFO",
	29: "COMBINED_ALLOC_INFO",
	30: "STACK_IDS",
	31: "ALLOC_CONTEXT_IDS",
	32: "CONTEXT_RADIX_TREE_ARRAY",
	33: "COMBINED_ALLOC_INFO_NO_CONTEXT",
}

// operandBundleTagsRecords holds the record names of OPERAND_BUNDLE_TAGS_BLOCK.
var operandBundleTagsRecords = []string{
	1: "OPERAND_BUNDLE_TAG",
}

// metadataKindRecords holds the record names of METADATA_KIND_BLOCK.
var metadataKindRecords = []string{
	6: "KIND",
}

// strtabRecords holds the record names of STRTAB_BLOCK.
var strtabRecords = []string{
	1: "BLOB",
}

// symtabRecords holds the record names of SYMTAB_BLOCK.
var symtabRecords = []string{
	1: "BLOB",
}
