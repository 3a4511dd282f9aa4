package llvmir

import (
	"fmt"
	"testing"
)

// nameTests lists expected lookups. For block lines (record == false) code
// is ignored. want == "" means "no built-in name".
var nameTests = []struct {
	block  uint32
	record bool
	code   uint32
	want   string
}{
	// Every block ID 0..27, plus some far beyond the table.
	{block: 0, want: "BLOCKINFO_BLOCK"},
	{block: 1}, {block: 2}, {block: 3}, {block: 4}, {block: 5}, {block: 6}, {block: 7},
	{block: 8, want: "MODULE_BLOCK"},
	{block: 9, want: "PARAMATTR_BLOCK"},
	{block: 10, want: "PARAMATTR_GROUP_BLOCK_ID"},
	{block: 11, want: "CONSTANTS_BLOCK"},
	{block: 12, want: "FUNCTION_BLOCK"},
	{block: 13, want: "IDENTIFICATION_BLOCK_ID"},
	{block: 14, want: "VALUE_SYMTAB"},
	{block: 15, want: "METADATA_BLOCK"},
	{block: 16, want: "METADATA_ATTACHMENT_BLOCK"},
	{block: 17, want: "TYPE_BLOCK_ID"},
	{block: 18, want: "USELIST_BLOCK_ID"},
	{block: 19, want: "MODULE_STRTAB_BLOCK"},
	{block: 20, want: "GLOBALVAL_SUMMARY_BLOCK"},
	{block: 21, want: "OPERAND_BUNDLE_TAGS_BLOCK"},
	{block: 22, want: "METADATA_KIND_BLOCK"},
	{block: 23, want: "STRTAB_BLOCK"},
	{block: 24, want: "FULL_LTO_GLOBALVAL_SUMMARY_BLOCK"},
	{block: 25, want: "SYMTAB_BLOCK"},
	{block: 26}, // SYNC_SCOPE_NAMES_BLOCK_ID: UnknownBlock26
	{block: 27}, {block: 39}, {block: 100}, {block: 1 << 31}, {block: ^uint32(0)},

	// BLOCKINFO: codes 1-3 only.
	{block: 0, record: true, code: 0},
	{block: 0, record: true, code: 1, want: "SETBID"},
	{block: 0, record: true, code: 2, want: "BLOCKNAME"},
	{block: 0, record: true, code: 3, want: "SETRECORDNAME"},
	{block: 0, record: true, code: 4},
	// Reserved blocks have no record names.
	{block: 1, record: true, code: 1},
	{block: 7, record: true, code: 2},
	// MODULE_BLOCK.
	{block: 8, record: true, code: 0},
	{block: 8, record: true, code: 1, want: "VERSION"},
	{block: 8, record: true, code: 8, want: "FUNCTION"},
	{block: 8, record: true, code: 9},  // ALIAS_OLD
	{block: 8, record: true, code: 10}, // gap
	{block: 8, record: true, code: 11, want: "GCNAME"},
	{block: 8, record: true, code: 16, want: "SOURCE_FILENAME"},
	{block: 8, record: true, code: 17, want: "HASH"},
	{block: 8, record: true, code: 18}, // IFUNC
	{block: 8, record: true, code: 129},
	{block: 8, record: true, code: ^uint32(0)},
	// PARAMATTR and PARAMATTR_GROUP: ENTRY under three codes.
	{block: 9, record: true, code: 1, want: "ENTRY"},
	{block: 9, record: true, code: 2, want: "ENTRY"},
	{block: 9, record: true, code: 3},
	{block: 10, record: true, code: 1},
	{block: 10, record: true, code: 3, want: "ENTRY"},
	// CONSTANTS: the irregular ones.
	{block: 11, record: true, code: 1, want: "SETTYPE"},
	{block: 11, record: true, code: 12}, // CE_GEP_OLD, named only in LLVM 14
	{block: 11, record: true, code: 18}, // INLINEASM_OLD
	{block: 11, record: true, code: 21, want: "CST_CODE_BLOCKADDRESS"},
	{block: 11, record: true, code: 22, want: "DATA"},
	{block: 11, record: true, code: 26}, // POISON
	{block: 11, record: true, code: 30, want: "INLINEASM"},
	{block: 11, record: true, code: 31}, // CE_GEP_WITH_INRANGE
	{block: 11, record: true, code: 32, want: "CE_GEP"},
	{block: 11, record: true, code: 33, want: "PTRAUTH"},
	{block: 11, record: true, code: 34}, // PTRAUTH2
	// FUNCTION.
	{block: 12, record: true, code: 1, want: "DECLAREBLOCKS"},
	{block: 12, record: true, code: 4, want: "INST_GEP_OLD"},
	{block: 12, record: true, code: 14},
	{block: 12, record: true, code: 31}, // INDIRECTBR
	{block: 12, record: true, code: 34, want: "INST_CALL"},
	{block: 12, record: true, code: 39}, // RESUME
	{block: 12, record: true, code: 47}, // LANDINGPAD
	{block: 12, record: true, code: 52}, // CATCHSWITCH
	{block: 12, record: true, code: 58}, // FREEZE
	{block: 12, record: true, code: 59, want: "INST_ATOMICRMW"},
	{block: 12, record: true, code: 60, want: "BLOCKADDR_USERS"},
	{block: 12, record: true, code: 65, want: "DEBUG_RECORD_LABEL"},
	{block: 12, record: true, code: 66, want: "DEBUG_RECORD_DECLARE_VALUE"},
	{block: 12, record: true, code: 67},
	// IDENTIFICATION.
	{block: 13, record: true, code: 1, want: "STRING"},
	{block: 13, record: true, code: 2, want: "EPOCH"},
	{block: 13, record: true, code: 3},
	// VALUE_SYMTAB.
	{block: 14, record: true, code: 3, want: "FNENTRY"},
	{block: 14, record: true, code: 4},
	{block: 14, record: true, code: 5, want: "COMBINED_ENTRY"},
	// METADATA.
	{block: 15, record: true, code: 1, want: "STRING_OLD"},
	{block: 15, record: true, code: 11}, // ATTACHMENT belongs to block 16
	{block: 15, record: true, code: 35, want: "STRINGS"},
	{block: 15, record: true, code: 38, want: "INDEX_OFFSET"},
	{block: 15, record: true, code: 39, want: "INDEX"},
	{block: 15, record: true, code: 40}, // LABEL
	{block: 15, record: true, code: 45}, // GENERIC_SUBRANGE
	{block: 15, record: true, code: 46, want: "ARG_LIST"},
	{block: 15, record: true, code: 47}, // ASSIGN_ID
	{block: 15, record: true, code: 49}, // FIXED_POINT_TYPE
	// METADATA_ATTACHMENT.
	{block: 16, record: true, code: 11, want: "ATTACHMENT"},
	{block: 16, record: true, code: 6},
	// TYPE.
	{block: 17, record: true, code: 1, want: "NUMENTRY"},
	{block: 17, record: true, code: 9}, // FUNCTION_OLD
	{block: 17, record: true, code: 21, want: "FUNCTION"},
	{block: 17, record: true, code: 23, want: "BFLOAT"},
	{block: 17, record: true, code: 25}, // OPAQUE_POINTER
	// USELIST keeps the USELIST_CODE_ prefix.
	{block: 18, record: true, code: 1, want: "USELIST_CODE_DEFAULT"},
	{block: 18, record: true, code: 2, want: "USELIST_CODE_BB"},
	{block: 18, record: true, code: 3},
	// MODULE_STRTAB.
	{block: 19, record: true, code: 1, want: "ENTRY"},
	{block: 19, record: true, code: 2, want: "HASH"},
	// GLOBALVAL_SUMMARY and FULL_LTO_GLOBALVAL_SUMMARY share a table.
	{block: 20, record: true, code: 1, want: "PERMODULE"},
	{block: 20, record: true, code: 26, want: "PERMODULE_CALLSITE_INFO"},
	{block: 20, record: true, code: 33, want: "COMBINED_ALLOC_INFO_NO_CONTEXT"},
	{block: 20, record: true, code: 34},
	{block: 24, record: true, code: 1, want: "PERMODULE"},
	{block: 24, record: true, code: 10, want: "VERSION"},
	{block: 24, record: true, code: 31, want: "ALLOC_CONTEXT_IDS"},
	{block: 24, record: true, code: 34},
	// Small tables.
	{block: 21, record: true, code: 1, want: "OPERAND_BUNDLE_TAG"},
	{block: 22, record: true, code: 6, want: "KIND"},
	{block: 22, record: true, code: 1},
	{block: 23, record: true, code: 1, want: "BLOB"},
	{block: 23, record: true, code: 2},
	{block: 25, record: true, code: 1, want: "BLOB"},
	{block: 26, record: true, code: 1}, // SYNC_SCOPE_NAME
	{block: 27, record: true, code: 1},
	{block: ^uint32(0), record: true, code: 1},
}

