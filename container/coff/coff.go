// Package coff locates the sections of COFF object files (regular and
// bigobj) and PE images as byte ranges of the data it is given. It reads
// the headers, the section table and, for long section names, the string
// table, and nothing else: section contents are never copied, and callers
// take them as data[Off:Off+Size] after the checks done here.
//
// [NewFile] reads an object or an image and returns a [File] with its machine
// and its sections ([Section]); [File.SymbolNames] reads the symbol names that
// .llvm.call-graph-profile and .llvm_addrsig refer to. Errors about the input
// are *[FormatError] values, whose Off is a byte offset in the data given to
// NewFile. Most programs use package container, which walks COFF objects and
// PE images with this package.
//
// The package does not use debug/pe, whose NewFile rejects the ARM64EC and
// ARM64X machines ("unrecognized PE machine"), cannot read inputs shorter
// than 96 bytes (it reads a DOS header from every file), reads and decodes
// the whole symbol table and every section's relocations (copying them, one
// reflection-driven binary.Read per 18-byte symbol) and fails the file when
// any of those is damaged, does not know bigobj files, and returns errors
// without offsets. Parsing the 20-byte header and the 40-byte section headers
// directly gives every error the offset of the record it rejects.
//
// Section sizes follow LLVM 22's COFFObjectFile::getSectionSize: an object's
// section has SizeOfRawData bytes; an image's has min(VirtualSize,
// SizeOfRawData), so 0 when VirtualSize is 0 (the rest of a section's file
// range is alignment padding). A section whose PointerToRawData is 0 has no
// bytes in the file (LLVM's isSectionVirtual).
package coff

import (
	"encoding/binary"
	"fmt"
	"strconv"
)

// A FormatError reports a malformed COFF object or PE image. Off is the byte
// offset, from the start of the data given, of the header field or section
// header that was rejected.
type FormatError struct {
	Off int64
	Msg string
}

// Error returns "MSG at byte 0xOFF".
func (e *FormatError) Error() string { return fmt.Sprintf("%s at byte 0x%x", e.Msg, e.Off) }

// Machine types (IMAGE_FILE_MACHINE_*).
const (
	IMAGE_FILE_MACHINE_I386    = 0x014c
	IMAGE_FILE_MACHINE_AMD64   = 0x8664
	IMAGE_FILE_MACHINE_ARM     = 0x01c0
	IMAGE_FILE_MACHINE_THUMB   = 0x01c2
	IMAGE_FILE_MACHINE_ARMNT   = 0x01c4
	IMAGE_FILE_MACHINE_ARM64   = 0xaa64
	IMAGE_FILE_MACHINE_ARM64EC = 0xa641
	IMAGE_FILE_MACHINE_ARM64X  = 0xa64e
)

// machineNames names the machines. ARM64EC and ARM64X objects hold both
// arm64 and x64-compatible code; LLVM's triple for both is aarch64.
var machineNames = []struct {
	m    uint16
	name string
}{
	{IMAGE_FILE_MACHINE_AMD64, "x86_64"},
	{IMAGE_FILE_MACHINE_I386, "i386"},
	{IMAGE_FILE_MACHINE_ARM64, "arm64"},
	{IMAGE_FILE_MACHINE_ARMNT, "arm"},
	{IMAGE_FILE_MACHINE_ARM, "arm"},
	{IMAGE_FILE_MACHINE_THUMB, "arm"},
	{IMAGE_FILE_MACHINE_ARM64EC, "arm64ec"},
	{IMAGE_FILE_MACHINE_ARM64X, "arm64x"},
}

// ArchName returns the architecture name of a machine type: "x86_64",
// "i386", "arm64", "arm" (ARMNT, ARM, Thumb), "arm64ec" or "arm64x", and
// "unknown(0x<machine>)" with four hex digits for anything else.
func ArchName(machine uint16) string {
	for _, n := range machineNames {
		if n.m == machine {
			return n.name
		}
	}
	return fmt.Sprintf("unknown(0x%04x)", machine)
}

// A Section is one entry of the section table.
type Section struct {
	Name string // resolved through the string table for "/N" and "//BASE64" names
	// Off and Size give the section's bytes in the data given to NewFile.
	// Off is PointerToRawData. Size is SizeOfRawData for an object and
	// min(VirtualSize, SizeOfRawData) for an image. Unless ZeroFill is set,
	// Off+Size <= len(data).
	Off, Size       int64
	Characteristics uint32
	Index           int // 1-based, as symbols' SectionNumber counts
	// ZeroFill reports that PointerToRawData is 0: the section (.bss and
	// the like) has no bytes in the file, Off is meaningless and Size is
	// as above; it is not checked against data.
	ZeroFill bool
}

// A File is a COFF object or PE image: its machine and its sections.
type File struct {
	Machine  uint16 // IMAGE_FILE_MACHINE_*
	Arch     string // ArchName(Machine)
	Image    bool   // a PE image (DLL, EXE): "MZ", e_lfanew, "PE\0\0"
	BigObj   bool   // an object with the bigobj header (/bigobj, -mbig-obj)
	Sections []Section

	symtab table // where the symbol and string tables are
}

// NewFile reads the headers and section table of the COFF object or PE image
// in data. It tells them apart by the "MZ" of a PE image and the bigobj
// signature; anything else is read as a regular object and must have one of
// the machines IsObject accepts. Each section that has bytes in the file
// must lie within data.
func NewFile(data []byte) (*File, error) {
	if len(data) >= 2 && data[0] == 'M' && data[1] == 'Z' {
		return newImage(data)
	}
	return newObject(data)
}

