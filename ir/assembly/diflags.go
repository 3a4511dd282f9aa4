package assembly

import "strconv"

// The spelling of DI flag sets, which a reader keeps as numbers (fields of
// kind ir.FieldDIFlags and ir.FieldSPFlags): as llvm-dis-22's printDIFlags
// and printDISPFlags spell them.

// diFlagNames are LLVM 22's DIFlags single-bit names (DebugInfoFlags.def),
// bit by bit from bit 2.
var diFlagNames = [...]string{2: "DIFlagFwdDecl", 3: "DIFlagAppleBlock", 4: "DIFlagReservedBit4",
	5: "DIFlagVirtual", 6: "DIFlagArtificial", 7: "DIFlagExplicit", 8: "DIFlagPrototyped",
	9: "DIFlagObjcClassComplete", 10: "DIFlagObjectPointer", 11: "DIFlagVector", 12: "DIFlagStaticMember",
	13: "DIFlagLValueReference", 14: "DIFlagRValueReference", 15: "DIFlagExportSymbols",
	18: "DIFlagIntroducedVirtual", 19: "DIFlagBitField", 20: "DIFlagNoReturn", 22: "DIFlagTypePassByValue",
	23: "DIFlagTypePassByReference", 24: "DIFlagEnumClass", 25: "DIFlagThunk", 26: "DIFlagNonTrivial",
	27: "DIFlagBigEndian", 28: "DIFlagLittleEndian", 29: "DIFlagAllCallsDescribed",
	30: "DIFlagNameIsSimplified"}

// The multi-bit DIFlags: the accessibility (bits 0-1) and the inheritance
// (bits 16-17), by value.
var (
	diAccessNames      = [...]string{1: "DIFlagPrivate", 2: "DIFlagProtected", 3: "DIFlagPublic"}
	diInheritanceNames = [...]string{1: "DIFlagSingleInheritance", 2: "DIFlagMultipleInheritance", 3: "DIFlagVirtualInheritance"}
)

// flagJoin appends name to b, after " | " unless it is the first.
func flagJoin(b []byte, first *bool, name string) []byte {
	if !*first {
		b = append(b, " | "...)
	}
	*first = false
	return append(b, name...)
}

// appendDIFlags appends f spelled as DINode::splitFlags and printDIFlags
// spell it: the names of its flags joined by " | ", the bits no name
// covers as one number, "0" for none.
func appendDIFlags(b []byte, f uint64) []byte {
	f &= 0xffffffff
	first := true
	if a := f & 3; a != 0 {
		b = flagJoin(b, &first, diAccessNames[a])
	}
	f &^= 3
	if in := f >> 16 & 3; in != 0 {
		b = flagJoin(b, &first, diInheritanceNames[in])
	}
	f &^= 3 << 16
	if f&(1<<2|1<<5) == 1<<2|1<<5 {
		b = flagJoin(b, &first, "DIFlagIndirectVirtualBase")
		f &^= 1<<2 | 1<<5
	}
	for bit, name := range diFlagNames {
		if name != "" && f&(1<<bit) != 0 {
			b = flagJoin(b, &first, name)
			f &^= 1 << bit
		}
	}
	if f != 0 || first {
		if !first {
			b = append(b, " | "...)
		}
		b = strconv.AppendUint(b, f, 10)
	}
	return b
}

// spFlagNames are LLVM 22's DISPFlags single-bit names, bit by bit from
// bit 2.
var spFlagNames = [...]string{2: "DISPFlagLocalToUnit", 3: "DISPFlagDefinition", 4: "DISPFlagOptimized",
	5: "DISPFlagPure", 6: "DISPFlagElemental", 7: "DISPFlagRecursive", 8: "DISPFlagMainSubprogram",
	9: "DISPFlagDeleted", 11: "DISPFlagObjCDirect"}

// appendSPFlags appends f spelled as printDISPFlags spells it.
func appendSPFlags(b []byte, f uint64) []byte {
	f &= 0xffffffff
	if f == 0 {
		return append(b, '0')
	}
	first := true
	switch f & 3 {
	case 1:
		b = flagJoin(b, &first, "DISPFlagVirtual")
	case 2:
		b = flagJoin(b, &first, "DISPFlagPureVirtual")
	}
	if f&3 != 3 {
		f &^= 3
	}
	for bit, name := range spFlagNames {
		if name != "" && f&(1<<bit) != 0 {
			b = flagJoin(b, &first, name)
			f &^= 1 << bit
		}
	}
	if f != 0 || first {
		if !first {
			b = append(b, " | "...)
		}
		b = strconv.AppendUint(b, f, 10)
	}
	return b
}
