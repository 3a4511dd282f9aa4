package sections

import (
	"encoding/binary"
	"fmt"

	"github.com/bcextract/bcextract/internal/leb128"
)

// Flag bits of an SHT_LLVM_CALL_GRAPH record (llvm/docs/CallGraphSection.md).
const (
	CallGraphIndirectTarget  = 1 << 0 // the function is a potential indirect call target
	CallGraphDirectCallees   = 1 << 1 // a direct callee list follows the type ID
	CallGraphIndirectCallees = 1 << 2 // an indirect target type ID list follows

	callGraphKnownFlags = CallGraphIndirectTarget | CallGraphDirectCallees | CallGraphIndirectCallees
)

// CallGraphVersion is the only record format version LLVM 22 writes.
const CallGraphVersion = 0

// A CallGraphFunc is one record of an SHT_LLVM_CALL_GRAPH section
// (.llvm.callgraph), written by clang -fexperimental-call-graph-section.
type CallGraphFunc struct {
	Off     int64 // offset of the record in the section
	Version uint8 // format version (0)
	Flags   uint8 // CallGraphIndirectTarget | CallGraphDirectCallees | CallGraphIndirectCallees

	// Address is the function entry address field: the entry address in
	// executables and shared objects; in ET_REL 0 under RELA or the implicit
	// addend under REL, and the caller resolves the relocation at AddressOff.
	Address    uint64
	AddressOff int64 // offset of the address field in the section

	TypeID uint64 // function type ID; non-zero if an indirect target of known type

	// DirectCallees are the direct callee address fields (relocated in
	// ET_REL, like Address) and DirectCalleeOffs their offsets in the section.
	DirectCallees    []uint64
	DirectCalleeOffs []int64

	IndirectTypeIDs []uint64 // type IDs of the indirect call targets
}

// IsIndirectTarget reports whether flag bit 0 is set: the function may be
// called indirectly.
func (f *CallGraphFunc) IsIndirectTarget() bool { return f.Flags&CallGraphIndirectTarget != 0 }

// HasDirectCallees reports whether flag bit 1 is set: the record has a
// direct callee list.
func (f *CallGraphFunc) HasDirectCallees() bool { return f.Flags&CallGraphDirectCallees != 0 }

// HasIndirectCallees reports whether flag bit 2 is set: the record has a
// list of indirect call target type IDs.
func (f *CallGraphFunc) HasIndirectCallees() bool { return f.Flags&CallGraphIndirectCallees != 0 }

// DecodeCallGraph splits an SHT_LLVM_CALL_GRAPH section into its records,
// which follow each other until the section ends:
//
//	u8      format version (0)
//	u8      flags
//	addr    function entry address (addrSize bytes, byte order bo)
//	u64     function type ID
//	ULEB128 number of direct callees     } only if flag bit 1
//	addr    × n direct callee addresses  }
//	ULEB128 number of indirect type IDs  } only if flag bit 2
//	u64     × n type IDs                 }
//
// addrSize is 4 or 8; any other gives a *DecodeError at offset 0. An empty
// section has no records.
//
// LLVM 22 writes the section but has no reader for it, so the error
// wording is ours. Every error is a *DecodeError returned with the records
// decoded before it:
//
//   - a version other than 0 (Off at the version byte) or flag bits above
//     bit 2 (Off at the flags byte): the record's layout is unknown, so
//     decoding stops there;
//   - a field that runs past the end of the section (Off at the field);
//   - a ULEB128 count that is malformed (the leb.go wording) or larger than
//     the bytes left could hold (Off at the count).
//
// The records are counted in a first pass, which checks them as the second
// does, so that the result is allocated once at its size: 112 bytes per
// record of at least 14 bytes, and 16 per callee of addrSize bytes or type
// ID of 8.
func DecodeCallGraph(section string, data []byte, bo binary.ByteOrder, addrSize int) ([]CallGraphFunc, error) {
	if addrSize != 4 && addrSize != 8 {
		return nil, &DecodeError{Section: section, Off: 0, Msg: fmt.Sprintf("unsupported address size %d", addrSize)}
	}
	d := callGraphDecoder{section: section, data: data, bo: bo, addrSize: addrSize}
	n, err := d.walk(nil)
	if n == 0 {
		return nil, err
	}
	out := make([]CallGraphFunc, 0, n)
	_, err = d.walk(&out)
	return out, err
}

