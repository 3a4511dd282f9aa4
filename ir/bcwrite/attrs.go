package bcwrite

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// attributeGroups writes the PARAMATTR_GROUP block.
func (w *writer) attributeGroups() {
	e := w.e
	if len(e.groups) == 0 {
		return
	}
	w.bs.EnterBlock(uint32(llvmir.PARAMATTR_GROUP_BLOCK_ID), 3)
	for i, g := range e.groups {
		ops := []uint64{uint64(i) + 1, g.index}
		for _, a := range g.set {
			ops = w.appendAttr(ops, &a)
		}
		if len(ops) == 2 {
			// Every attribute was dropped for an older reader, which
			// refuses an empty group and reads a list's group it was
			// not given as empty.
			continue
		}
		w.bs.WriteRecord(uint32(llvmir.PARAMATTR_GRP_CODE_ENTRY), ops)
	}
	w.bs.ExitBlock()
}

// appendAttr appends the encoding of attribute a to ops.
func (w *writer) appendAttr(ops []uint64, a *ir.Attribute) []uint64 {
	if a.Kind == ir.AttrNone {
		if w.older() {
			a = w.olderStringAttr(a)
		}
		if w.unsupported == nil && (strings.IndexByte(a.Key, 0) >= 0 || strings.IndexByte(a.Value, 0) >= 0) {
			// The record ends each string with a 0 (LLVM's reader
			// takes record values past 255 as their low byte: a 0 it
			// reads ends no string).
			w.unsupported = &UnsupportedError{What: "an attribute string holding a NUL byte (" + strconv.Quote(a.Key) + ")"}
		}
		if a.Value == "" {
			ops = append(ops, uint64(llvmir.ATTR_ENC_STRING))
		} else {
			ops = append(ops, uint64(llvmir.ATTR_ENC_STRING_VALUE))
		}
		for i := 0; i < len(a.Key); i++ {
			ops = append(ops, uint64(a.Key[i]))
		}
		ops = append(ops, 0)
		if a.Value != "" {
			for i := 0; i < len(a.Value); i++ {
				ops = append(ops, uint64(a.Value[i]))
			}
			ops = append(ops, 0)
		}
		return ops
	}
	code := uint64(attrCodes[a.Kind])
	if w.older() {
		switch c, v, how := w.olderAttr(a); how {
		case attrDropped:
			return ops
		case attrAsEnum:
			return append(ops, uint64(llvmir.ATTR_ENC_ENUM), uint64(c))
		case attrAsInt:
			return append(ops, uint64(llvmir.ATTR_ENC_INT), uint64(c), v)
		case attrAsLegacy:
			for _, c := range w.legacyMemory(v) {
				ops = append(ops, uint64(llvmir.ATTR_ENC_ENUM), uint64(c))
			}
			return ops
		}
	}
	switch a.Kind.Class() {
	case ir.IntAttr:
		v := a.Int
		if a.Kind == ir.AttrMemory {
			v |= 1 << 56 // the version of the encoding
		}
		return append(ops, uint64(llvmir.ATTR_ENC_INT), code, v)
	case ir.TypeAttr:
		if a.Type == nil {
			return append(ops, uint64(llvmir.ATTR_ENC_TYPE), code)
		}
		return append(ops, uint64(llvmir.ATTR_ENC_TYPE_VALUE), code, uint64(w.e.typeID(a.Type)))
	case ir.ConstantRangeAttr:
		ops = append(ops, uint64(llvmir.ATTR_ENC_CONSTANT_RANGE), code, uint64(a.Range.BitWidth))
		return appendRange(ops, a.Range)
	case ir.ConstantRangeListAttr:
		bw := uint32(0)
		if len(a.Ranges) > 0 {
			bw = a.Ranges[0].BitWidth
		}
		ops = append(ops, uint64(llvmir.ATTR_ENC_CONSTANT_RANGE_LIST), code, uint64(len(a.Ranges)), uint64(bw))
		for _, r := range a.Ranges {
			ops = appendRange(ops, r)
		}
		return ops
	}
	if a.Kind == ir.AttrUWTable {
		return append(ops, uint64(llvmir.ATTR_ENC_INT), code, a.Int)
	}
	return append(ops, uint64(llvmir.ATTR_ENC_ENUM), code)
}

// appendRange appends a constant range's bounds: sign-rotated words,
// counted when wider than 64 bits (emitConstantRange).
func appendRange(ops []uint64, r ir.ConstantRange) []uint64 {
	if r.BitWidth > 64 {
		lo, hi := wideWords(r.Lo, r.BitWidth), wideWords(r.Hi, r.BitWidth)
		ops = append(ops, uint64(len(lo))|uint64(len(hi))<<32)
		ops = append(ops, lo...)
		return append(ops, hi...)
	}
	return append(ops, signed(sext(r.Lo, r.BitWidth)), signed(sext(r.Hi, r.BitWidth)))
}

// sext returns v as a signed bw-bit value.
func sext(v *big.Int, bw uint32) int64 {
	u := new(big.Int).And(v, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bw)), big.NewInt(1))).Uint64()
	if bw < 64 && u>>(bw-1)&1 != 0 {
		u |= ^uint64(0) << bw
	}
	return int64(u)
}

// signed rotates the sign of v into the low bit (emitSignedInt64).
func signed(v int64) uint64 {
	if v >= 0 {
		return uint64(v) << 1
	}
	return uint64(-v)<<1 | 1
}

// wideWords returns the active 64-bit words of v as a bw-bit integer,
// each sign-rotated (emitWideAPInt).
func wideWords(v *big.Int, bw uint32) []uint64 {
	mod := new(big.Int).Lsh(big.NewInt(1), uint(bw))
	u := new(big.Int).Mod(v, mod)
	n := (int(bw) + 63) / 64
	words := make([]uint64, n)
	for i := range words {
		words[i] = new(big.Int).Rsh(u, uint(64*i)).Uint64()
	}
	// The active words: up to the highest word with a bit set (signed:
	// LLVM counts getActiveWords of the value as unsigned bits).
	active := n
	for active > 1 && words[active-1] == 0 {
		active--
	}
	out := make([]uint64, active)
	for i := range out {
		out[i] = signed(int64(words[i]))
	}
	return out
}

// attributeLists writes the PARAMATTR block.
func (w *writer) attributeLists() {
	e := w.e
	if len(e.lists) == 0 {
		return
	}
	w.bs.EnterBlock(uint32(llvmir.PARAMATTR_BLOCK_ID), 3)
	for _, l := range e.lists {
		var ops []uint64
		for _, g := range listGroups(l) {
			ops = append(ops, e.groupID(g))
		}
		w.bs.WriteRecord(uint32(llvmir.PARAMATTR_CODE_ENTRY), ops)
	}
	w.bs.ExitBlock()
}
