package sections

// LLVM's decodeULEB128 (llvm/Support/LEB128.h) reports these two problems;
// the section decoders repeat them as DecodeError.Msg.
const (
	msgULEBTruncated = "malformed uleb128, extends past end"
	msgULEBTooBig    = "uleb128 too big for uint64"
)

// ULEB128 decodes the unsigned LEB128 value at the start of b and returns it
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
func ULEB128(b []byte) (v uint64, n int) {
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
