package llvmir

import "strconv"

// BlockID is the numeric ID of a bitstream block, as written after
// ENTER_SUBBLOCK. IDs 0-7 are reserved by the bitstream container (0 is
// BLOCKINFO); LLVM IR blocks start at 8.
type BlockID uint32

// Block IDs of LLVM IR bitcode, with LLVM's constant names.
const (
	// BLOCKINFO_BLOCK_ID is the container's BLOCKINFO block, which
	// registers abbreviations (and optionally names) for other blocks.
	BLOCKINFO_BLOCK_ID BlockID = 0
	// FIRST_APPLICATION_BLOCKID is the first block ID not reserved by the
	// bitstream container.
	FIRST_APPLICATION_BLOCKID BlockID = 8
	// MODULE_BLOCK_ID is the top-level block of one module.
	MODULE_BLOCK_ID BlockID = 8
	// PARAMATTR_BLOCK_ID holds attribute lists (sets of attribute groups).
	PARAMATTR_BLOCK_ID BlockID = 9
	// PARAMATTR_GROUP_BLOCK_ID holds attribute groups.
	PARAMATTR_GROUP_BLOCK_ID BlockID = 10
	// CONSTANTS_BLOCK_ID holds constants, at module or function level.
	CONSTANTS_BLOCK_ID BlockID = 11
	// FUNCTION_BLOCK_ID holds the body of one function.
	FUNCTION_BLOCK_ID BlockID = 12
	// IDENTIFICATION_BLOCK_ID is the top-level block naming the producer
	// and epoch; it precedes a MODULE block.
	IDENTIFICATION_BLOCK_ID BlockID = 13
	// VALUE_SYMTAB_BLOCK_ID is a value symbol table.
	VALUE_SYMTAB_BLOCK_ID BlockID = 14
	// METADATA_BLOCK_ID holds metadata nodes and strings.
	METADATA_BLOCK_ID BlockID = 15
	// METADATA_ATTACHMENT_ID holds metadata attachments of a function.
	METADATA_ATTACHMENT_ID BlockID = 16
	// TYPE_BLOCK_ID_NEW is the type table.
	TYPE_BLOCK_ID_NEW BlockID = 17
	// USELIST_BLOCK_ID holds use-list orders.
	USELIST_BLOCK_ID BlockID = 18
	// MODULE_STRTAB_BLOCK_ID is the module path table of a combined
	// summary.
	MODULE_STRTAB_BLOCK_ID BlockID = 19
	// GLOBALVAL_SUMMARY_BLOCK_ID is a ThinLTO (per-module or combined)
	// summary.
	GLOBALVAL_SUMMARY_BLOCK_ID BlockID = 20
	// OPERAND_BUNDLE_TAGS_BLOCK_ID holds operand bundle tag names.
	OPERAND_BUNDLE_TAGS_BLOCK_ID BlockID = 21
	// METADATA_KIND_BLOCK_ID holds metadata kind names.
	METADATA_KIND_BLOCK_ID BlockID = 22
	// STRTAB_BLOCK_ID is the top-level string table block.
	STRTAB_BLOCK_ID BlockID = 23
	// FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID is a summary for full LTO; its
	// records use the GLOBALVAL_SUMMARY codes.
	FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID BlockID = 24
	// SYMTAB_BLOCK_ID is the top-level IR symbol table block.
	SYMTAB_BLOCK_ID BlockID = 25
	// SYNC_SCOPE_NAMES_BLOCK_ID holds synchronization scope names. It has
	// no built-in name in llvm-bcanalyzer (printed "UnknownBlock26").
	SYNC_SCOPE_NAMES_BLOCK_ID BlockID = 26
)

// blockNames maps a block ID to the name llvm-bcanalyzer prints for it in
// LLVM IR streams; "" means no built-in name ("UnknownBlock<id>").
var blockNames = [...]string{
	BLOCKINFO_BLOCK_ID:                  "BLOCKINFO_BLOCK",
	MODULE_BLOCK_ID:                     "MODULE_BLOCK",
	PARAMATTR_BLOCK_ID:                  "PARAMATTR_BLOCK",
	PARAMATTR_GROUP_BLOCK_ID:            "PARAMATTR_GROUP_BLOCK_ID",
	CONSTANTS_BLOCK_ID:                  "CONSTANTS_BLOCK",
	FUNCTION_BLOCK_ID:                   "FUNCTION_BLOCK",
	IDENTIFICATION_BLOCK_ID:             "IDENTIFICATION_BLOCK_ID",
	VALUE_SYMTAB_BLOCK_ID:               "VALUE_SYMTAB",
	METADATA_BLOCK_ID:                   "METADATA_BLOCK",
	METADATA_ATTACHMENT_ID:              "METADATA_ATTACHMENT_BLOCK",
	TYPE_BLOCK_ID_NEW:                   "TYPE_BLOCK_ID",
	USELIST_BLOCK_ID:                    "USELIST_BLOCK_ID",
	MODULE_STRTAB_BLOCK_ID:              "MODULE_STRTAB_BLOCK",
	GLOBALVAL_SUMMARY_BLOCK_ID:          "GLOBALVAL_SUMMARY_BLOCK",
	OPERAND_BUNDLE_TAGS_BLOCK_ID:        "OPERAND_BUNDLE_TAGS_BLOCK",
	METADATA_KIND_BLOCK_ID:              "METADATA_KIND_BLOCK",
	STRTAB_BLOCK_ID:                     "STRTAB_BLOCK",
	FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID: "FULL_LTO_GLOBALVAL_SUMMARY_BLOCK",
	SYMTAB_BLOCK_ID:                     "SYMTAB_BLOCK",
}

// BlockName returns the name llvm-bcanalyzer 22 prints for block id in an
// LLVM IR stream when no BLOCKINFO BLOCKNAME record overrides it. It
// reports false for IDs without a built-in name (1-7, 26 and above), which
// bcanalyzer prints as "UnknownBlock<id>". Block 0 is "BLOCKINFO_BLOCK",
// a name bcanalyzer uses for every stream type.
func BlockName(id uint32) (string, bool) {
	if id >= uint32(len(blockNames)) {
		return "", false
	}
	s := blockNames[id]
	return s, s != ""
}

// String returns the bcanalyzer name of b, or "UnknownBlock<n>" when it
// has none.
func (b BlockID) String() string {
	if s, ok := BlockName(uint32(b)); ok {
		return s
	}
	return "UnknownBlock" + strconv.FormatUint(uint64(b), 10)
}
