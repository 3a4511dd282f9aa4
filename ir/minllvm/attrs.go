package minllvm

import "github.com/bcextract/bcextract/llvmir"

// readVersion returns the oldest LLVM version from which every reader
// reads what ok says each release (13 to 22, by index from 13) reads
// correctly, LLVM 20's being what both 19 and 21 read; Latest+1 when even
// LLVM 22 does not.
func readVersion(ok func(i int) bool) int {
	v := Latest + 1
	for i := Latest - Oldest; i >= 0; i-- {
		good := ok(i)
		if i == 20-Oldest {
			good = ok(19-Oldest) && ok(21-Oldest)
		}
		if !good {
			break
		}
		v = Oldest + i
	}
	return v
}

// attrClass returns how the reader of release Oldest+i reads attribute
// kind code (a character of attrKinds: '-' not at all).
func attrClass(code uint64, i int) byte {
	if code >= uint64(len(attrKinds)) || attrKinds[code] == "" {
		return '-'
	}
	return attrKinds[code][i]
}

// attrVersion returns the oldest version from which every reader reads an
// attribute of kind code encoded as enc: an enumeration entry read as an
// enumeration attribute (or a type attribute's old form, or uwtable's,
// which readers upgrade), an integer entry as an integer attribute ("Not
// an int attribute" otherwise), and so on.
func attrVersion(enc llvmir.AttributeEncoding, code uint64) int {
	return readVersion(func(i int) bool {
		c := attrClass(code, i)
		switch enc {
		case llvmir.ATTR_ENC_ENUM:
			return c == 'E' || c == 'T' || c == 'I' && code == uint64(llvmir.ATTR_KIND_UW_TABLE)
		case llvmir.ATTR_ENC_INT:
			return c == 'I'
		case llvmir.ATTR_ENC_TYPE, llvmir.ATTR_ENC_TYPE_VALUE:
			return c == 'T'
		case llvmir.ATTR_ENC_CONSTANT_RANGE:
			return c == 'R'
		case llvmir.ATTR_ENC_CONSTANT_RANGE_LIST:
			return c == 'L'
		}
		return false
	})
}

// memoryVersion returns what the value v of a memory attribute needs.
// LLVM 16 to 20 take it as three locations, two bits each: argument,
// inaccessible and other memory. From LLVM 21 a version in the top byte
// says the value has more (and LLVM 21 and 22 write version 1): errno
// memory (21, where the older readers see other memory) and the target's
// memory (22, where LLVM 21 sees nothing; before, inaccessible memory held
// the target's state). An older reader reads such a value correctly when
// what it sees is what the value says: errno memory accessed as other
// memory is, the target's as inaccessible memory is (or not at all).
func memoryVersion(v uint64) (int, string) {
	if v>>56 == 0 {
		return 16, "memory(...) attribute"
	}
	loc := func(i uint) uint64 { return v >> (2 * i) & 3 }
	inacc, errno, other, t0, t1 := loc(1), loc(2), loc(3), loc(4), loc(5)
	switch {
	case t0 != t1 || t0 != 0 && t0 != inacc:
		return 22, "memory(...) attribute with target_mem0/target_mem1 effects of their own"
	case errno != other:
		return 21, "memory(...) attribute with errnomem effects of their own"
	}
	return 16, "memory(...) attribute"
}

