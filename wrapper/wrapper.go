// Package wrapper recognises LLVM bitcode files: the raw "BC" 0xC0DE stream
// and the 0x0B17C0DE wrapper header that Darwin targets put in front of it,
// and splits a byte range holding several bitcode files back to back (as a
// linker makes of .llvmbc sections) into one range per file.
//
// [IsRaw] and [IsWrapper] test the magic numbers. [Unwrap] returns a wrapped
// file's [Header] and the raw stream inside it, which is what package
// bitstream reads. [Split] (or [Spans], which builds no slice) cuts a byte
// range into spans ([Span]), each a raw file, a wrapped file or padding, by
// the length words of the raw files' top-level blocks; nothing inside a block
// is read. Nothing is copied: the raw stream is a sub-slice of the data, and a
// Span is an offset and a size in it.
//
// Errors are *[FormatError] values, whose Off is a byte offset from the start
// of the data given.
package wrapper

import (
	"encoding/binary"
	"fmt"
)

// Magic is the wrapper header's first word (stored little-endian).
const Magic = 0x0B17C0DE

// HeaderSize is the size of the wrapper header in bytes.
const HeaderSize = 20

// RawMagic is the first four bytes of a raw LLVM IR bitstream.
var RawMagic = [4]byte{'B', 'C', 0xC0, 0xDE}

// A Header is a decoded wrapper header. All fields are little-endian 32-bit
// words in the file.
type Header struct {
	Magic   uint32
	Version uint32
	Offset  uint32 // where the raw stream starts, from the start of the header
	Size    uint32 // size of the raw stream in bytes
	CPUType uint32 // Mach-O CPU type; 0xFFFFFFFF for arm64 and anything else unknown
}

// A FormatError reports a malformed wrapper or an unsplittable byte range.
// Off is the byte offset, from the start of the data given, where the problem
// was found.
type FormatError struct {
	Off int64
	Msg string
}

// Error returns "MSG at byte 0xOFF".
func (e *FormatError) Error() string { return fmt.Sprintf("%s at byte 0x%x", e.Msg, e.Off) }

// IsWrapper reports whether data starts with the wrapper magic.
func IsWrapper(data []byte) bool {
	return len(data) >= 4 && binary.LittleEndian.Uint32(data) == Magic
}

// IsRaw reports whether data starts with the raw LLVM IR magic "BC" 0xC0DE.
func IsRaw(data []byte) bool {
	return len(data) >= 4 && [4]byte(data[:4]) == RawMagic
}

// ParseHeader decodes the wrapper header at the start of data. It needs all
// 20 bytes and the magic; it does not check Offset and Size (Unwrap does).
func ParseHeader(data []byte) (Header, error) {
	if !IsWrapper(data) {
		return Header{}, &FormatError{0, "no bitcode wrapper magic"}
	}
	if len(data) < HeaderSize {
		return Header{}, &FormatError{int64(len(data)), fmt.Sprintf("bitcode wrapper header truncated: %d of %d bytes", len(data), HeaderSize)}
	}
	le := binary.LittleEndian
	return Header{
		Magic:   le.Uint32(data[0:]),
		Version: le.Uint32(data[4:]),
		Offset:  le.Uint32(data[8:]),
		Size:    le.Uint32(data[12:]),
		CPUType: le.Uint32(data[16:]),
	}, nil
}

// Unwrap returns the raw stream of a wrapped bitcode file: data[Offset :
// Offset+Size], after checking that the range lies inside data. Bytes outside
// the range (the header, trailing padding) are ignored, as LLVM ignores them.
func Unwrap(data []byte) (Header, []byte, error) {
	h, err := ParseHeader(data)
	if err != nil {
		return h, nil, err
	}
	end := uint64(h.Offset) + uint64(h.Size)
	if end > uint64(len(data)) {
		// Where the data ends, as every error of data cut short.
		return h, nil, &FormatError{int64(len(data)), fmt.Sprintf("bitcode wrapper range [0x%x, 0x%x) runs past the end of the data", h.Offset, end)}
	}
	return h, data[h.Offset:end], nil
}
