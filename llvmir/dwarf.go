package llvmir

import (
	"math"
	"strconv"

	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// LanguageName returns the DW_LANG name of a DWARF language code
// ("DW_LANG_C11"), as LLVM 22 spells it, or "DW_LANG_0x" and the code in
// hexadecimal when LLVM 22 does not know it. The names are package dwarf's
// ([dwarf.Lang]).
func LanguageName(code uint64) string {
	if code <= math.MaxUint16 {
		return dwarf.Lang(code).String()
	}
	return "DW_LANG_0x" + strconv.FormatUint(code, 16)
}