const (
	fileHeaderSize    = 20 // IMAGE_FILE_HEADER
	sectionHeaderSize = 40 // IMAGE_SECTION_HEADER
	symbolSize        = 18 // IMAGE_SYMBOL
	bigSymbolSize     = 20 // IMAGE_SYMBOL_EX
)

// A table locates a section table and what it needs.
type table struct {
	off      uint64 // of the first section header
	n        uint32 // number of sections
	countOff int64  // of the NumberOfSections field, for errors
	image    bool
	symOff   uint64 // PointerToSymbolTable
	nsyms    uint64 // NumberOfSymbols
	symSize  uint64 // 18, or 20 for bigobj
}

// sections reads the section table t describes.
func sections(data []byte, t table) ([]Section, error) {
	end := t.off + uint64(t.n)*sectionHeaderSize
	if end > uint64(len(data)) {
		return nil, &FormatError{t.countOff, fmt.Sprintf("section table of %d sections at 0x%x runs past the end of the data (0x%x bytes)", t.n, t.off, len(data))}
	}
	le := binary.LittleEndian
	secs := make([]Section, t.n)
	strtab := stringTable{data: data, off: t.symOff + t.nsyms*t.symSize, present: t.symOff != 0}
	// Long names are copied out of the string table. Their total is held to
	// the size of the data, so that names pointing many times at one long
	// string cannot make the section table grow without bound.
	nameBudget := len(data)
	for i := range secs {
		hoff := t.off + uint64(i)*sectionHeaderSize
		h := data[hoff : hoff+sectionHeaderSize]
		s := &secs[i]
		s.Index = i + 1
		name, err := strtab.sectionName(h[:8])
		if err != nil {
			return nil, &FormatError{int64(hoff), fmt.Sprintf("section %d: %v", i+1, err)}
		}
		if len(name) > 8 {
			if nameBudget -= len(name); nameBudget < 0 {
				return nil, &FormatError{int64(hoff), fmt.Sprintf("section %d: long section names total more than the 0x%x bytes of the data", i+1, len(data))}
			}
		}
		s.Name = name
		virtualSize, rawSize, ptr := le.Uint32(h[8:]), le.Uint32(h[16:]), le.Uint32(h[20:])
		s.Characteristics = le.Uint32(h[36:])
		size := rawSize
		if t.image {
			size = min(virtualSize, rawSize)
		}
		s.Off, s.Size = int64(ptr), int64(size)
		if ptr == 0 {
			s.ZeroFill = true
			continue
		}
		if uint64(ptr)+uint64(size) > uint64(len(data)) {
			return nil, &FormatError{int64(hoff), fmt.Sprintf("section %d (%s) [0x%x, 0x%x) runs past the end of the data (0x%x bytes)",
				i+1, s.Name, ptr, uint64(ptr)+uint64(size), len(data))}
		}
	}
	return secs, nil
}

// A stringTable is the COFF string table that follows the symbol table: a
// 4-byte little-endian size (counting itself), then NUL-terminated strings.
// It is located only when a section name refers to it.
type stringTable struct {
	data    []byte
	off     uint64
	present bool // PointerToSymbolTable != 0
}

// sectionName returns a section header's name: the 8-byte field up to its
// first NUL, or, for "/N" (decimal) and "//BASE64" names, the string at
// offset N of the string table, as LLVM's COFFObjectFile::getSectionName
// reads them.
func (st *stringTable) sectionName(field []byte) (string, error) {
	n := 0
	for n < len(field) && field[n] != 0 {
		n++
	}
	name := field[:n]
	if n == 0 || name[0] != '/' {
		return string(name), nil
	}
	var off uint64
	var ok bool
	if n >= 2 && name[1] == '/' {
		off, ok = decodeBase64(name[2:])
	} else {
		var err error
		off, err = strconv.ParseUint(string(name[1:]), 10, 32)
		ok = err == nil
	}
	if !ok {
		return "", fmt.Errorf("invalid long section name %q", name)
	}
	return st.lookup(off)
}

// decodeBase64 decodes the offset of a "//" name: up to 6 digits of
// A–Z a–z 0–9 + /, most significant first, at most 2^32-1.
func decodeBase64(s []byte) (uint64, bool) {
	if len(s) > 6 {
		return 0, false
	}
	var v uint64
	for _, c := range s {
		var d byte
		switch {
		case 'A' <= c && c <= 'Z':
			d = c - 'A'
		case 'a' <= c && c <= 'z':
			d = c - 'a' + 26
		case '0' <= c && c <= '9':
			d = c - '0' + 52
		case c == '+':
			d = 62
		case c == '/':
			d = 63
		default:
			return 0, false
		}
		v = v*64 + uint64(d)
	}
	return v, v <= 1<<32-1
}

func (st *stringTable) lookup(off uint64) (string, error) {
	if !st.present {
		return "", fmt.Errorf("long section name at string table offset %d, but there is no symbol table", off)
	}
	if st.off > uint64(len(st.data)) || uint64(len(st.data))-st.off < 4 {
		return "", fmt.Errorf("string table at 0x%x runs past the end of the data", st.off)
	}
	size := uint64(binary.LittleEndian.Uint32(st.data[st.off:]))
	if size > uint64(len(st.data))-st.off {
		return "", fmt.Errorf("string table [0x%x, 0x%x) runs past the end of the data", st.off, st.off+size)
	}
	if size <= 4 {
		return "", fmt.Errorf("long section name at string table offset %d, but the string table is empty", off)
	}
	if off >= size {
		return "", fmt.Errorf("long section name at string table offset %d, past its end (%d bytes)", off, size)
	}
	s := st.data[st.off+off : st.off+size]
	for i, c := range s {
		if c == 0 {
			return string(s[:i]), nil
		}
	}
	return string(s), nil
}
