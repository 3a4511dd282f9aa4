package llvmir

import "fmt"

// dwLangNames are the DW_LANG names of DWARF 5 and its registry, by code.
var dwLangNames = [...]string{
	0x01: "C89", 0x02: "C", 0x03: "Ada83", 0x04: "C_plus_plus", 0x05: "Cobol74",
	0x06: "Cobol85", 0x07: "Fortran77", 0x08: "Fortran90", 0x09: "Pascal83",
	0x0a: "Modula2", 0x0b: "Java", 0x0c: "C99", 0x0d: "Ada95", 0x0e: "Fortran95",
	0x0f: "PLI", 0x10: "ObjC", 0x11: "ObjC_plus_plus", 0x12: "UPC", 0x13: "D",
	0x14: "Python", 0x15: "OpenCL", 0x16: "Go", 0x17: "Modula3", 0x18: "Haskell",
	0x19: "C_plus_plus_03", 0x1a: "C_plus_plus_11", 0x1b: "OCaml", 0x1c: "Rust",
	0x1d: "C11", 0x1e: "Swift", 0x1f: "Julia", 0x20: "Dylan", 0x21: "C_plus_plus_14",
	0x22: "Fortran03", 0x23: "Fortran08", 0x24: "RenderScript", 0x25: "BLISS",
	0x26: "Kotlin", 0x27: "Zig", 0x28: "Crystal", 0x29: "C_plus_plus_17",
	0x2a: "C_plus_plus_20", 0x2b: "C17", 0x2c: "Fortran18", 0x2d: "Ada2005",
	0x2e: "Ada2012", 0x2f: "HIP", 0x30: "Assembly", 0x31: "C_sharp", 0x32: "Mojo",
	0x33: "GLSL", 0x34: "GLSL_ES", 0x35: "HLSL", 0x36: "OpenCL_CPP",
	0x37: "CPP_for_OpenCL", 0x38: "SYCL",
}

// LanguageName returns the DW_LANG name of a DWARF language code
// ("DW_LANG_C11"), or the code in hexadecimal when it is not known.
func LanguageName(code uint64) string {
	if code < uint64(len(dwLangNames)) && dwLangNames[code] != "" {
		return "DW_LANG_" + dwLangNames[code]
	}
	switch code {
	case 0x8001:
		return "DW_LANG_Mips_Assembler"
	case 0x8e57:
		return "DW_LANG_GOOGLE_RenderScript"
	case 0xb000:
		return "DW_LANG_BORLAND_Delphi"
	}
	return fmt.Sprintf("DW_LANG_0x%x", code)
}
