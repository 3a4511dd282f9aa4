package sections

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/internal/leb128"
)

// PC sections are written by LLVM's AsmPrinter::emitPCSections for
// !pcsections metadata on functions and instructions (ELF only in LLVM 22).
// Each metadata node names one or more sections, each optionally followed by
// tuples of auxiliary constants:
//
//	!0 = !{!"sec1", !1, !"sec2!C", !2}
//	!1 = !{i32 1, i64 2}
//
// A section holds entries back to back with no header, count or type
// information, so what an entry looks like has to come from the user of the
// metadata; PCSectionLayout says it. LLVM has no reader for these sections,
// so the error messages below are bcextract's own.

// PCAuxKind is the type of one auxiliary constant written after each PC. Its
// value is the constant's natural size in bytes.
type PCAuxKind uint8

// The auxiliary constant types. Without the "!C" option each is stored at its
// natural size in the target byte order. With "!C", PCAuxU8 stays one raw
// byte and the others are ULEB128 (LLVM compresses integer constants of 2 to
// 8 bytes).
const (
	PCAuxU8  PCAuxKind = 1 // i8
	PCAuxU16 PCAuxKind = 2 // i16
	PCAuxU32 PCAuxKind = 4 // i32
	PCAuxU64 PCAuxKind = 8 // i64
)

// String returns "u8", "u16", "u32" or "u64", or "PCAuxKind(N)" for any
// other value.
func (k PCAuxKind) String() string {
	switch k {
	case PCAuxU8, PCAuxU16, PCAuxU32, PCAuxU64:
		return "u" + strconv.Itoa(8*int(k))
	}
	return "PCAuxKind(" + strconv.Itoa(int(k)) + ")"
}

func (k PCAuxKind) valid() bool {
	return k == PCAuxU8 || k == PCAuxU16 || k == PCAuxU32 || k == PCAuxU64
}

// ParsePCAuxLayout parses a comma-separated list of auxiliary constant types,
// each "u8", "u16", "u32" or "u64" (or the IR spelling "i8" … "i64"), with
// optional spaces around them: "u32,u64" gives [PCAuxU32 PCAuxU64]. The empty
// string (or one of only spaces) means no auxiliary constants and gives nil.
// Any other token, including an empty one between commas, is an error.
func ParsePCAuxLayout(s string) ([]PCAuxKind, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var kinds []PCAuxKind
	for tok := range strings.SplitSeq(s, ",") {
		var k PCAuxKind
		switch strings.TrimSpace(tok) {
		case "u8", "i8":
			k = PCAuxU8
		case "u16", "i16":
			k = PCAuxU16
		case "u32", "i32":
			k = PCAuxU32
		case "u64", "i64":
			k = PCAuxU64
		default:
			return nil, fmt.Errorf("pcsections: bad aux constant type %q in %q (want u8, u16, u32 or u64)", tok, s)
		}
		kinds = append(kinds, k)
	}
	return kinds, nil
}

// SplitPCSectionName splits a section name as written in !pcsections
// metadata, "name" or "name!opts", into the ELF section name and whether the
// options hold 'C' (the compressed encoding), as LLVM 22 does: everything
// from the first '!' on is options.
func SplitPCSectionName(md string) (section string, compressed bool) {
	i := strings.IndexByte(md, '!')
	if i < 0 {
		return md, false
	}
	return md[:i], strings.IndexByte(md[i:], 'C') >= 0
}

// PCSectionLayout describes the entries of one PC section. Every entry of a
// section must have the same layout, which LLVM does not enforce: a section
// named by both function and instruction metadata, or by nodes with
// different aux constants, cannot be decoded. Nor can aux constants of a node
// attached to several instructions of one function: llc-22 writes the PCs of
// all those instructions and then the node's constants once (an aux-less
// layout still reads the PCs of such a section correctly).
//
// Entries are not sorted by PC. Function entries follow the functions;
// instruction entries follow the functions and, within one, are grouped by
// metadata node in an order that can change from one llc run to the next.
type PCSectionLayout struct {
	// EntrySize is the size of the PC-relative field: 4 for every code model
	// but medium and large, where LLVM writes a pointer-sized field (8 on
	// 64-bit targets). The default code model depends on the target: small on
	// x86-64 and AArch64, medium on ppc64.
	EntrySize int
	// Function says the entries come from metadata on functions: after the
	// PC (the function start) comes the function size, 4 bytes or, when
	// Compressed, ULEB128.
	Function bool
	// Compressed is the "!C" option of the section name in the metadata (see
	// SplitPCSectionName); the ELF section name no longer shows it.
	Compressed bool
	// Aux lists the auxiliary constants written after each PC (and size), in
	// order; several tuples after a section name are concatenated.
	Aux []PCAuxKind
	// ByteOrder is the target byte order; nil means little endian.
	ByteOrder binary.ByteOrder
}

