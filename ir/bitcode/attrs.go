package bitcode

import (
	"math/big"
	"slices"
	"strings"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// An attrGroup is one PARAMATTR_GRP_CODE_ENTRY: the attributes of one
// index (0xFFFFFFFF the function, 0 the return value, i+1 parameter i).
type attrGroup struct {
	idx uint64
	set ir.AttrSet
}

const fnIndex = 0xFFFFFFFF

// Memory effects, as LLVM's MemoryEffects packs them: two bits (ref 1, mod
// 2) per location, ArgMem, InaccessibleMem, ErrnoMem, Other, TargetMem0,
// TargetMem1.
const (
	memLocs    = 6
	memUnknown = 1<<(2*memLocs) - 1
)

func memOnly(loc int, mr uint64) uint64 { return mr << (2 * loc) }

// attrList returns attribute list id of the PARAMATTR block (0 is none).
func (r *Reader) attrList(id uint64) ir.AttrList {
	if id == 0 || id-1 >= uint64(len(r.attrLists)) {
		return ir.AttrList{}
	}
	// Lists are shared, as LLVM's are uniqued: users must not modify
	// them in place.
	return r.attrLists[id-1]
}

func (r *Reader) readAttrLists() error {
	if len(r.attrLists) != 0 {
		return r.errorf("invalid multiple PARAMATTR blocks")
	}
	return r.simpleBlock(uint32(llvmir.PARAMATTR_BLOCK_ID), func(rec *bitstream.Record) error {
		switch llvmir.AttributeCode(rec.Code) {
		case llvmir.PARAMATTR_CODE_ENTRY: // [grpid...]
			var l ir.AttrList
			for _, g := range rec.Ops {
				grp, ok := r.groups[g]
				if !ok {
					continue // LLVM reads an empty list for it
				}
				var dst *ir.AttrSet
				switch {
				case grp.idx == fnIndex:
					dst = &l.Fn
				case grp.idx == 0:
					dst = &l.Ret
				default:
					i := grp.idx - 1
					if i >= 1<<16 {
						return r.errorf("invalid attribute index %d", grp.idx)
					}
					for uint64(len(l.Params)) <= i {
						l.Params = append(l.Params, nil)
					}
					dst = &l.Params[i]
				}
				if len(*dst) == 0 {
					// Most indices have one group: its set, sorted and
					// never changed, is shared (capped, so that adding
					// to it copies).
					*dst = grp.set[:len(grp.set):len(grp.set)]
					continue
				}
				*dst = mergeAttrs(slices.Clone(*dst), grp.set)
			}
			r.attrLists = append(r.attrLists, l)
		case llvmir.PARAMATTR_CODE_ENTRY_OLD: // [index, bits...]
			l, err := r.oldAttrList(rec.Ops)
			if err != nil {
				return err
			}
			r.attrLists = append(r.attrLists, l)
		default:
			r.skip("skipped unknown PARAMATTR record %d", rec.Code)
		}
		return nil
	})
}

// mergeAttrs adds src to dst, a later attribute of a kind (or key)
// replacing an earlier one, and sorts the result.
func mergeAttrs(dst, src ir.AttrSet) ir.AttrSet {
	for _, a := range src {
		replaced := false
		for i := range dst {
			if dst[i].Kind == a.Kind && (a.Kind != ir.AttrNone || dst[i].Key == a.Key) {
				dst[i] = a
				replaced = true
				break
			}
		}
		if !replaced {
			dst = append(dst, a)
		}
	}
	ir.SortAttrs(dst)
	return dst
}

func (r *Reader) isAArch64() bool {
	t := r.m.Triple
	return strings.HasPrefix(t, "aarch64") || strings.HasPrefix(t, "arm64")
}

func (r *Reader) readAttrGroups() error {
	if len(r.groups) != 0 {
		return r.errorf("invalid multiple PARAMATTR_GROUP blocks")
	}
	return r.simpleBlock(uint32(llvmir.PARAMATTR_GROUP_BLOCK_ID), func(rec *bitstream.Record) error {
		if llvmir.AttributeCode(rec.Code) != llvmir.PARAMATTR_GRP_CODE_ENTRY {
			r.skip("skipped unknown PARAMATTR_GROUP record %d", rec.Code)
			return nil
		}
		ops := rec.Ops
		if len(ops) < 3 {
			return r.errorf("invalid attribute group record")
		}
		grp := attrGroup{idx: ops[1]}
		// The set is gathered in scratch and copied out once, exactly as
		// long as it is: a module holds thousands of groups.
		set := r.attrScratch[:0]
		me := uint64(memUnknown)
		add := func(a ir.Attribute) {
			for i := range set {
				if set[i].Kind == a.Kind && (a.Kind != ir.AttrNone || set[i].Key == a.Key) {
					set[i] = a
					return
				}
			}
			set = append(set, a)
		}
		i := 2
		need := func(n int) bool { return i+n <= len(ops) }
	loop:
		for i < len(ops) {
			switch llvmir.AttributeEncoding(enum32(ops[i])) {
			case llvmir.ATTR_ENC_ENUM:
				if !need(2) {
					return r.errorf("invalid attribute group record")
				}
				code := ops[i+1]
				i += 2
				if grp.idx == fnIndex {
					if m, ok := oldMemoryAttr(code); ok {
						me &= m
						continue
					}
				}
				if code == uint64(llvmir.ATTR_KIND_NO_CAPTURE) {
					add(ir.Attribute{Kind: ir.AttrCaptures, Int: 0})
					continue
				}
				k, ok := attrKindForCode(code)
				if !ok {
					r.skip("skipped unknown attribute kind %d", code)
					continue
				}
				switch {
				case k == ir.AttrUWTable:
					add(ir.Attribute{Kind: k, Int: 2})
				case k.Class() == ir.EnumAttr || k.Class() == ir.TypeAttr:
					add(ir.Attribute{Kind: k})
				default:
					return r.errorf("attribute kind %d is not an enum attribute", code)
				}
			case llvmir.ATTR_ENC_INT:
				if !need(3) {
					return r.errorf("invalid attribute group record")
				}
				code, v := ops[i+1], ops[i+2]
				i += 3
				k, ok := attrKindForCode(code)
				if !ok {
					r.skip("skipped unknown attribute kind %d", code)
					continue
				}
				if k.Class() != ir.IntAttr {
					return r.errorf("attribute kind %d is not an int attribute", code)
				}
				switch k {
				case ir.AttrMemory:
					v = r.decodeMemory(v)
				case ir.AttrNoFPClass:
					v &= 0x3ff
				case ir.AttrAlignment, ir.AttrStackAlignment:
					// LLVM passes the value as an unsigned: 1<<32 is
					// no alignment at all.
					v = uint64(uint32(v))
					if v == 0 {
						continue
					}
				}
				add(ir.Attribute{Kind: k, Int: v})
			case llvmir.ATTR_ENC_STRING, llvmir.ATTR_ENC_STRING_VALUE:
				hasValue := llvmir.AttributeEncoding(enum32(ops[i])) == llvmir.ATTR_ENC_STRING_VALUE
				i++
				// LLVM's writer ends each string with a 0; LLVM's
				// reader reads past the record without it.
				j := i
				for j < len(ops) && ops[j] != 0 {
					j++
				}
				if j == len(ops) {
					return r.errorf("invalid attribute group record: a string not null-terminated")
				}
				key := opsString(ops[i:j])
				i = j + 1
				val := ""
				if hasValue {
					j = i
					for j < len(ops) && ops[j] != 0 {
						j++
					}
					if j == len(ops) {
						return r.errorf("invalid attribute group record: a string not null-terminated")
					}
					val = opsString(ops[i:j])
					i = j + 1
				}
				add(ir.Attribute{Key: key, Value: val})
			case llvmir.ATTR_ENC_TYPE, llvmir.ATTR_ENC_TYPE_VALUE:
				hasType := llvmir.AttributeEncoding(enum32(ops[i])) == llvmir.ATTR_ENC_TYPE_VALUE
				n := 2
				if hasType {
					n = 3
				}
				if !need(n) {
					return r.errorf("invalid attribute group record")
				}
				code := ops[i+1]
				var t *ir.Type
				if hasType {
					t = r.typeByID(ops[i+2])
				}
				i += n
				k, ok := attrKindForCode(code)
				if !ok {
					r.skip("skipped unknown attribute kind %d", code)
					continue
				}
				if k.Class() != ir.TypeAttr {
					return r.errorf("attribute kind %d is not a type attribute", code)
				}
				add(ir.Attribute{Kind: k, Type: t})
			case llvmir.ATTR_ENC_CONSTANT_RANGE:
				if !need(3) {
					return r.errorf("invalid attribute group record")
				}
				code := ops[i+1]
				i += 2
				bw := ops[i]
				i++
				cr, err := r.readRange(ops, &i, bw)
				if err != nil {
					return err
				}
				k, ok := attrKindForCode(code)
				if !ok {
					r.skip("skipped unknown attribute kind %d", code)
					continue
				}
				if k.Class() != ir.ConstantRangeAttr {
					return r.errorf("attribute kind %d is not a constant range attribute", code)
				}
				add(ir.Attribute{Kind: k, Range: cr})
			case llvmir.ATTR_ENC_CONSTANT_RANGE_LIST:
				if !need(4) {
					return r.errorf("invalid attribute group record")
				}
				code := ops[i+1]
				n, bw := ops[i+2], ops[i+3]
				i += 4
				if n > uint64(len(ops)) {
					return r.errorf("too few records for constant range list")
				}
				var crs []ir.ConstantRange
				for ; n > 0; n-- {
					cr, err := r.readRange(ops, &i, bw)
					if err != nil {
						return err
					}
					crs = append(crs, cr)
				}
				k, ok := attrKindForCode(code)
				if !ok {
					r.skip("skipped unknown attribute kind %d", code)
					continue
				}
				if k.Class() != ir.ConstantRangeListAttr {
					return r.errorf("attribute kind %d is not a constant range list attribute", code)
				}
				add(ir.Attribute{Kind: k, Ranges: crs})
			default:
				r.skip("skipped the rest of an attribute group after unknown entry kind %d", ops[i])
				break loop
			}
		}
		if me != memUnknown {
			add(ir.Attribute{Kind: ir.AttrMemory, Int: me})
		}
		set = upgradeAttrGroup(set)
		ir.SortAttrs(set)
		if len(set) > 0 {
			grp.set = append(make(ir.AttrSet, 0, len(set)), set...)
		}
		clear(set)
		r.attrScratch = set[:0]
		r.groups[ops[0]] = grp
		return nil
	})
}

// oldMemoryAttr returns the memory effects an old function attribute
// stands for.
func oldMemoryAttr(code uint64) (uint64, bool) {
	const rw = 3
	switch llvmir.AttributeKindCode(enum32(code)) {
	case llvmir.ATTR_KIND_READ_NONE:
		return 0, true
	case llvmir.ATTR_KIND_READ_ONLY:
		return 0x555, true
	case llvmir.ATTR_KIND_WRITEONLY:
		return 0xaaa, true
	case llvmir.ATTR_KIND_ARGMEMONLY:
		return memOnly(0, rw), true
	case llvmir.ATTR_KIND_INACCESSIBLEMEM_ONLY:
		return memOnly(1, rw), true
	case llvmir.ATTR_KIND_INACCESSIBLEMEM_OR_ARGMEMONLY:
		return memOnly(0, rw) | memOnly(1, rw), true
	}
	return 0, false
}

// decodeMemory turns a bitcode memory attribute into LLVM 22's in-memory
// MemoryEffects.
func (r *Reader) decodeMemory(v uint64) uint64 {
	version := v >> 56
	if version == 0 {
		arg, inacc, other := v&3, (v>>2)&3, (v>>4)&3
		me := arg | inacc<<2 | other<<4 | other<<6
		if r.isAArch64() {
			me |= inacc<<8 | inacc<<10
		}
		return me
	}
	me := v & 0xffffffff
	if version == 1 && r.isAArch64() {
		inacc := (me >> 2) & 3
		me = me&^(0xf<<8) | inacc<<8 | inacc<<10
	}
	return me & memUnknown
}

// decodeSigned undoes the sign rotation of emitSignedInt64: the low bit is
// the sign.
func decodeSigned(v uint64) uint64 {
	if v&1 == 0 {
		return v >> 1
	}
	if v != 1 {
		return -(v >> 1)
	}
	return 1 << 63
}

// wideInt builds the signed value of a bits-wide integer from sign-rotated
// 64-bit words, least significant first, as readWideAPInt does.
func wideInt(words []uint64, bits uint64) *big.Int {
	x := new(big.Int)
	for i := len(words) - 1; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(decodeSigned(words[i])))
	}
	if uint64(len(words))*64 < bits {
		return x // APInt zero-extends missing words: not negative
	}
	return signExtend(x, bits)
}

