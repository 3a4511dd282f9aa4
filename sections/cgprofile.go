package sections

import (
	"encoding/binary"
	"fmt"
)

// Reasons llvm-readobj 22 gives for a call-graph profile it cannot use.
const (
	// BinaryStreamReader's error, which readobj reports (as a fatal error,
	// with nothing before it but the file name) when a COFF or Mach-O
	// profile ends inside an entry.
	msgStreamTooShort = "Stream Error: The stream is too short to perform the requested operation."
	// The ELF warning when the relocations do not give two symbols per weight.
	msgCGPairs = "number of from/to pairs does not match number of frequencies"
)

// A CGProfileEntry is one edge of a call-graph profile: From calls To, Weight
// times (the profile count). From and To are symbol-table indices: ELF .symtab
// indices (from relocations, or stored in the old 16-byte ELF form), COFF
// symbol-table indices (aux records count), or Mach-O nlist indices.
type CGProfileEntry struct {
	From, To uint32
	Weight   uint64
}

// DecodeCGProfileWeights decodes the current ELF SHT_LLVM_CALL_GRAPH_PROFILE
// section (.llvm.call-graph-profile, LLVM 13 and later): one 8-byte weight per
// edge in the target byte order bo. The edges' endpoints are in the companion
// relocation section; see PairCGProfile.
//
// A section whose size is not a multiple of 8 gives a *DecodeError, no
// weights, and
//
//	Msg: "has an invalid sh_size (<size>) which is not a multiple of its sh_entsize (8)"
//
// with Off at the trailing partial weight. llvm-readobj 22 prints nothing for
// the section but the warning
//
//	unable to load the SHT_LLVM_CALL_GRAPH_PROFILE section: section [index N] <Msg>
//
// (from ELFFile::getSectionContentsAsArray, which rejects an sh_entsize other
// than 8 before it looks at the size; that header check is the caller's).
func DecodeCGProfileWeights(section string, data []byte, bo binary.ByteOrder) ([]uint64, error) {
	if r := len(data) % 8; r != 0 {
		return nil, &DecodeError{
			Section: section,
			Off:     int64(len(data) - r),
			Msg:     fmt.Sprintf("has an invalid sh_size (%d) which is not a multiple of its sh_entsize (8)", len(data)),
		}
	}
	if len(data) == 0 {
		return nil, nil
	}
	w := make([]uint64, len(data)/8) // sized by the data itself, not by a number in it
	for i := range w {
		w[i] = bo.Uint64(data[8*i:])
	}
	return w, nil
}

// DecodeCGProfileEntries decodes a call-graph profile made of 16-byte entries
// {uint32 from, uint32 to, uint64 weight} in byte order bo: the COFF
// .llvm.call-graph-profile section, the Mach-O __LLVM,__cg_profile section,
// and the old ELF SHT_LLVM_CALL_GRAPH_PROFILE form of LLVM 9–12 (sh_entsize
// 16, which llvm-readobj 22 refuses for its sh_entsize).
//
// If the data ends inside an entry, DecodeCGProfileEntries returns the
// complete entries before it and a *DecodeError with Off at the start of the
// partial entry and Msg "Stream Error: The stream is too short to perform the
// requested operation.". llvm-readobj 22 does the same for COFF and Mach-O:
// it prints the complete entries, then fails with that message.
func DecodeCGProfileEntries(section string, data []byte, bo binary.ByteOrder) ([]CGProfileEntry, error) {
	var err error
	whole := len(data) / 16 * 16
	if whole != len(data) {
		err = &DecodeError{Section: section, Off: int64(whole), Msg: msgStreamTooShort}
	}
	if whole == 0 {
		return nil, err
	}
	es := make([]CGProfileEntry, whole/16) // sized by the data itself
	for i := range es {
		e := data[16*i : 16*i+16]
		es[i] = CGProfileEntry{From: bo.Uint32(e), To: bo.Uint32(e[4:]), Weight: bo.Uint64(e[8:])}
	}
	return es, err
}

// PairCGProfile joins the weights of an ELF SHT_LLVM_CALL_GRAPH_PROFILE
// section (DecodeCGProfileWeights) with the symbol indices (r_sym) of its
// relocation section, taken in the order the relocations appear: weight i
// goes from symIdx[2i] to symIdx[2i+1]. Like llvm-readobj 22 it ignores the
// relocations' offsets and types.
//
// If len(symIdx) is not exactly 2*len(weights), PairCGProfile returns no
// entries and a *DecodeError with Msg "number of from/to pairs does not match
// number of frequencies", which readobj prints as a warning on its own before
// listing the weights without From and To. Off is the offset in the weights
// section of the first weight without a pair, or the end of the section when
// there are too many relocations. section names the weights section.
func PairCGProfile(section string, weights []uint64, symIdx []uint32) ([]CGProfileEntry, error) {
	if len(symIdx)%2 != 0 || len(symIdx)/2 != len(weights) {
		return nil, &DecodeError{
			Section: section,
			Off:     8 * int64(min(len(weights), len(symIdx)/2)),
			Msg:     msgCGPairs,
		}
	}
	if len(weights) == 0 {
		return nil, nil
	}
	es := make([]CGProfileEntry, len(weights))
	for i, w := range weights {
		es[i] = CGProfileEntry{From: symIdx[2*i], To: symIdx[2*i+1], Weight: w}
	}
	return es, nil
}
