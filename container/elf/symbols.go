package elf

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/bcextract/bcextract/internal/leb128"
)

// A Symbol is one entry of a symbol table.
type Symbol struct {
	Name  string
	Value uint64
	Size  uint64
	Info  uint8 // st_info: binding << 4 | type
	Other uint8
	Shndx uint16
}

// Type returns the symbol's type (STT_*).
func (s *Symbol) Type() uint8 { return s.Info & 0xf }

// STT_SECTION is the type of a section symbol.
const STT_SECTION = 3

// A Reloc is one relocation, from a REL, RELA or CREL section.
type Reloc struct {
	Off    uint64 // r_offset
	Sym    uint32 // symbol index
	Type   uint32
	Addend int64 // 0 for REL
}

// IsRelocType reports whether t is a relocation section type.
func IsRelocType(t SectionType) bool { return t == SHT_REL || t == SHT_RELA || t == SHT_CREL }

func (f *File) byteOrder() binary.ByteOrder {
	if f.Data == 2 { // ELFDATA2MSB
		return binary.BigEndian
	}
	return binary.LittleEndian
}

func (f *File) is64() bool { return f.Class == 2 }

// contents returns the bytes of section s of data; NewFile checked the range.
func (f *File) contents(data []byte, s *Section) []byte {
	if s.NoBits {
		return nil
	}
	return data[s.Off : s.Off+s.Size]
}

// SymbolTable returns the index of the first SHT_SYMTAB section, or -1.
func (f *File) SymbolTable() int {
	if f.relocFor == nil { // a File not made by NewFile
		f.index()
	}
	return f.symtab
}

// Symbols decodes the symbol table in section index tab of data (the data
// given to NewFile), entry 0 included so that indices match. Names are the
// symbols' own (st_name): a section symbol's is usually empty, as
// llvm-readobj prints it in --addrsig and --cg-profile; SymbolName names
// it after its section.
//
// The result takes 48 bytes per symbol of 16 (ELF32) or 24 bytes. The
// names are substrings of one copy of the string table, and each is found
// in time bounded by the table's size however many symbols share its bytes.
func (f *File) Symbols(data []byte, tab int) ([]Symbol, error) {
	if tab < 0 || tab >= len(f.Sections) {
		return nil, &FormatError{Msg: fmt.Sprintf("no symbol table section %d", tab)}
	}
	s := &f.Sections[tab]
	b := f.contents(data, s)
	size := 16
	if f.is64() {
		size = 24
	}
	var strtab string
	if int(s.Link) < len(f.Sections) {
		strtab = string(f.contents(data, &f.Sections[s.Link]))
	}
	names := nameFinder{tab: strtab, budget: 2*len(strtab) + 1024}
	bo := f.byteOrder()
	syms := make([]Symbol, 0, len(b)/size)
	for off := 0; off+size <= len(b); off += size {
		e := b[off : off+size]
		var sym Symbol
		var name uint32
		if f.is64() {
			name = bo.Uint32(e)
			sym.Info, sym.Other, sym.Shndx = e[4], e[5], bo.Uint16(e[6:])
			sym.Value, sym.Size = bo.Uint64(e[8:]), bo.Uint64(e[16:])
		} else {
			name = bo.Uint32(e)
			sym.Value, sym.Size = uint64(bo.Uint32(e[4:])), uint64(bo.Uint32(e[8:]))
			sym.Info, sym.Other, sym.Shndx = e[12], e[13], bo.Uint16(e[14:])
		}
		sym.Name = names.at(name)
		syms = append(syms, sym)
	}
	return syms, nil
}

// SymbolName returns the name of s, a symbol of f, or for a section
// symbol with no name of its own the name of its section, as llvm-objdump
// names the targets of relocations.
func (f *File) SymbolName(s *Symbol) string {
	if s.Name == "" && s.Type() == STT_SECTION && int(s.Shndx) < len(f.Sections) {
		return f.Sections[s.Shndx].Name
	}
	return s.Name
}

// A nameFinder returns the NUL-terminated names of a string table as
// substrings of it. Names are found by scanning for their NUL until the
// scans have covered budget bytes; then the end of every name is tabulated
// once, so that many entries naming one long string cost linear time.
type nameFinder struct {
	tab    string
	budget int
	ends   []uint32 // ends[i]: the first NUL at or after i, or len(tab)
}

// at returns the name at offset off, "" if off is outside the table; a name
// without a NUL runs to the end of the table.
func (nf *nameFinder) at(off uint32) string {
	if int64(off) >= int64(len(nf.tab)) {
		return ""
	}
	if nf.ends != nil {
		return nf.tab[off:nf.ends[off]]
	}
	n := strings.IndexByte(nf.tab[off:], 0)
	if n < 0 {
		n = len(nf.tab) - int(off)
	}
	if nf.budget -= n; nf.budget < 0 && int64(len(nf.tab)) < 1<<32 {
		nf.ends = make([]uint32, len(nf.tab))
		end := uint32(len(nf.tab))
		for i := len(nf.tab) - 1; i >= 0; i-- {
			if nf.tab[i] == 0 {
				end = uint32(i)
			}
			nf.ends[i] = end
		}
	}
	return nf.tab[off : int(off)+n]
}

