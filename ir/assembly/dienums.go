package assembly

import (
	"math"
	"strconv"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// The names of the values of the debug-info enumerations a reader keeps as
// numbers (fields of kind ir.FieldEnum) that are LLVM's own, as llvm-dis-22
// prints them; the DWARF ones are package dwarf's (see diEnumName).
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
	if s, ok := diEnumName(e, v); ok {
		return append(b, s...)
	}
	return strconv.AppendUint(b, v, 10)
}

// diEnumName returns the name of value v of enumeration e, false when it
// has none. A tag of zero has none: llvm-dis prints tag: 0, not
// DW_TAG_null.
func diEnumName(e ir.DIEnum, v uint64) (string, bool) {
	if int(e) < len(diEnumNames) {
		s, ok := diEnumNames[e][v]
		return s, ok
	}
	if v > math.MaxUint16 {
		return "", false
	}
	switch e {
	case ir.EnumDWTag:
		if v == 0 {
			return "", false
		}
		return dwarf.Tag(v).Name()
	case ir.EnumDWATE:
		return dwarf.ATE(v).Name()
	case ir.EnumDWLang:
		return dwarf.Lang(v).Name()
	case ir.EnumDWLName:
		return dwarf.LName(v).Name()
	case ir.EnumDWCC:
		return dwarf.CC(v).Name()
	case ir.EnumDWAppleEnumKind:
		return dwarf.AppleEnumKind(v).Name()
	}
	return "", false
}
