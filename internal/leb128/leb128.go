// Package leb128 decodes the LEB128 numbers of DWARF, ELF's extension
// sections and WebAssembly, accepting what LLVM 22's decodeULEB128 and
// decodeSLEB128 accept. It imports nothing, so that every format parser
// may use it.
package leb128

// Uint decodes the unsigned LEB128 value at the start of b and returns it
// with the number of bytes it occupies. Like encoding/binary.Uvarint it
// reports problems through n, without an error value or an allocation:
//
//	n > 0: v is the value and n its length in bytes
//	n == 0: b ended inside the value (LLVM: "malformed uleb128, extends past end")
//	n < 0: the value needs more than 64 bits; v is 0 and -n is the number of
//	       bytes read, including the one that overflowed (LLVM: "uleb128 too
//	       big for uint64")
//
// It accepts what LLVM 22's decodeULEB128 accepts, which is more than Uvarint
// does: there is no limit on the length, so an overlong encoding padded with
// zero payload bits (80 80 … 80 00) is the value it spells. The byte at bit
// 63 may carry only 0 or 1, and bytes past it only zeros.
func Uint(b []byte) (v uint64, n int) {
	var shift uint // 0, 7, …, 63, then stuck at 70 so it cannot wrap
	for i, c := range b {
		slice := uint64(c & 0x7f)
		if shift == 63 && slice > 1 || shift > 63 && slice != 0 {
			return 0, -(i + 1)
		}
		if shift < 64 {
			v |= slice << shift
			shift += 7
		}
		if c < 0x80 {
			return v, i + 1
		}
	}
	return 0, 0
}

// Int decodes the signed LEB128 value at the start of b, reporting problems
// through n as Uint does (LLVM: "malformed sleb128, extends past end",
// "sleb128 too big for int64"). Overlong encodings are accepted as LLVM 22's
// decodeSLEB128 accepts them: the byte at bit 63 must carry 0 or 0x7f, and
// bytes past it only the sign's extension (0 or 0x7f).
func Int(b []byte) (v int64, n int) {
	var u uint64
	var shift uint // stuck at 70 past 63 so it cannot wrap
	for i, c := range b {
		slice := uint64(c & 0x7f)
		if shift == 63 && slice != 0 && slice != 0x7f || shift > 63 && slice != signFill(u) {
			return 0, -(i + 1)
		}
		if shift < 64 {
			u |= slice << shift
			shift += 7
		}
		if c < 0x80 {
			if shift < 64 && c&0x40 != 0 {
				u |= ^uint64(0) << shift
			}
			return int64(u), i + 1
		}
	}
	return 0, 0
}

// signFill is the payload every byte past bit 63 must carry: the sign of u.
func signFill(u uint64) uint64 {
	if int64(u) < 0 {
		return 0x7f
	}
	return 0
}
