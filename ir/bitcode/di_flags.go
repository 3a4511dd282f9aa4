package bitcode

import (
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

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

// diFlags spells DIFlags as DINode::splitFlags and printDIFlags do.
func diFlags(f uint64) string {
	f &= 0xffffffff
	var parts []string
	switch f & 3 {
	case 1:
		parts = append(parts, "DIFlagPrivate")
	case 2:
		parts = append(parts, "DIFlagProtected")
	case 3:
		parts = append(parts, "DIFlagPublic")
	}
	f &^= 3
	switch f & (3 << 16) {
	case 1 << 16:
		parts = append(parts, "DIFlagSingleInheritance")
	case 2 << 16:
		parts = append(parts, "DIFlagMultipleInheritance")
	case 3 << 16:
		parts = append(parts, "DIFlagVirtualInheritance")
	}
	f &^= 3 << 16
	if f&(1<<2|1<<5) == 1<<2|1<<5 {
		parts = append(parts, "DIFlagIndirectVirtualBase")
		f &^= 1<<2 | 1<<5
	}
	for bit, name := range diFlagNames {
		if name != "" && f&(1<<bit) != 0 {
			parts = append(parts, name)
			f &^= 1 << bit
		}
	}
	if f != 0 || len(parts) == 0 {
		parts = append(parts, strconv.FormatUint(f, 10))
	}
	return strings.Join(parts, " | ")
}

var spFlagNames = [...]string{2: "DISPFlagLocalToUnit", 3: "DISPFlagDefinition", 4: "DISPFlagOptimized",
	5: "DISPFlagPure", 6: "DISPFlagElemental", 7: "DISPFlagRecursive", 8: "DISPFlagMainSubprogram",
	9: "DISPFlagDeleted", 11: "DISPFlagObjCDirect"}

// spFlags spells DISPFlags as printDISPFlags does.
func spFlags(f uint64) string {
	f &= 0xffffffff
	if f == 0 {
		return "0"
	}
	var parts []string
	switch f & 3 {
	case 1:
		parts = append(parts, "DISPFlagVirtual")
	case 2:
		parts = append(parts, "DISPFlagPureVirtual")
	}
	if f&3 != 3 {
		f &^= 3
	}
	for bit, name := range spFlagNames {
		if name != "" && f&(1<<bit) != 0 {
			parts = append(parts, name)
			f &^= 1 << bit
		}
	}
	if f != 0 || len(parts) == 0 {
		parts = append(parts, strconv.FormatUint(f, 10))
	}
	return strings.Join(parts, " | ")
}

func (b *diBuilder) flags(name string, f uint64) {
	if f&0xffffffff == 0 {
		return
	}
	b.rawMD(name, b.r.flagText(f, false))
}

// flagText returns spFlags(f), or diFlags(f) when not sp, made once per
// value: a module's nodes share few.
func (r *Reader) flagText(f uint64, sp bool) *ir.MDString {
	k := flagKey{f, sp}
	if s, ok := r.flagTexts[k]; ok {
		return s
	}
	var s string
	if sp {
		s = spFlags(f)
	} else {
		s = diFlags(f)
	}
	if r.flagTexts == nil {
		r.flagTexts = make(map[flagKey]*ir.MDString)
	}
	m := &ir.MDString{Value: s}
	r.flagTexts[k] = m
	return m
}

type flagKey struct {
	f  uint64
	sp bool
}