// callGraphDecoder reads the records of one section.
type callGraphDecoder struct {
	section  string
	data     []byte
	bo       binary.ByteOrder
	addrSize int
}

func (d *callGraphDecoder) errAt(off int, format string, args ...any) error {
	return &DecodeError{Section: d.section, Off: int64(off), Msg: fmt.Sprintf(format, args...)}
}

func (d *callGraphDecoder) short(off, need int, what string) error {
	return d.errAt(off, "unexpected end of section reading the %s (%d bytes needed, %d left)", what, need, len(d.data)-off)
}

// count reads the ULEB128 element count at off and checks that that many
// elements of elemSize bytes fit in the rest of the section, so that no
// allocation is sized by an unchecked count.
func (d *callGraphDecoder) count(off, elemSize int, what string) (n, end int, err error) {
	data := d.data
	if off >= len(data) {
		return 0, 0, d.short(off, 1, what)
	}
	v, l := leb128.Uint(data[off:])
	switch {
	case l == 0:
		return 0, 0, d.errAt(off, "%s: %s", what, msgULEBTruncated)
	case l < 0:
		return 0, 0, d.errAt(off, "%s: %s", what, msgULEBTooBig)
	}
	end = off + l
	if left := len(data) - end; v > uint64(left/elemSize) {
		return 0, 0, d.errAt(off, "%s %d does not fit in the %d bytes left", what, v, left)
	}
	return int(v), end, nil
}

// walk reads the records until the data ends or one is malformed, and
// returns how many were complete and the error. With out != nil it appends
// them to *out; with nil it only checks and counts them.
func (d *callGraphDecoder) walk(out *[]CallGraphFunc) (int, error) {
	data, bo, addrSize := d.data, d.bo, d.addrSize
	n := 0
	for off := 0; off < len(data); {
		start := off
		if len(data)-off < 2 {
			return n, d.short(off, 2, "version and flags")
		}
		f := CallGraphFunc{Off: int64(start), Version: data[off], Flags: data[off+1]}
		if f.Version != CallGraphVersion {
			return n, d.errAt(off, "unsupported call graph format version %d", f.Version)
		}
		if f.Flags&^callGraphKnownFlags != 0 {
			return n, d.errAt(off+1, "unknown call graph flags 0x%x", f.Flags&^callGraphKnownFlags)
		}
		off += 2
		if len(data)-off < addrSize {
			return n, d.short(off, addrSize, "function entry address")
		}
		f.Address, f.AddressOff = readAddr(data[off:], bo, addrSize), int64(off)
		off += addrSize
		if len(data)-off < 8 {
			return n, d.short(off, 8, "function type ID")
		}
		f.TypeID = bo.Uint64(data[off:])
		off += 8
		if f.HasDirectCallees() {
			c, end, err := d.count(off, addrSize, "direct callee count")
			if err != nil {
				return n, err
			}
			off = end
			if out != nil {
				f.DirectCallees = make([]uint64, c)
				f.DirectCalleeOffs = make([]int64, c)
				for i := range c {
					f.DirectCallees[i], f.DirectCalleeOffs[i] = readAddr(data[off+i*addrSize:], bo, addrSize), int64(off+i*addrSize)
				}
			}
			off += c * addrSize
		}
		if f.HasIndirectCallees() {
			c, end, err := d.count(off, 8, "indirect type ID count")
			if err != nil {
				return n, err
			}
			off = end
			if out != nil {
				f.IndirectTypeIDs = make([]uint64, c)
				for i := range c {
					f.IndirectTypeIDs[i] = bo.Uint64(data[off+8*i:])
				}
			}
			off += 8 * c
		}
		if out != nil {
			*out = append(*out, f)
		}
		n++
	}
	return n, nil
}
