package bitcode

import "github.com/bcextract/bcextract/llvmir"

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

// diLens are the shortest and longest valid length of each debug-info
// record (MetadataLoader's checks).
var diLens = map[llvmir.MetadataCode][2]int{
	llvmir.METADATA_LOCATION: {5, 8}, llvmir.METADATA_GENERIC_DEBUG: {4, 1 << 30}, llvmir.METADATA_SUBRANGE: {3, 5}, llvmir.METADATA_GENERIC_SUBRANGE: {5, 5},
	llvmir.METADATA_ENUMERATOR: {3, 1 << 30}, llvmir.METADATA_BASIC_TYPE: {6, 12}, llvmir.METADATA_FIXED_POINT_TYPE: {11, 1 << 30}, llvmir.METADATA_STRING_TYPE: {8, 9},
	llvmir.METADATA_DERIVED_TYPE: {12, 15}, llvmir.METADATA_SUBRANGE_TYPE: {13, 13}, llvmir.METADATA_COMPOSITE_TYPE: {16, 26}, llvmir.METADATA_SUBROUTINE_TYPE: {3, 4},
	llvmir.METADATA_MODULE: {5, 9}, llvmir.METADATA_FILE: {3, 6}, llvmir.METADATA_COMPILE_UNIT: {14, 23}, llvmir.METADATA_SUBPROGRAM: {18, 22}, llvmir.METADATA_LEXICAL_BLOCK: {5, 5},
	llvmir.METADATA_LEXICAL_BLOCK_FILE: {4, 4}, llvmir.METADATA_COMMON_BLOCK: {6, 6}, llvmir.METADATA_NAMESPACE: {3, 5}, llvmir.METADATA_MACRO: {5, 5}, llvmir.METADATA_MACRO_FILE: {5, 5},
	llvmir.METADATA_TEMPLATE_TYPE: {3, 4}, llvmir.METADATA_TEMPLATE_VALUE: {5, 6}, llvmir.METADATA_GLOBAL_VAR: {11, 13}, llvmir.METADATA_ASSIGN_ID: {1, 1},
	llvmir.METADATA_LOCAL_VAR: {8, 10}, llvmir.METADATA_LABEL: {5, 7}, llvmir.METADATA_EXPRESSION: {1, 1 << 30}, llvmir.METADATA_GLOBAL_VAR_EXPR: {3, 3},
	llvmir.METADATA_OBJC_PROPERTY: {8, 8}, llvmir.METADATA_IMPORTED_ENTITY: {6, 8},
}

// wholeDistinct are the records whose first operand MetadataLoader takes
// as a whole for "distinct" (any non-zero value), where the others use its
// low bit and keep the rest for flags and versions.
var wholeDistinct = map[llvmir.MetadataCode]bool{
	llvmir.METADATA_GENERIC_DEBUG: true, llvmir.METADATA_FILE: true, llvmir.METADATA_MODULE: true, llvmir.METADATA_LEXICAL_BLOCK: true, llvmir.METADATA_LEXICAL_BLOCK_FILE: true,
	llvmir.METADATA_MACRO: true, llvmir.METADATA_MACRO_FILE: true, llvmir.METADATA_TEMPLATE_TYPE: true, llvmir.METADATA_TEMPLATE_VALUE: true, llvmir.METADATA_GLOBAL_VAR_EXPR: true,
	llvmir.METADATA_OBJC_PROPERTY: true, llvmir.METADATA_IMPORTED_ENTITY: true,
}
