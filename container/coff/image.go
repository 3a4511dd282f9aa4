package coff

import (
	"encoding/binary"
	"fmt"
)

const (
	dosHeaderSize = 0x40 // IMAGE_DOS_HEADER
	lfanewOff     = 0x3c // e_lfanew: offset of the PE signature
)

// IsImage reports whether data is a PE image: it starts with "MZ" and the
// 32-bit e_lfanew at 0x3c points at "PE\0\0" within data.
func IsImage(data []byte) bool {
	if len(data) < dosHeaderSize || data[0] != 'M' || data[1] != 'Z' {
		return false
	}
	e := uint64(binary.LittleEndian.Uint32(data[lfanewOff:]))
	return e+4 <= uint64(len(data)) && string(data[e:e+4]) == "PE\x00\x00"
}

// newImage reads a PE image: DOS header, PE signature, COFF file header,
// optional header (skipped), section table.
func newImage(data []byte) (*File, error) {
	if len(data) < dosHeaderSize {
		return nil, &FormatError{0, fmt.Sprintf("truncated DOS header: %d of %d bytes", len(data), dosHeaderSize)}
	}
	le := binary.LittleEndian
	e := uint64(le.Uint32(data[lfanewOff:]))
	if e+4 > uint64(len(data)) {
		return nil, &FormatError{lfanewOff, fmt.Sprintf("PE signature offset 0x%x is past the end of the data (0x%x bytes)", e, len(data))}
	}
	if string(data[e:e+4]) != "PE\x00\x00" {
		return nil, &FormatError{int64(e), fmt.Sprintf("no PE signature at e_lfanew 0x%x: % x", e, data[e:e+4])}
	}
	h := e + 4
	if h+fileHeaderSize > uint64(len(data)) {
		return nil, &FormatError{int64(h), fmt.Sprintf("truncated COFF file header: %d of %d bytes", uint64(len(data))-h, fileHeaderSize)}
	}
	f := &File{Machine: le.Uint16(data[h:]), Image: true}
	f.Arch = ArchName(f.Machine)
	var err error
	f.Sections, err = sections(data, table{
		off:      h + fileHeaderSize + uint64(le.Uint16(data[h+16:])),
		n:        uint32(le.Uint16(data[h+2:])),
		countOff: int64(h + 2),
		image:    true,
		symOff:   uint64(le.Uint32(data[h+8:])),
		nsyms:    uint64(le.Uint32(data[h+12:])),
		symSize:  symbolSize,
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}