// attrGroupRecord returns what an attribute group record (PARAMATTR_GRP_
// CODE_ENTRY: group ID, index, then the attributes, each an encoding, a
// kind code and its values) needs: the newest of what its attributes
// need. A record cut short needs nothing more than what came before (the
// module's reader says what is wrong with it).
func attrGroupRecord(ops []uint64) (int, string) {
	best, what := 0, ""
	note := func(v int, w string) {
		if v > best && v > Oldest {
			best, what = v, w
		}
	}
	for i := 2; i < len(ops); {
		enc := llvmir.AttributeEncoding(ops[i])
		switch enc {
		case llvmir.ATTR_ENC_STRING, llvmir.ATTR_ENC_STRING_VALUE:
			strs := 1
			if enc == llvmir.ATTR_ENC_STRING_VALUE {
				strs = 2
			}
			i++
			var str [2][]uint64 // the key, the value
			for k := 0; k < strs && i < len(ops); k++ {
				j := i
				for j < len(ops) && ops[j] != 0 {
					j++
				}
				str[k] = ops[i:j]
				i = j + 1
			}
			if strs == 2 && spells(str[0], "frame-pointer") {
				note(framePointerVersion(str[1]))
			}
			continue
		case llvmir.ATTR_ENC_ENUM, llvmir.ATTR_ENC_TYPE:
			i += 2
		case llvmir.ATTR_ENC_INT, llvmir.ATTR_ENC_TYPE_VALUE:
			i += 3
		case llvmir.ATTR_ENC_CONSTANT_RANGE:
			if i+2 >= len(ops) {
				return best, what
			}
			code := ops[i+1]
			i = skipRange(ops, i+3, ops[i+2])
			note(attrVersion(enc, code), kindWhat(code))
			continue
		case llvmir.ATTR_ENC_CONSTANT_RANGE_LIST:
			if i+3 >= len(ops) {
				return best, what
			}
			code, n, bw := ops[i+1], ops[i+2], ops[i+3]
			for i += 4; n > 0 && i < len(ops); n-- {
				i = skipRange(ops, i, bw)
			}
			note(attrVersion(enc, code), kindWhat(code))
			continue
		default:
			// An encoding no reader knows ("Invalid attribute group
			// entry").
			note(Latest+1, "an attribute of unknown encoding")
			return best, what
		}
		if i > len(ops) {
			break
		}
		code := ops[i-2]
		if enc == llvmir.ATTR_ENC_ENUM || enc == llvmir.ATTR_ENC_TYPE {
			code = ops[i-1]
		}
		note(attrVersion(enc, code), kindWhat(code))
		if enc == llvmir.ATTR_ENC_INT && code == uint64(llvmir.ATTR_KIND_MEMORY) {
			note(memoryVersion(ops[i-1]))
		}
	}
	return best, what
}

// oldAttrRecord returns what an attribute list of the oldest encoding
// (PARAMATTR_CODE_ENTRY_OLD, of LLVM 3.2 and before: pairs of an index and
// a mask of attributes) needs: uwtable there is read by LLVM 15 as an
// integer attribute without its value (its verifier says "Attribute
// 'uwtable' should have an Argument"), by 16 and later not at all, and as
// uwtable by 13 and 14: the newer readers agree from 16 on.
func oldAttrRecord(ops []uint64) (int, string) {
	for i := 1; i < len(ops); i += 2 {
		// The mask's bits 32 to 51 are the attributes from bit 21 on.
		if raw := ops[i]&(0xfffff<<32)>>11 | ops[i]&0xffff; raw&(1<<30) != 0 {
			return 16, "uwtable in an attribute list of LLVM 3.2's encoding"
		}
	}
	return 0, ""
}

// framePointerVersion returns what a "frame-pointer" attribute of value
// v needs: the verifiers of LLVM 13 to 18 take "all", "non-leaf" and
// "none"; 19's also "reserved"; LLVM 22's also "non-leaf-no-reserve".
func framePointerVersion(v []uint64) (int, string) {
	switch {
	case spells(v, "reserved"):
		return 19, `"frame-pointer"="reserved" attribute`
	case spells(v, "non-leaf-no-reserve"):
		return 22, `"frame-pointer"="non-leaf-no-reserve" attribute`
	}
	return 0, ""
}

// spells reports whether ops, one character each, spell s.
func spells(ops []uint64, s string) bool {
	if len(ops) != len(s) {
		return false
	}
	for i := range ops {
		if ops[i] != uint64(s[i]) {
			return false
		}
	}
	return true
}

// skipRange returns the index after a constant range of bit width bw
// starting at ops[i]: two words up to 64 bits, else a word counting the
// words of each bound, then those.
func skipRange(ops []uint64, i int, bw uint64) int {
	if bw <= 64 {
		return i + 2
	}
	if i >= len(ops) {
		return i
	}
	n := ops[i]&0xffffffff + ops[i]>>32
	if n > uint64(len(ops)) {
		return len(ops)
	}
	return i + 1 + int(n)
}

// kindWhat names attribute kind code for a Need ("attribute kind 102
// (ATTR_KIND_CAPTURES)").
func kindWhat(code uint64) string {
	if code < uint64(len(kindNames)) && kindNames[code] != "" {
		return kindNames[code]
	}
	return "an attribute of unknown kind"
}