// PCEntry is one decoded entry of a PC section.
type PCEntry struct {
	Off   int64    // offset of the entry in the section
	PCRel int64    // the PC-relative field, sign-extended (or the relocated value)
	PC    uint64   // section address + Off + PCRel, modulo 2^64
	Size  uint64   // function size; 0 unless the layout has Function
	Aux   []uint64 // the auxiliary constants, zero-extended; nil if the layout has none
}

// DecodePCSection decodes the entries of a PC section (written for
// !pcsections metadata) laid out as l, with addr the section's address
// (sh_addr): entries back to back until the data ends. Each entry's field
// holds the distance from the entry itself to the PC, so
// PC = addr + Off + PCRel. In ET_REL objects that field is filled by a
// relocation; see DecodePCSectionWith.
//
// An empty section has no entries. A layout with an EntrySize other than 4
// or 8, or with an undefined PCAuxKind, gives a plain error and no entries.
// Malformed data gives the entries before the bad one and a *DecodeError
// whose Off is the start of the bad entry, so data[:Off] decodes to exactly
// the entries returned. Msg names the field and its own offset:
//
//	truncated entry: <field> at 0x1c needs 4 bytes, 2 left
//	truncated entry: <field> at 0x1c: malformed uleb128, extends past end
//	bad entry: <field> at 0x1c: uleb128 too big for uint64
//	bad entry: <field> at 0x1c: value 0x10000 does not fit in u16
//	bad entry: function size at 0x1c: value 0x100000000 does not fit in 32 bits
//
// where <field> is "PC field", "function size" or "aux constant N (uK)",
// counted from 1. The last two come only from the compressed encoding: LLVM
// writes an iK constant's zero-extended value, and function sizes fit in the
// 32 bits of the uncompressed form.
//
// The result holds at most one PCEntry for every EntrySize bytes of data
// and one uint64 per aux byte: it is sized by the data, never by a value in
// it. It takes two allocations.
func DecodePCSection(section string, data []byte, addr uint64, l PCSectionLayout) ([]PCEntry, error) {
	return DecodePCSectionWith(section, data, addr, l, nil)
}

// DecodePCSectionWith is DecodePCSection with the PC field of the entry at
// offset off taken from pcrel(off) when it returns ok (for relocatable
// objects: the relocation's symbol value + addend - entry address, computed
// by the caller). The stored field must still be present; its value is
// ignored where pcrel answers. A nil pcrel is DecodePCSection.
//
// With RELA relocations (x86-64, AArch64) the stored field is 0. With REL
// (i386: R_386_PC32) it holds the implicit addend, which pcrel must read
// itself. RISC-V writes an R_RISCV_ADD32/SUB32 pair per field.
func DecodePCSectionWith(section string, data []byte, addr uint64, l PCSectionLayout, pcrel func(off int64) (int64, bool)) ([]PCEntry, error) {
	if l.EntrySize != 4 && l.EntrySize != 8 {
		return nil, fmt.Errorf("pcsections: entry size %d, want 4 or 8", l.EntrySize)
	}
	fixed := l.EntrySize // the size of an entry without compression
	least := l.EntrySize // the fewest bytes a compressed entry can take
	if l.Function {
		fixed += 4
		least++
	}
	for _, k := range l.Aux {
		if !k.valid() {
			return nil, fmt.Errorf("pcsections: bad aux constant type %v", k)
		}
		fixed += int(k)
		least++
	}
	if len(data) == 0 {
		return nil, nil
	}
	if !l.Compressed {
		least = fixed
	}
	d := pcDecoder{section: section, data: data, bo: l.ByteOrder, aux: l.Aux}
	if d.bo == nil {
		d.bo = binary.LittleEndian
	}
	n := len(data) / least // an upper bound on the entries, from the data alone
	entries := make([]PCEntry, 0, n)
	var auxes []uint64
	if len(l.Aux) > 0 {
		auxes = make([]uint64, 0, n*len(l.Aux))
	}
	for d.off < len(data) {
		e := PCEntry{Off: int64(d.off)}
		d.entry = d.off
		if l.EntrySize == 4 {
			e.PCRel = int64(int32(d.fixed(pcFieldPC, 4)))
		} else {
			e.PCRel = int64(d.fixed(pcFieldPC, 8))
		}
		if d.err != nil {
			return pcEntriesOrNil(entries), d.err
		}
		if pcrel != nil {
			if v, ok := pcrel(e.Off); ok {
				e.PCRel = v
			}
		}
		e.PC = addr + uint64(e.Off) + uint64(e.PCRel)
		if l.Function {
			if l.Compressed {
				e.Size = d.uleb(pcFieldSize, 4)
			} else {
				e.Size = d.fixed(pcFieldSize, 4)
			}
		}
		start := len(auxes)
		for i, k := range l.Aux {
			var v uint64
			if l.Compressed && k != PCAuxU8 {
				v = d.uleb(i, int(k))
			} else {
				v = d.fixed(i, int(k))
			}
			auxes = append(auxes, v)
		}
		if d.err != nil {
			return pcEntriesOrNil(entries), d.err
		}
		if len(l.Aux) > 0 {
			e.Aux = auxes[start:len(auxes):len(auxes)]
		}
		entries = append(entries, e)
	}
	return entries, nil
}

