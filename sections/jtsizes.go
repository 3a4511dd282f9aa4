package sections

import (
	"encoding/binary"
	"fmt"
)

// A JumpTableSize is one entry of an SHT_LLVM_JT_SIZES section
// (.llvm_jump_table_sizes), which llc -emit-jump-table-sizes-section writes
// for each jump table: its address and its number of entries.
type JumpTableSize struct {
	Off     int64  // offset of the entry in the section
	Address uint64 // jump table address; in ET_REL a relocation applies at Off
	Entries uint64 // number of entries in the jump table
}

// DecodeJumpTableSizes splits an SHT_LLVM_JT_SIZES section into its
// entries: pairs of address-sized words {jump table address, number of
// entries} in byte order bo, with addrSize 4 (.long/.long, 32-bit targets)
// or 8 (.quad/.quad). An empty section has no entries.
//
// In a relocatable object the address words hold only what the assembler
// wrote: 0 under RELA, the implicit addend under REL. The caller applies the
// relocations of the section's SHT_REL(A) companion at each entry's Off.
//
// LLVM 22 has no reader for the section, so the error wording is ours: a
// size that is not a multiple of 2*addrSize gives the complete entries and a
// *DecodeError with Off at the incomplete one. An addrSize other than 4 or 8
// gives a *DecodeError at offset 0 and no entries.
func DecodeJumpTableSizes(section string, data []byte, bo binary.ByteOrder, addrSize int) ([]JumpTableSize, error) {
	if addrSize != 4 && addrSize != 8 {
		return nil, &DecodeError{Section: section, Off: 0, Msg: fmt.Sprintf("unsupported address size %d", addrSize)}
	}
	entSize := 2 * addrSize
	n := len(data) / entSize
	var out []JumpTableSize
	if n > 0 {
		out = make([]JumpTableSize, 0, n) // bounded by the input's length
	}
	for i := range n {
		off := i * entSize
		out = append(out, JumpTableSize{
			Off:     int64(off),
			Address: readAddr(data[off:], bo, addrSize),
			Entries: readAddr(data[off+addrSize:], bo, addrSize),
		})
	}
	if rest := len(data) % entSize; rest != 0 {
		return out, &DecodeError{Section: section, Off: int64(n * entSize),
			Msg: fmt.Sprintf("section size %d is not a multiple of the entry size %d", len(data), entSize)}
	}
	return out, nil
}

// readAddr reads an addrSize-byte (4 or 8) word at the start of b.
func readAddr(b []byte, bo binary.ByteOrder, addrSize int) uint64 {
	if addrSize == 4 {
		return uint64(bo.Uint32(b))
	}
	return bo.Uint64(b)
}
