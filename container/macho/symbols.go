package macho

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// Sizes of a symbol table entry: struct nlist (32-bit files) and struct
// nlist_64.
const (
	nlistSize32 = 12
	nlistSize64 = 16
)

// A symtabCmd is the LC_SYMTAB command as NewFile found it; its fields are
// checked by SymbolNames, so that a damaged symbol table does not keep
// NewFile from returning the sections.
type symtabCmd struct {
	off     uint64 // of the command
	size    uint64 // cmdsize
	bo      binary.ByteOrder
	is64    bool
	symoff  uint32
	nsyms   uint32
	stroff  uint32
	strsize uint32
	dup     uint64 // offset of a second LC_SYMTAB command; 0 if none
}

// recordSymtab notes the LC_SYMTAB command at off, whose size the caller has
// checked lies within the commands. The commands are walked more than once:
// recording is idempotent.
func (p *parser) recordSymtab(off, size uint64) {
	if p.symtab != nil {
		if off != p.symtab.off && p.symtab.dup == 0 {
			p.symtab.dup = off
		}
		return
	}
	c := &symtabCmd{off: off, size: size, bo: p.bo, is64: p.is64}
	if size >= symtabCmdSize {
		c.symoff = p.bo.Uint32(p.data[off+8:])
		c.nsyms = p.bo.Uint32(p.data[off+12:])
		c.stroff = p.bo.Uint32(p.data[off+16:])
		c.strsize = p.bo.Uint32(p.data[off+20:])
	}
	p.symtab = c
}

// SymbolNames returns the name of each nlist entry of the LC_SYMTAB symbol
// table of the thin Mach-O file in data (the data given to NewFile), by
// index: the indices that relocations and __LLVM,__cg_profile use. It
// returns nil, nil when the file has no LC_SYMTAB command.
//
// Names come from the string table: a name runs from the entry's n_strx to
// the first NUL or the end of the string table. An n_strx of 0, or one at
// or past the end of the string table, gives "" (llvm-readobj-22 prints the
// former as an empty name and rejects the latter as a bad string index).
// The names are substrings of one copy of the string table, so that the
// memory they hold is at most len(data) however many entries share a long
// string.
//
// Errors are *FormatError values at the offset of the LC_SYMTAB command (of
// the second one when there are two): a command too small for its fields, a
// second LC_SYMTAB command, or a symbol table or string table that does not
// lie within data. Both byte
// orders and both entry sizes (12-byte nlist, 16-byte nlist_64) are read.
func (f *File) SymbolNames(data []byte) ([]string, error) {
	c := f.symtab
	if c == nil {
		return nil, nil
	}
	off := int64(c.off)
	switch {
	case c.size < symtabCmdSize:
		return nil, &FormatError{off, fmt.Sprintf("LC_SYMTAB command has size 0x%x, less than 0x%x", c.size, symtabCmdSize)}
	case c.dup != 0:
		return nil, &FormatError{int64(c.dup), "more than one LC_SYMTAB command"}
	case c.off+c.size > uint64(len(data)):
		return nil, &FormatError{0, fmt.Sprintf("LC_SYMTAB command at 0x%x lies past the end of the data (0x%x bytes)", c.off, len(data))}
	}
	entSize := uint64(nlistSize32)
	if c.is64 {
		entSize = nlistSize64
	}
	symEnd := uint64(c.symoff) + uint64(c.nsyms)*entSize // < 2^32 + 2^36: no overflow
	if symEnd > uint64(len(data)) {
		return nil, &FormatError{off, fmt.Sprintf("symbol table [0x%x, 0x%x) (%d entries) runs past the end of the data (0x%x bytes)",
			c.symoff, symEnd, c.nsyms, len(data))}
	}
	strEnd := uint64(c.stroff) + uint64(c.strsize)
	if strEnd > uint64(len(data)) {
		return nil, &FormatError{off, fmt.Sprintf("string table [0x%x, 0x%x) runs past the end of the data (0x%x bytes)",
			c.stroff, strEnd, len(data))}
	}
	// One copy of the string table; every name is a substring of it.
	strtab := string(data[c.stroff:strEnd])
	names := make([]string, c.nsyms)
	// Each name is found by scanning for its NUL. Entries that share a long
	// string would make that quadratic: once the scans have covered the
	// string table twice over, the end of every name is tabulated instead.
	var ends []uint32
	budget := 2*len(strtab) + 1024
	for i := range names {
		e := uint64(c.symoff) + uint64(i)*entSize
		strx := uint64(c.bo.Uint32(data[e:]))
		if strx == 0 || strx >= uint64(len(strtab)) {
			continue
		}
		if ends != nil {
			names[i] = strtab[strx:ends[strx]]
			continue
		}
		n := strings.IndexByte(strtab[strx:], 0)
		if n < 0 {
			n = len(strtab) - int(strx)
		}
		names[i] = strtab[strx : int(strx)+n]
		if budget -= n; budget < 0 {
			ends = nameEnds(strtab)
		}
	}
	return names, nil
}

// nameEnds returns, for each offset of strtab, the offset of the first NUL
// at or after it, or len(strtab) if none.
func nameEnds(strtab string) []uint32 {
	ends := make([]uint32, len(strtab))
	end := uint32(len(strtab))
	for i := len(strtab) - 1; i >= 0; i-- {
		if strtab[i] == 0 {
			end = uint32(i)
		}
		ends[i] = end
	}
	return ends
}