// RelocSection returns the index of the relocation section (REL, RELA or
// CREL) that applies to section i, or -1; the first one if there are
// several.
func (f *File) RelocSection(i int) int {
	if f.relocFor == nil { // a File not made by NewFile
		f.index()
	}
	if i < 0 || i >= len(f.relocFor) {
		return -1
	}
	return int(f.relocFor[i])
}

// Relocs decodes the relocations of relocation section index rs of data.
func (f *File) Relocs(data []byte, rs int) ([]Reloc, error) {
	if rs < 0 || rs >= len(f.Sections) {
		return nil, &FormatError{Msg: fmt.Sprintf("no relocation section %d", rs)}
	}
	s := &f.Sections[rs]
	b := f.contents(data, s)
	if s.Type == SHT_CREL {
		rels, err := decodeCREL(b, f.is64())
		if err != nil {
			err.Off += s.Off
			return nil, err
		}
		return rels, nil
	}
	bo := f.byteOrder()
	size := 8
	if f.is64() {
		size = 16
	}
	if s.Type == SHT_RELA {
		size += size / 2
	}
	rels := make([]Reloc, 0, len(b)/size)
	for off := 0; off+size <= len(b); off += size {
		e := b[off:]
		var r Reloc
		if f.is64() {
			info := bo.Uint64(e[8:])
			r.Off, r.Sym, r.Type = bo.Uint64(e), uint32(info>>32), uint32(info)
			if s.Type == SHT_RELA {
				r.Addend = int64(bo.Uint64(e[16:]))
			}
		} else {
			info := bo.Uint32(e[4:])
			r.Off, r.Sym, r.Type = uint64(bo.Uint32(e)), info>>8, info&0xff
			if s.Type == SHT_RELA {
				r.Addend = int64(int32(bo.Uint32(e[8:])))
			}
		}
		rels = append(rels, r)
	}
	return rels, nil
}

// decodeCREL decodes a compact relocation section: a ULEB128 header
// (count << 3 | has-addend flag 4 | offset shift), then per relocation a
// flag byte holding the low bits of the offset delta and which of symbol,
// type and addend change, each change an SLEB128 delta.
func decodeCREL(b []byte, is64 bool) ([]Reloc, *FormatError) {
	r := lebReader{b: b}
	hdr := r.uleb()
	count, shift, hasAddend := hdr>>3, hdr&3, hdr&4 != 0
	if r.err != nil {
		if r.err == errTooBig {
			return nil, &FormatError{Msg: "bad CREL header: " + errTooBig.Error()}
		}
		return nil, &FormatError{Off: int64(r.off), Msg: "truncated CREL header"}
	}
	if count > uint64(len(b)) { // each relocation takes at least one byte
		return nil, &FormatError{Msg: fmt.Sprintf("CREL count %d exceeds the section's %d bytes", count, len(b))}
	}
	rels := make([]Reloc, 0, count)
	var off, addend uint64
	var sym, typ uint32
	for i := uint64(0); i < count; i++ {
		at := r.off
		flags := r.byte()
		delta := uint64(flags >> 3)
		if flags&0x80 != 0 {
			delta = uint64(flags>>3)&0xf | r.uleb()<<4
		}
		off += delta << shift
		if flags&1 != 0 {
			sym += uint32(r.sleb())
		}
		if flags&2 != 0 {
			typ += uint32(r.sleb())
		}
		if flags&4 != 0 && hasAddend {
			addend += uint64(r.sleb())
		}
		if r.err == errTooBig {
			return nil, &FormatError{Off: int64(at), Msg: fmt.Sprintf("bad CREL relocation %d: %v", i, errTooBig)}
		}
		if r.err != nil {
			return nil, &FormatError{Off: int64(at), Msg: fmt.Sprintf("truncated CREL relocation %d", i)}
		}
		rel := Reloc{Off: off, Sym: sym, Type: typ, Addend: int64(addend)}
		if !is64 {
			rel.Off, rel.Addend = uint64(uint32(off)), int64(int32(addend))
		}
		rels = append(rels, rel)
	}
	return rels, nil
}

// lebReader reads LEB128 numbers with a sticky error.
type lebReader struct {
	b   []byte
	off int
	err error
}

var (
	errTruncated = errors.New("truncated")
	errTooBig    = errors.New("LEB128 value does not fit in 64 bits")
)

func (r *lebReader) byte() byte {
	if r.off >= len(r.b) {
		r.err = errTruncated
		return 0
	}
	c := r.b[r.off]
	r.off++
	return c
}

// done advances past a LEB128 of n bytes (see leb128.Uint) or records why
// there is none.
func (r *lebReader) done(n int) bool {
	switch {
	case r.err != nil:
		return false
	case n == 0:
		r.off, r.err = len(r.b), errTruncated
		return false
	case n < 0:
		r.err = errTooBig
		return false
	}
	r.off += n
	return true
}

func (r *lebReader) uleb() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := leb128.Uint(r.b[r.off:])
	if !r.done(n) {
		return 0
	}
	return v
}

func (r *lebReader) sleb() int64 {
	if r.err != nil {
		return 0
	}
	v, n := leb128.Int(r.b[r.off:])
	if !r.done(n) {
		return 0
	}
	return v
}
