package llvmir

import (
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestCodeStrings checks the value and the String of a sample of codes of
// every type against LLVM 22's LLVMBitCodes.h (and, for the types LLVM
// does not name, against its reader), and what String gives a value LLVM
// 22 does not define.
func TestCodeStrings(t *testing.T) {
	tests := []struct {
		code fmtCode
		val  uint32
		want string
	}{
		{BLOCKINFO_CODE_SETRECORDNAME, 3, "BLOCKINFO_CODE_SETRECORDNAME"},
		{IDENTIFICATION_CODE_EPOCH, 2, "IDENTIFICATION_CODE_EPOCH"},
		{MODULE_CODE_IFUNC, 18, "MODULE_CODE_IFUNC"},
		{ModuleCode(10), 10, "ModuleCode(10)"},
		{PARAMATTR_GRP_CODE_ENTRY, 3, "PARAMATTR_GRP_CODE_ENTRY"},
		{TYPE_CODE_FUNCTION_OLD, 9, "TYPE_CODE_FUNCTION_OLD"},
		{TYPE_CODE_OPAQUE_POINTER, 25, "TYPE_CODE_OPAQUE_POINTER"},
		{TYPE_CODE_TARGET_TYPE, 26, "TYPE_CODE_TARGET_TYPE"},
		{TypeCode(27), 27, "TypeCode(27)"}, // TYPE_CODE_BYTE comes after LLVM 22
		{OPERAND_BUNDLE_TAG, 1, "OPERAND_BUNDLE_TAG"},
		{SYNC_SCOPE_NAME, 1, "SYNC_SCOPE_NAME"},
		{VST_CODE_COMBINED_ENTRY, 5, "VST_CODE_COMBINED_ENTRY"},
		{ValueSymtabCode(4), 4, "ValueSymtabCode(4)"},
		{MST_CODE_HASH, 2, "MST_CODE_HASH"},
		{FS_PERMODULE_RELBF, 19, "FS_PERMODULE_RELBF"},
		{FS_COMBINED_ALLOC_INFO_NO_CONTEXT, 33, "FS_COMBINED_ALLOC_INFO_NO_CONTEXT"},
		{METADATA_INDEX_OFFSET, 38, "METADATA_INDEX_OFFSET"},
		{MetadataCode(42), 42, "MetadataCode(42)"}, // reserved
		{METADATA_FIXED_POINT_TYPE, 49, "METADATA_FIXED_POINT_TYPE"},
		{CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD, 24, "CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD"},
		{CST_CODE_PTRAUTH2, 34, "CST_CODE_PTRAUTH2"},
		{ConstantsCode(35), 35, "ConstantsCode(35)"}, // CST_CODE_BYTE comes after LLVM 22
		{CAST_ADDRSPACECAST, 12, "CAST_ADDRSPACECAST"},
		{CAST_PTRTOADDR, 13, "CAST_PTRTOADDR"},
		{UNOP_FNEG, 0, "UNOP_FNEG"},
		{BINOP_XOR, 12, "BINOP_XOR"},
		{RMW_FMINIMUM, 20, "RMW_FMINIMUM"},
		{RMWOperation(21), 21, "RMWOperation(21)"}, // RMW_FMAXIMUMNUM comes after LLVM 22
		{OBO_NO_SIGNED_WRAP, 1, "OBO_NO_SIGNED_WRAP"},
		{TIO_NO_UNSIGNED_WRAP, 0, "TIO_NO_UNSIGNED_WRAP"},
		{AllowReassoc, 128, "AllowReassoc"},
		{FastMathFlag(3), 3, "FastMathFlag(3)"},
		{PNNI_NON_NEG, 0, "PNNI_NON_NEG"},
		{PEO_EXACT, 0, "PEO_EXACT"},
		{PDI_DISJOINT, 0, "PDI_DISJOINT"},
		{OB_METADATA, 0x80000000, "OB_METADATA"},
		{OperandBundleMarker(1), 1, "OperandBundleMarker(1)"},
		{GEP_NUW, 2, "GEP_NUW"},
		{ICMP_SAME_SIGN, 0, "ICMP_SAME_SIGN"},
		{ORDERING_SEQCST, 6, "ORDERING_SEQCST"},
		{CALL_MUSTTAIL, 14, "CALL_MUSTTAIL"},
		{CALL_FMF, 17, "CALL_FMF"},
		{FUNC_CODE_INST_CALL, 34, "FUNC_CODE_INST_CALL"},
		{FunctionCode(14), 14, "FunctionCode(14)"}, // unused
		{FUNC_CODE_DEBUG_RECORD_DECLARE_VALUE, 66, "FUNC_CODE_DEBUG_RECORD_DECLARE_VALUE"},
		{USELIST_CODE_BB, 2, "USELIST_CODE_BB"},
		{ATTR_KIND_NO_CAPTURE, 11, "ATTR_KIND_NO_CAPTURE"},
		{ATTR_KIND_NO_CREATE_UNDEF_OR_POISON, 105, "ATTR_KIND_NO_CREATE_UNDEF_OR_POISON"},
		{AttributeKindCode(0), 0, "AttributeKindCode(0)"},
		{AttributeKindCode(106), 106, "AttributeKindCode(106)"}, // DENORMAL_FPENV comes after LLVM 22
		{COMDAT_SELECTION_KIND_SAME_SIZE, 5, "COMDAT_SELECTION_KIND_SAME_SIZE"},
		{STRTAB_BLOB, 1, "STRTAB_BLOB"},
		{SYMTAB_BLOB, 1, "SYMTAB_BLOB"},
		// The encodings LLVM spells as numbers (BitcodeReader.cpp).
		{LINKAGE_LINKONCE_ODR_AUTOHIDE_OLD, 15, "LINKAGE_LINKONCE_ODR_AUTOHIDE_OLD"},
		{LINKAGE_LINKONCE_ODR, 19, "LINKAGE_LINKONCE_ODR"},
		{LinkageCode(20), 20, "LinkageCode(20)"},
		{VISIBILITY_PROTECTED, 2, "VISIBILITY_PROTECTED"},
		{DLLSTORAGE_EXPORT, 2, "DLLSTORAGE_EXPORT"},
		{THREAD_LOCAL_LOCAL_EXEC, 4, "THREAD_LOCAL_LOCAL_EXEC"},
		{UNNAMED_ADDR_LOCAL, 2, "UNNAMED_ADDR_LOCAL"},
		{SYNC_SCOPE_SYSTEM, 1, "SYNC_SCOPE_SYSTEM"},
		{ATTR_ENC_CONSTANT_RANGE_LIST, 8, "ATTR_ENC_CONSTANT_RANGE_LIST"},
		{AttributeEncoding(2), 2, "AttributeEncoding(2)"},
		{FCMP_TRUE, 15, "FCMP_TRUE"},
		{ICMP_EQ, 32, "ICMP_EQ"},
		{ICMP_SLE, 41, "ICMP_SLE"},
		{CmpPredicate(16), 16, "CmpPredicate(16)"},
		{ALLOCA_EXPLICIT_TYPE, 6, "ALLOCA_EXPLICIT_TYPE"},
		{ALLOCA_ALIGN_UPPER, 8, "ALLOCA_ALIGN_UPPER"},
		// FixedMetadataKinds.def.
		{MD_dbg, 0, "dbg"},
		{MD_tbaa_struct, 5, "tbaa.struct"},
		{MD_loop, 18, "llvm.loop"},
		{MD_DIAssignID, 38, "DIAssignID"},
		{MD_implicit_ref, 46, "implicit.ref"},
		{MetadataKindID(47), 47, "MetadataKindID(47)"},
	}
	for _, tt := range tests {
		if got := tt.code.String(); got != tt.want {
			t.Errorf("%s: String() = %q", tt.want, got)
		}
		if v, err := strconv.ParseUint(numeric(tt.code), 10, 32); err != nil || uint32(v) != tt.val {
			t.Errorf("%s = %s, want %d", tt.want, numeric(tt.code), tt.val)
		}
	}
}

// fmtCode is what every code type implements.
type fmtCode interface{ String() string }

// numeric returns the value of c, a code type of this package, in decimal.
func numeric(c fmtCode) string {
	return strconv.FormatUint(reflect.ValueOf(c).Uint(), 10)
}

// TestFixedMetadataKind checks the look-up by name of LLVM 22's fixed
// metadata kinds.
func TestFixedMetadataKind(t *testing.T) {
	tests := []struct {
		name string
		id   MetadataKindID
		ok   bool
	}{
		{"dbg", MD_dbg, true},
		{"llvm.mem.parallel_loop_access", 10, true},
		{"noalias.addrspace", 41, true},
		{"implicit.ref", 46, true},
		{"llvm.loop.unroll", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		id, ok := FixedMetadataKind(tt.name)
		if id != tt.id || ok != tt.ok {
			t.Errorf("FixedMetadataKind(%q) = %d, %v, want %d, %v", tt.name, id, ok, tt.id, tt.ok)
		}
	}
	if NumFixedMetadataKinds != 47 {
		t.Errorf("NumFixedMetadataKinds = %d, want 47", NumFixedMetadataKinds)
	}
	if n := testing.AllocsPerRun(10, func() { FixedMetadataKind("implicit.ref") }); n != 0 {
		t.Errorf("FixedMetadataKind allocates %v times", n)
	}
}

// TestRecordNameRoundTrip checks that every code llvm-bcanalyzer names has
// a typed constant whose LLVM name ends in bcanalyzer's ("INST_CALL" is
// FUNC_CODE_INST_CALL), except the irregular names listed.
func TestRecordNameRoundTrip(t *testing.T) {
	typed := map[BlockID]func(uint32) string{
		BLOCKINFO_BLOCK_ID:                  func(c uint32) string { return BlockinfoCode(c).String() },
		MODULE_BLOCK_ID:                     func(c uint32) string { return ModuleCode(c).String() },
		PARAMATTR_BLOCK_ID:                  func(c uint32) string { return AttributeCode(c).String() },
		PARAMATTR_GROUP_BLOCK_ID:            func(c uint32) string { return AttributeCode(c).String() },
		CONSTANTS_BLOCK_ID:                  func(c uint32) string { return ConstantsCode(c).String() },
		FUNCTION_BLOCK_ID:                   func(c uint32) string { return FunctionCode(c).String() },
		IDENTIFICATION_BLOCK_ID:             func(c uint32) string { return IdentificationCode(c).String() },
		VALUE_SYMTAB_BLOCK_ID:               func(c uint32) string { return ValueSymtabCode(c).String() },
		METADATA_BLOCK_ID:                   func(c uint32) string { return MetadataCode(c).String() },
		METADATA_ATTACHMENT_ID:              func(c uint32) string { return MetadataCode(c).String() },
		TYPE_BLOCK_ID_NEW:                   func(c uint32) string { return TypeCode(c).String() },
		USELIST_BLOCK_ID:                    func(c uint32) string { return UseListCode(c).String() },
		MODULE_STRTAB_BLOCK_ID:              func(c uint32) string { return ModulePathSymtabCode(c).String() },
		GLOBALVAL_SUMMARY_BLOCK_ID:          func(c uint32) string { return SummaryCode(c).String() },
		OPERAND_BUNDLE_TAGS_BLOCK_ID:        func(c uint32) string { return OperandBundleTagCode(c).String() },
		METADATA_KIND_BLOCK_ID:              func(c uint32) string { return MetadataCode(c).String() },
		STRTAB_BLOCK_ID:                     func(c uint32) string { return StrtabCode(c).String() },
		FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID: func(c uint32) string { return SummaryCode(c).String() },
		SYMTAB_BLOCK_ID:                     func(c uint32) string { return SymtabCode(c).String() },
	}
	// bcanalyzer's names that are not the end of LLVM's.
	irregular := map[[2]uint32]string{
		{uint32(PARAMATTR_BLOCK_ID), 1}: "PARAMATTR_CODE_ENTRY_OLD", // bcanalyzer: ENTRY
	}
	named := 0
	for block := uint32(0); block < 32; block++ {
		for code := uint32(0); code < 128; code++ {
			bc, ok := RecordName(block, code)
			if !ok {
				continue
			}
			named++
			f := typed[BlockID(block)]
			if f == nil {
				t.Errorf("block %d: RecordName names code %d but no code type covers the block", block, code)
				continue
			}
			llvm := f(code)
			if want, ok := irregular[[2]uint32{block, code}]; ok {
				if llvm != want {
					t.Errorf("block %d code %d: %s, want %s", block, code, llvm, want)
				}
				continue
			}
			if llvm != bc && !strings.HasSuffix(llvm, "_"+bc) {
				t.Errorf("block %d code %d: bcanalyzer %q, typed constant %q", block, code, bc, llvm)
			}
		}
	}
	if named < 235 {
		t.Errorf("RecordName names %d codes, want 235 or more", named)
	}
}

// TestCodesAgainstHeader checks every name = value of the installed
// LLVMBitCodes.h against the String of the type gen_codes.py gives its
// enumeration. It is skipped where LLVM 22's headers are not installed.
func TestCodesAgainstHeader(t *testing.T) {
	const h = "/usr/lib/llvm-22/include/llvm/Bitcode/LLVMBitCodes.h"
	data, err := os.ReadFile(h)
	if err != nil {
		t.Skip(err)
	}
	types := map[string]func(uint32) string{
		"IdentificationCodes":                    func(c uint32) string { return IdentificationCode(c).String() },
		"ModuleCodes":                            func(c uint32) string { return ModuleCode(c).String() },
		"AttributeCodes":                         func(c uint32) string { return AttributeCode(c).String() },
		"TypeCodes":                              func(c uint32) string { return TypeCode(c).String() },
		"OperandBundleTagCode":                   func(c uint32) string { return OperandBundleTagCode(c).String() },
		"SyncScopeNameCode":                      func(c uint32) string { return SyncScopeNameCode(c).String() },
		"ValueSymtabCodes":                       func(c uint32) string { return ValueSymtabCode(c).String() },
		"ModulePathSymtabCodes":                  func(c uint32) string { return ModulePathSymtabCode(c).String() },
		"GlobalValueSummarySymtabCodes":          func(c uint32) string { return SummaryCode(c).String() },
		"MetadataCodes":                          func(c uint32) string { return MetadataCode(c).String() },
		"ConstantsCodes":                         func(c uint32) string { return ConstantsCode(c).String() },
		"CastOpcodes":                            func(c uint32) string { return CastOpcode(c).String() },
		"UnaryOpcodes":                           func(c uint32) string { return UnaryOpcode(c).String() },
		"BinaryOpcodes":                          func(c uint32) string { return BinaryOpcode(c).String() },
		"RMWOperations":                          func(c uint32) string { return RMWOperation(c).String() },
		"OverflowingBinaryOperatorOptionalFlags": func(c uint32) string { return OverflowingFlag(c).String() },
		"TruncInstOptionalFlags":                 func(c uint32) string { return TruncFlag(c).String() },
		"FastMathMap":                            func(c uint32) string { return FastMathFlag(c).String() },
		"PossiblyNonNegInstOptionalFlags":        func(c uint32) string { return NonNegFlag(c).String() },
		"PossiblyExactOperatorOptionalFlags":     func(c uint32) string { return ExactFlag(c).String() },
		"PossiblyDisjointInstOptionalFlags":      func(c uint32) string { return DisjointFlag(c).String() },
		"MetadataOperandBundleValueMarker":       func(c uint32) string { return OperandBundleMarker(c).String() },
		"GetElementPtrOptionalFlags":             func(c uint32) string { return GEPFlag(c).String() },
		"ICmpOptionalFlags":                      func(c uint32) string { return ICmpFlag(c).String() },
		"AtomicOrderingCodes":                    func(c uint32) string { return AtomicOrderingCode(c).String() },
		"CallMarkersFlags":                       func(c uint32) string { return CallMarkersFlag(c).String() },
		"FunctionCodes":                          func(c uint32) string { return FunctionCode(c).String() },
		"UseListCodes":                           func(c uint32) string { return UseListCode(c).String() },
		"AttributeKindCodes":                     func(c uint32) string { return AttributeKindCode(c).String() },
		"ComdatSelectionKindCodes":               func(c uint32) string { return ComdatSelectionKindCode(c).String() },
		"StrtabCodes":                            func(c uint32) string { return StrtabCode(c).String() },
		"SymtabCodes":                            func(c uint32) string { return SymtabCode(c).String() },
	}
	text := regexp.MustCompile(`//[^\n]*`).ReplaceAllString(string(data), "")
	enumRE := regexp.MustCompile(`(?s)enum\s+(\w+)\s*\{(.*?)\};`)
	itemRE := regexp.MustCompile(`^\s*(\w+)\s*=\s*\(?\s*(0x[0-9a-fA-F]+|\d+)(?:\s*<<\s*(\d+)\s*\))?`)
	seen := map[string]bool{}
	n := 0
	for _, m := range enumRE.FindAllStringSubmatch(text, -1) {
		f, ok := types[m[1]]
		if !ok {
			continue
		}
		seen[m[1]] = true
		for _, item := range strings.Split(m[2], ",") {
			im := itemRE.FindStringSubmatch(item)
			if im == nil {
				continue
			}
			v, _ := strconv.ParseUint(im[2], 0, 32)
			if im[3] != "" {
				s, _ := strconv.Atoi(im[3])
				v <<= s
			}
			n++
			if got := f(uint32(v)); got != im[1] {
				t.Errorf("%s: %s = %d, but String(%d) = %q", m[1], im[1], v, v, got)
			}
		}
	}
	for name := range types {
		if !seen[name] {
			t.Errorf("enum %s not found in %s", name, h)
		}
	}
	if n < 400 {
		t.Errorf("checked %d codes, want 400 or more", n)
	}
}

// TestLanguageName checks DW_LANG names against LLVM 22's Dwarf.def,
// around the codes llvmir's former hand-written table had one off.
func TestLanguageName(t *testing.T) {
	tests := []struct {
		code uint64
		want string
	}{
		{0x0c, "DW_LANG_C99"},
		{0x1c, "DW_LANG_Rust"},
		{0x21, "DW_LANG_C_plus_plus_14"},
		{0x28, "DW_LANG_Crystal"},
		{0x29, "DW_LANG_0x29"}, // not assigned
		{0x2a, "DW_LANG_C_plus_plus_17"},
		{0x2b, "DW_LANG_C_plus_plus_20"},
		{0x2c, "DW_LANG_C17"},
		{0x39, "DW_LANG_SYCL"},
		{0x3d, "DW_LANG_Metal"},
		{0x42, "DW_LANG_Hylo"},
		{0x8001, "DW_LANG_Mips_Assembler"},
		{0xb000, "DW_LANG_BORLAND_Delphi"},
		{0xffff, "DW_LANG_0xffff"},
	}
	for _, tt := range tests {
		if got := LanguageName(tt.code); got != tt.want {
			t.Errorf("LanguageName(%#x) = %q, want %q", tt.code, got, tt.want)
		}
	}

}