// signExtend truncates x to bits and reads it as a signed number.
func signExtend(x *big.Int, bits uint64) *big.Int {
	if bits == 0 {
		return new(big.Int)
	}
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits)), big.NewInt(1))
	x = new(big.Int).And(x, mask)
	if x.Bit(int(bits-1)) == 1 {
		x.Sub(x, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
	}
	return x
}

func signExtend64(v uint64, bits uint64) int64 {
	if bits >= 64 {
		return int64(v)
	}
	s := 64 - bits
	return int64(v<<s) >> s
}

// readRange reads a ConstantRange of width bw at ops[*i].
func (r *Reader) readRange(ops []uint64, i *int, bw uint64) (ir.ConstantRange, error) {
	if bw == 0 || bw > 1<<23 {
		return ir.ConstantRange{}, r.errorf("invalid constant range bit width %d", bw)
	}
	cr := ir.ConstantRange{BitWidth: uint32(bw)}
	if len(ops)-*i < 2 {
		return cr, r.errorf("too few records for range")
	}
	if bw > 64 {
		lw := uint64(uint32(ops[*i]))
		uw := ops[*i] >> 32
		*i++
		if uint64(len(ops)-*i) < lw+uw {
			return cr, r.errorf("too few records for range")
		}
		cr.Lo = wideInt(ops[*i:*i+int(lw)], bw)
		*i += int(lw)
		cr.Hi = wideInt(ops[*i:*i+int(uw)], bw)
		*i += int(uw)
		return cr, nil
	}
	cr.Lo = big.NewInt(signExtend64(decodeSigned(ops[*i]), bw))
	cr.Hi = big.NewInt(signExtend64(decodeSigned(ops[*i+1]), bw))
	*i += 2
	return cr, nil
}
