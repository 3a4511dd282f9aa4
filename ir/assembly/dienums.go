package assembly

import (
	"strconv"

	"github.com/bcextract/bcextract/ir"
)

// The names of the values of the debug-info enumerations a reader keeps as
// numbers (fields of kind ir.FieldEnum), as llvm-dis-22 prints them.
var diEnumNames = [...]map[uint64]string{
	ir.EnumChecksumKind:  {1: "CSK_MD5", 2: "CSK_SHA1", 3: "CSK_SHA256"},
	ir.EnumEmissionKind:  {0: "NoDebug", 1: "FullDebug", 2: "LineTablesOnly", 3: "DebugDirectivesOnly"},
	ir.EnumNameTableKind: {0: "Default", 1: "GNU", 2: "None", 3: "Apple"},
	ir.EnumMacinfoType: {1: "DW_MACINFO_define", 2: "DW_MACINFO_undef", 3: "DW_MACINFO_start_file",
		4: "DW_MACINFO_end_file", 0xff: "DW_MACINFO_vendor_ext"},
}

// appendDIEnum appends value v of enumeration e: its name, or the number
// when it has none. A DIFixedPointType's kind other than Binary or Decimal
// is Rational, as DIFixedPointType::fixedPointKindString has it.
func appendDIEnum(b []byte, e ir.DIEnum, v uint64) []byte {
	if e == ir.EnumFixedPointKind {
		switch v {
		case 0:
			return append(b, "Binary"...)
		case 1:
			return append(b, "Decimal"...)
		}
		return append(b, "Rational"...)
	}
	if int(e) < len(diEnumNames) {
		if s, ok := diEnumNames[e][v]; ok {
			return append(b, s...)
		}
	}
	return strconv.AppendUint(b, v, 10)
}
