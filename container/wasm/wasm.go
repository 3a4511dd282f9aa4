// Package wasm reads the section table of WebAssembly binaries held in
// memory: objects as clang writes them (whose custom sections ".llvmbc" and
// ".llvmcmd" hold the bitcode and command line of -fembed-bitcode) and
// linked modules.
//
// A binary is the magic "\x00asm", a version (1, little-endian 32 bits),
// then sections: an id byte, the size of the contents as an unsigned LEB128
// (at most 2^32-1), and the contents. The contents of a custom section (id 0)
// start with its name: a LEB128 length and that many bytes. NewFile checks
// every section against the data, and reads the import and memory sections
// far enough to tell a wasm64 module (a memory with 64-bit limits) from a
// wasm32 one, as LLVM does. It copies nothing but section names, and decodes
// no section's contents beyond that.
//
// Errors about the input are *[FormatError] values, whose Off is a byte offset
// in the data given to NewFile. Most programs use package container, which
// walks WebAssembly objects with this package.
package wasm

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// Magic starts every WebAssembly binary.
const Magic = "\x00asm"

// Version is the only binary format version NewFile reads.
const Version = 1

// HeaderSize is the size of the magic and the version.
const HeaderSize = 8

// A SectionID is a section's id byte.
type SectionID uint8

// Section ids, as in LLVM's BinaryFormat/Wasm.h.
const (
	WASM_SEC_CUSTOM    SectionID = 0
	WASM_SEC_TYPE      SectionID = 1
	WASM_SEC_IMPORT    SectionID = 2
	WASM_SEC_FUNCTION  SectionID = 3
	WASM_SEC_TABLE     SectionID = 4
	WASM_SEC_MEMORY    SectionID = 5
	WASM_SEC_GLOBAL    SectionID = 6
	WASM_SEC_EXPORT    SectionID = 7
	WASM_SEC_START     SectionID = 8
	WASM_SEC_ELEM      SectionID = 9
	WASM_SEC_CODE      SectionID = 10
	WASM_SEC_DATA      SectionID = 11
	WASM_SEC_DATACOUNT SectionID = 12
	WASM_SEC_TAG       SectionID = 13
)

// sectionNames are the names llvm-readobj prints for the section types.
var sectionNames = [...]string{
	WASM_SEC_CUSTOM:    "CUSTOM",
	WASM_SEC_TYPE:      "TYPE",
	WASM_SEC_IMPORT:    "IMPORT",
	WASM_SEC_FUNCTION:  "FUNCTION",
	WASM_SEC_TABLE:     "TABLE",
	WASM_SEC_MEMORY:    "MEMORY",
	WASM_SEC_GLOBAL:    "GLOBAL",
	WASM_SEC_EXPORT:    "EXPORT",
	WASM_SEC_START:     "START",
	WASM_SEC_ELEM:      "ELEM",
	WASM_SEC_CODE:      "CODE",
	WASM_SEC_DATA:      "DATA",
	WASM_SEC_DATACOUNT: "DATACOUNT",
	WASM_SEC_TAG:       "TAG",
}

// String returns the name llvm-readobj prints for the section type
// ("CUSTOM", "TYPE", ...), or "SectionID(N)" for an unknown id.
func (id SectionID) String() string {
	if int(id) < len(sectionNames) {
		return sectionNames[id]
	}
	return fmt.Sprintf("SectionID(%d)", uint8(id))
}

// A Section is one section of a binary.
type Section struct {
	ID SectionID
	// Name is a custom section's name, "" for the other sections.
	Name string
	// Index is the section's position in the file, from 0.
	Index int
	// HeaderOff is the offset of the section's id byte.
	HeaderOff int64
	// Off and Size locate the section's contents, after its size and, for
	// a custom section, after its name: what llvm-objcopy --dump-section
	// writes. Off+Size <= len(data).
	Off, Size int64
}

// A File is a WebAssembly binary's header and sections.
type File struct {
	Version uint32
	// Memory64 reports an imported or defined memory with 64-bit limits,
	// which makes the module wasm64 (as LLVM decides it).
	Memory64 bool
	Sections []Section
}

// Arch returns the architecture as LLVM names it in triples: "wasm64" or
// "wasm32".
func (f *File) Arch() string {
	if f.Memory64 {
		return "wasm64"
	}
	return "wasm32"
}

// A FormatError reports a malformed binary. Off is the byte offset, from the
// start of the data given, of the header field, section header, name or
// import entry that was rejected, or where a section's contents ended early.
type FormatError struct {
	Off int64
	Msg string
}

// Error returns "MSG at byte 0xOFF".
func (e *FormatError) Error() string { return fmt.Sprintf("%s at byte 0x%x", e.Msg, e.Off) }

// IsWasm reports whether data starts with the WebAssembly magic.
func IsWasm(data []byte) bool { return bytes.HasPrefix(data, []byte(Magic)) }

// NewFile reads the header and the sections of the binary in data.
func NewFile(data []byte) (*File, error) {
	if !IsWasm(data) {
		return nil, &FormatError{0, "not a WebAssembly binary: no \"\\0asm\" magic"}
	}
	if len(data) < HeaderSize {
		return nil, &FormatError{0, fmt.Sprintf("truncated WebAssembly header: %d of %d bytes", len(data), HeaderSize)}
	}
	f := &File{Version: binary.LittleEndian.Uint32(data[4:])}
	if f.Version != Version {
		return nil, &FormatError{4, fmt.Sprintf("unsupported WebAssembly version %#x", f.Version)}
	}
	// A first pass frames the sections, so that the table is allocated
	// once at its size (a section can be two bytes).
	n := 0
	for off := HeaderSize; off < len(data); n++ {
		b := buf{data: data, off: off, index: n, header: true}
		id := SectionID(b.u8())
		size := b.uleb32()
		if b.err != nil || size > uint64(len(data)-b.off) || id > WASM_SEC_TAG {
			break // the second pass reports it
		}
		off = b.off + int(size)
	}
	if n > 0 {
		f.Sections = make([]Section, 0, n)
	}
	b := &buf{data: data, off: HeaderSize}
	for b.off < len(data) {
		hdr := b.off
		b.index, b.header = len(f.Sections), true
		id := SectionID(b.u8())
		size := b.uleb32()
		if b.err != nil {
			return nil, b.err
		}
		if size > uint64(len(data)-b.off) {
			return nil, &FormatError{int64(hdr), fmt.Sprintf("section %d (%s): size %d runs past the end of the file (%d bytes left)",
				len(f.Sections), id, size, len(data)-b.off)}
		}
		if id > WASM_SEC_TAG {
			return nil, &FormatError{int64(hdr), fmt.Sprintf("section %d: invalid section type %d", len(f.Sections), uint8(id))}
		}
		s := Section{ID: id, Index: len(f.Sections), HeaderOff: int64(hdr)}
		sb := &buf{data: data[:b.off+int(size)], off: b.off, index: s.Index, id: id}
		if id == WASM_SEC_CUSTOM {
			s.Name = sb.str()
		}
		if sb.err != nil {
			return nil, sb.err
		}
		s.Off, s.Size = int64(sb.off), int64(len(sb.data)-sb.off)
		switch id {
		case WASM_SEC_IMPORT:
			f.Memory64 = f.Memory64 || sb.imports()
		case WASM_SEC_MEMORY:
			f.Memory64 = f.Memory64 || sb.memories()
		}
		if sb.err != nil {
			return nil, sb.err
		}
		f.Sections = append(f.Sections, s)
		b.off = len(sb.data)
	}
	return f, nil
}
