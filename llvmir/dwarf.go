package llvmir

import (
	"maps"
	"strconv"
)

// LanguageName returns the DW_LANG name of a DWARF language code
// ("DW_LANG_C11"), as LLVM 22 spells it, or "DW_LANG_0x" and the code in
// hexadecimal when LLVM 22 does not know it.
func LanguageName(code uint64) string {
	if s, ok := dwLangs[code]; ok {
		return s
	}
	return "DW_LANG_0x" + strconv.FormatUint(code, 16)
}

// DWLangNames returns a new map from DWARF language code to the DW_LANG
// name LLVM 22 gives it (the names llvm-dis prints in a DICompileUnit's
// language field). The map is the caller's to keep or change.
func DWLangNames() map[uint64]string {
	return maps.Clone(dwLangs)
}