// pcEntriesOrNil returns nil for no entries, as for an empty section.
func pcEntriesOrNil(es []PCEntry) []PCEntry {
	if len(es) == 0 {
		return nil
	}
	return es
}

// pcDecoder reads the fields of one entry after another. The first problem
// is kept in err; after it every read returns 0.
type pcDecoder struct {
	section string
	data    []byte
	off     int // next byte to read
	entry   int // start of the entry being read
	aux     []PCAuxKind
	bo      binary.ByteOrder
	err     *DecodeError
}

// The fields of an entry other than the aux constants, which are numbered
// from 0.
const (
	pcFieldPC   = -2
	pcFieldSize = -1
)

// fieldName names a field in an error message; it is called only on errors
// so that decoding builds no strings.
func (d *pcDecoder) fieldName(field int) string {
	switch field {
	case pcFieldPC:
		return "PC field"
	case pcFieldSize:
		return "function size"
	}
	return "aux constant " + strconv.Itoa(field+1) + " (" + d.aux[field].String() + ")"
}

// fail records the error "<what>: <field> at 0x<d.off><problem>".
func (d *pcDecoder) fail(what string, field int, problem string) {
	d.err = &DecodeError{
		Section: d.section,
		Off:     int64(d.entry),
		Msg:     fmt.Sprintf("%s: %s at 0x%x%s", what, d.fieldName(field), d.off, problem),
	}
}

// fixed reads an n-byte unsigned field (n is 1, 2, 4 or 8).
func (d *pcDecoder) fixed(field, n int) uint64 {
	if d.err != nil {
		return 0
	}
	if left := len(d.data) - d.off; left < n {
		d.fail("truncated entry", field, fmt.Sprintf(" needs %d bytes, %d left", n, left))
		return 0
	}
	b := d.data[d.off : d.off+n]
	d.off += n
	switch n {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(d.bo.Uint16(b))
	case 4:
		return uint64(d.bo.Uint32(b))
	}
	return d.bo.Uint64(b)
}

// uleb reads a ULEB128 field whose value must fit in size bytes.
func (d *pcDecoder) uleb(field, size int) uint64 {
	if d.err != nil {
		return 0
	}
	v, n := leb128.Uint(d.data[d.off:])
	switch {
	case n == 0:
		d.fail("truncated entry", field, ": "+msgULEBTruncated)
		return 0
	case n < 0:
		d.fail("bad entry", field, ": "+msgULEBTooBig)
		return 0
	case size < 8 && v > math.MaxUint64>>(64-8*size):
		width := "32 bits"
		if field >= 0 {
			width = d.aux[field].String()
		}
		d.fail("bad entry", field, fmt.Sprintf(": value 0x%x does not fit in %s", v, width))
		return 0
	}
	d.off += n
	return v
}
