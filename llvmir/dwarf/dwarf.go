// Package dwarf holds the DWARF enumerations LLVM IR's debug info uses and
// llvm-dis prints by name: tags (DW_TAG_*), base type encodings (DW_ATE_*),
// calling conventions (DW_CC_*), expression operations (DW_OP_*, with
// LLVM's own DW_OP_LLVM_*), Apple enum kinds, source language names
// (DW_LNAME_*) and languages (DW_LANG_*), as typed constants with the names
// LLVM 22 gives them. The tables are generated from LLVM 22's Dwarf.def by
// scripts/gen_dwarfnames.sh; they are the only copy in the module: a
// reader keeps these values as numbers and a printer spells them.
//
// Each type's Name returns the value's name and whether LLVM 22 knows it;
// String returns the name, or the enumeration's prefix and the value in
// hexadecimal ("DW_TAG_0x1234") when it has none.
package dwarf

import "strconv"

// A Tag is a DWARF tag, DW_TAG_*.
type Tag uint16

// An ATE is a DWARF base type encoding, DW_ATE_*.
type ATE uint16

// A CC is a DWARF calling convention, DW_CC_*.
type CC uint16

// An Op is a DWARF expression operation, DW_OP_*, or one of the operations
// only LLVM's metadata uses (DW_OP_LLVM_fragment is 0x1000, ...).
type Op uint16

// An AppleEnumKind is a DW_APPLE_ENUM_KIND_* value (a DICompositeType's
// enumKind).
type AppleEnumKind uint16

// An LName is a DWARF 6 source language name, DW_LNAME_* (a
// DICompileUnit's sourceLanguageName).
type LName uint16

// A Lang is a DWARF source language, DW_LANG_* (a DICompileUnit's language,
// a DICompositeType's runtimeLang).
type Lang uint16

// Name returns the DW_TAG name of t, and false when LLVM 22 has none.
func (t Tag) Name() (string, bool) { s, ok := tagNames[t]; return s, ok }

// Name returns the DW_ATE name of e, and false when LLVM 22 has none.
func (e ATE) Name() (string, bool) { s, ok := ateNames[e]; return s, ok }

// Name returns the DW_CC name of c, and false when LLVM 22 has none.
func (c CC) Name() (string, bool) { s, ok := ccNames[c]; return s, ok }

// Name returns the DW_OP name of o, and false when LLVM 22 has none.
func (o Op) Name() (string, bool) { s, ok := opNames[o]; return s, ok }

// ExprSize returns how many elements of a DIExpression operation o takes
// with its arguments (LLVM's DIExpression::ExprOperand::getSize).
func (o Op) ExprSize() int {
	switch o {
	case OpLLVMConvert, OpLLVMFragment, OpLLVMExtractBitsSext, OpLLVMExtractBitsZext, OpBregx:
		return 3
	case OpConstu, OpConsts, OpDerefSize, OpPlusUconst, OpLLVMTagOffset, OpLLVMEntryValue, OpLLVMArg, OpRegx:
		return 2
	}
	if o >= OpBreg0 && o <= OpBreg31 {
		return 2
	}
	return 1
}

// ExprSince returns the oldest LLVM release whose verifier takes o in a
// DIExpression (of version 3), of the releases 13, 14, 15, 16, 19 and 22
// (those between are taken to be the one below them): 19 for the
// comparisons (DW_OP_eq, ne, lt, le, gt, ge) and LLVM's
// DW_OP_LLVM_extract_bits_sext/zext, 22 for DW_OP_abs, DW_OP_neg and
// DW_OP_rot, 13 for the others. A reader that does not take an
// operation drops the module's debug info ("ignoring invalid debug
// info"), or refuses the module.
func (o Op) ExprSince() int {
	switch o {
	case OpAbs, OpNeg, OpRot:
		return 22
	case OpEq, OpNe, OpLt, OpLe, OpGt, OpGe, OpLLVMExtractBitsSext, OpLLVMExtractBitsZext:
		return 19
	}
	return 13
}

// Name returns the DW_APPLE_ENUM_KIND name of k, and false when LLVM 22
// has none.
func (k AppleEnumKind) Name() (string, bool) { s, ok := appleEnumKindNames[k]; return s, ok }

// Name returns the DW_LNAME name of l, and false when LLVM 22 has none.
func (l LName) Name() (string, bool) { s, ok := lnameNames[l]; return s, ok }

// Name returns the DW_LANG name of l, and false when LLVM 22 has none.
func (l Lang) Name() (string, bool) { s, ok := langNames[l]; return s, ok }

// String returns t's name, or "DW_TAG_0x" and t in hexadecimal.
func (t Tag) String() string { return str(t.Name, "DW_TAG_0x", uint64(t)) }

// String returns e's name, or "DW_ATE_0x" and e in hexadecimal.
func (e ATE) String() string { return str(e.Name, "DW_ATE_0x", uint64(e)) }

// String returns c's name, or "DW_CC_0x" and c in hexadecimal.
func (c CC) String() string { return str(c.Name, "DW_CC_0x", uint64(c)) }

// String returns o's name, or "DW_OP_0x" and o in hexadecimal.
func (o Op) String() string { return str(o.Name, "DW_OP_0x", uint64(o)) }

// String returns k's name, or "DW_APPLE_ENUM_KIND_0x" and k in hexadecimal.
func (k AppleEnumKind) String() string { return str(k.Name, "DW_APPLE_ENUM_KIND_0x", uint64(k)) }

// String returns l's name, or "DW_LNAME_0x" and l in hexadecimal.
func (l LName) String() string { return str(l.Name, "DW_LNAME_0x", uint64(l)) }

// String returns l's name, or "DW_LANG_0x" and l in hexadecimal.
func (l Lang) String() string { return str(l.Name, "DW_LANG_0x", uint64(l)) }

func str(name func() (string, bool), prefix string, v uint64) string {
	if s, ok := name(); ok {
		return s
	}
	return prefix + strconv.FormatUint(v, 16)
}