func TestNames(t *testing.T) {
	for _, tt := range nameTests {
		var got string
		var ok bool
		if tt.record {
			got, ok = RecordName(tt.block, tt.code)
		} else {
			got, ok = BlockName(tt.block)
		}
		if got != tt.want || ok != (tt.want != "") {
			if tt.record {
				t.Errorf("RecordName(%d, %d) = %q, %v; want %q", tt.block, tt.code, got, ok, tt.want)
			} else {
				t.Errorf("BlockName(%d) = %q, %v; want %q", tt.block, got, ok, tt.want)
			}
		}
	}
}

// TestSummaryTablesShared checks that block 24 names records exactly like
// block 20.
func TestSummaryTablesShared(t *testing.T) {
	for code := uint32(0); code < 200; code++ {
		a, aok := RecordName(uint32(GLOBALVAL_SUMMARY_BLOCK_ID), code)
		b, bok := RecordName(uint32(FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID), code)
		if a != b || aok != bok {
			t.Errorf("code %d: block 20 %q, block 24 %q", code, a, b)
		}
	}
}

// TestConstants checks that the typed constants index the tables as
// expected.
func TestConstants(t *testing.T) {
	for _, tt := range []struct {
		block BlockID
		code  uint32
		want  string
	}{
		{BLOCKINFO_BLOCK_ID, uint32(BLOCKINFO_CODE_SETRECORDNAME), "SETRECORDNAME"},
		{MODULE_BLOCK_ID, uint32(MODULE_CODE_VERSION), "VERSION"},
		{MODULE_BLOCK_ID, uint32(MODULE_CODE_HASH), "HASH"},
		{MODULE_BLOCK_ID, uint32(MODULE_CODE_SOURCE_FILENAME), "SOURCE_FILENAME"},
		{MODULE_BLOCK_ID, uint32(MODULE_CODE_IFUNC), ""},
		{IDENTIFICATION_BLOCK_ID, uint32(IDENTIFICATION_CODE_STRING), "STRING"},
		{IDENTIFICATION_BLOCK_ID, uint32(IDENTIFICATION_CODE_EPOCH), "EPOCH"},
		{METADATA_BLOCK_ID, uint32(METADATA_STRINGS), "STRINGS"},
		{METADATA_BLOCK_ID, uint32(METADATA_INDEX_OFFSET), "INDEX_OFFSET"},
		{METADATA_BLOCK_ID, uint32(METADATA_INDEX), "INDEX"},
		{METADATA_BLOCK_ID, uint32(METADATA_ARG_LIST), "ARG_LIST"},
		{METADATA_ATTACHMENT_ID, uint32(METADATA_ATTACHMENT), "ATTACHMENT"},
		{METADATA_KIND_BLOCK_ID, uint32(METADATA_KIND), "KIND"},
		{STRTAB_BLOCK_ID, uint32(STRTAB_BLOB), "BLOB"},
		{SYMTAB_BLOCK_ID, uint32(SYMTAB_BLOB), "BLOB"},
	} {
		if got, _ := RecordName(uint32(tt.block), tt.code); got != tt.want {
			t.Errorf("RecordName(%v, %d) = %q, want %q", tt.block, tt.code, got, tt.want)
		}
	}
	if MODULE_CODE_HASH != 17 || METADATA_STRINGS != 35 || METADATA_INDEX_OFFSET != 38 ||
		METADATA_INDEX != 39 || SYNC_SCOPE_NAMES_BLOCK_ID != 26 {
		t.Error("constant values changed")
	}
}

