package sections

import (
	"math"

	"github.com/bcextract/bcextract/internal/leb128"
)

// msgAddrsigIndex is lld's wording (lld-link 22: "<file>: invalid symbol
// index in addrsig section") for an index that names no symbol. llvm-readobj
// has no such check; see DecodeAddrsig.
const msgAddrsigIndex = "invalid symbol index in addrsig section"

// DecodeAddrsig decodes an address-significance table: the contents of an
// ELF SHT_LLVM_ADDRSIG section or a COFF .llvm_addrsig section. Both are a
// bare sequence of ULEB128 symbol-table indices with no count; an empty
// section is normal and yields no indices. (Mach-O's __DATA,__llvm_addrsig
// holds only zeros and names its symbols through relocations, so it is not
// decoded here.)
//
// A malformed ULEB128 gives a *DecodeError whose Msg is LLVM's reason,
// "malformed uleb128, extends past end" or "uleb128 too big for uint64", and
// whose Off is the start of that ULEB128. llvm-readobj 22 prints the ELF
// warning as
//
//	unable to decode SHT_LLVM_ADDRSIG section with index N: <Msg>
//
// and then no entries, while for COFF it first prints the entries before the
// bad one and then fails with the bare <Msg>. So that printers can do either,
// DecodeAddrsig returns the indices decoded before the error along with it.
//
// An index above math.MaxUint32 gives the error "invalid symbol index in
// addrsig section", lld-link's words for an index past the symbol table.
// llvm-readobj 22 does not reject such an index: it prints the 64-bit value
// and looks the name up with the index truncated to 32 bits.
func DecodeAddrsig(section string, data []byte) ([]uint32, error) {
	if len(data) == 0 {
		return nil, nil
	}
	// Each index ends at a byte below 0x80, so counting those bounds the
	// entries by the data itself: at most 4 bytes of result per input byte.
	ends := 0
	for _, c := range data {
		if c < 0x80 {
			ends++
		}
	}
	syms := make([]uint32, 0, ends)
	for off := 0; off < len(data); {
		v, n := leb128.Uint(data[off:])
		switch {
		case n == 0:
			return syms, &DecodeError{Section: section, Off: int64(off), Msg: msgULEBTruncated}
		case n < 0:
			return syms, &DecodeError{Section: section, Off: int64(off), Msg: msgULEBTooBig}
		case v > math.MaxUint32:
			return syms, &DecodeError{Section: section, Off: int64(off), Msg: msgAddrsigIndex}
		}
		syms = append(syms, uint32(v))
		off += n
	}
	return syms, nil
}
