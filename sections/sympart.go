package sections

import (
	"bytes"
	"strconv"
)

// A SymPart is the contents of one SHT_LLVM_SYMPART section (.llvm_sympart,
// one per symbol given a partition by -fsymbol-partition=): the partition's
// name, a NUL, then a pointer-sized address field that a relocation
// (R_X86_64_64, R_386_32, R_PPC64_ADDR64, …) points at the symbol. Observed
// from clang 22: "part1\0" + 8 zero bytes on x86-64, "p\0" + 4 on i386.
type SymPart struct {
	Partition string
	AddrOff   int64 // offset of the address field in the section
}

// DecodeSymPart decodes an SHT_LLVM_SYMPART section. llvm-readobj has no
// output for these sections and lld reads the name as a C string without
// checks, so the errors, *DecodeError, are bcextract's own:
//
//   - no NUL: "the content is not null-terminated" (readobj's words for the
//     string sections), Off 0;
//   - the address field is neither 4 nor 8 bytes (LLVM writes exactly the
//     code pointer size, with no padding): "the address field has N bytes,
//     expected 4 or 8", Off at the field.
func DecodeSymPart(section string, data []byte) (SymPart, error) {
	n := bytes.IndexByte(data, 0)
	if n < 0 {
		return SymPart{}, &DecodeError{Section: section, Off: 0, Msg: msgNotNullTerminated}
	}
	p := SymPart{Partition: string(data[:n]), AddrOff: int64(n + 1)}
	if size := len(data) - (n + 1); size != 4 && size != 8 {
		return SymPart{}, &DecodeError{
			Section: section,
			Off:     p.AddrOff,
			Msg:     "the address field has " + strconv.Itoa(size) + " bytes, expected 4 or 8",
		}
	}
	return p, nil
}