func TestBlockIDString(t *testing.T) {
	for _, tt := range []struct {
		id   BlockID
		want string
	}{
		{BLOCKINFO_BLOCK_ID, "BLOCKINFO_BLOCK"},
		{VALUE_SYMTAB_BLOCK_ID, "VALUE_SYMTAB"},
		{SYNC_SCOPE_NAMES_BLOCK_ID, "UnknownBlock26"},
		{3, "UnknownBlock3"},
		{BlockID(^uint32(0)), "UnknownBlock4294967295"},
	} {
		if got := tt.id.String(); got != tt.want {
			t.Errorf("BlockID(%d).String() = %q, want %q", uint32(tt.id), got, tt.want)
		}
	}
}

func TestLookupsDoNotAllocate(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() {
		for b := uint32(0); b < 30; b++ {
			BlockName(b)
			for c := uint32(0); c < 70; c++ {
				RecordName(b, c)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("lookups allocate %v times per run", allocs)
	}
}

// sink keeps benchmark results alive.
var sink string

func BenchmarkRecordName(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s, _ := RecordName(uint32(8+i%20), uint32(i%70))
		sink = s
	}
}

func BenchmarkBlockName(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s, _ := BlockName(uint32(i % 30))
		sink = s
	}
}

// Example prints names the way llvm-bcanalyzer does, falling back to
// UnknownBlock<n> / UnknownCode<n>.
func Example() {
	blockName := func(id uint32) string {
		if s, ok := BlockName(id); ok {
			return s
		}
		return fmt.Sprintf("UnknownBlock%d", id)
	}
	recordName := func(block, code uint32) string {
		if s, ok := RecordName(block, code); ok {
			return s
		}
		return fmt.Sprintf("UnknownCode%d", code)
	}
	for _, r := range []struct{ block, code uint32 }{
		{8, 17}, {11, 21}, {14, 1}, {18, 1}, {24, 30}, {26, 1},
	} {
		fmt.Printf("%s %s\n", blockName(r.block), recordName(r.block, r.code))
	}
	// Output:
	// MODULE_BLOCK HASH
	// CONSTANTS_BLOCK CST_CODE_BLOCKADDRESS
	// VALUE_SYMTAB ENTRY
	// USELIST_BLOCK_ID USELIST_CODE_DEFAULT
	// FULL_LTO_GLOBALVAL_SUMMARY_BLOCK STACK_IDS
	// UnknownBlock26 UnknownCode1
}
