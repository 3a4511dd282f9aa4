package coff

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// Class IDs at offset 12 of a header that starts 0x0000 0xFFFF (LLVM's
// BinaryFormat/COFF.h). Anything else there is a short import library member.
var (
	bigObjMagic  = []byte{0xc7, 0xa1, 0xba, 0xd1, 0xee, 0xba, 0xa9, 0x4b, 0xaf, 0x20, 0xfa, 0xf6, 0x6a, 0xa4, 0xdc, 0xb8}
	clGLObjMagic = []byte{0x38, 0xfe, 0xb3, 0x0c, 0xa5, 0xd9, 0xab, 0x4d, 0xac, 0x9b, 0xd6, 0xb6, 0x22, 0x26, 0x53, 0xc2}
)

const (
	bigObjHeaderSize = 56 // coff_bigobj_file_header
	bigObjClassOff   = 12 // of the class ID (UUID)
	classIDSize      = 16

	// maxSections16 is COFF::MaxNumberOfSections16: LLVM writes a bigobj
	// file for more sections than that.
	maxSections16 = 65279
)

// objectMachine reports whether m is a machine IsObject accepts.
func objectMachine(m uint16) bool {
	switch m {
	case IMAGE_FILE_MACHINE_AMD64, IMAGE_FILE_MACHINE_I386, IMAGE_FILE_MACHINE_ARM64, IMAGE_FILE_MACHINE_ARMNT, IMAGE_FILE_MACHINE_ARM64EC, IMAGE_FILE_MACHINE_ARM64X:
		return true
	}
	return false
}

// isBigObj reports whether data starts with a bigobj header's signature and
// class ID.
func isBigObj(data []byte) bool {
	return len(data) >= bigObjClassOff+classIDSize && bigObjSig(data) &&
		bytes.Equal(data[bigObjClassOff:bigObjClassOff+classIDSize], bigObjMagic)
}

// bigObjSig reports whether data starts 0x0000 0xFFFF (Sig1, Sig2): a bigobj
// header, a short import library member, or an MSVC /GL object.
func bigObjSig(data []byte) bool {
	return len(data) >= 4 && data[0] == 0 && data[1] == 0 && data[2] == 0xff && data[3] == 0xff
}

// IsObject reports whether data looks like a COFF object file. For a
// regular header, whose only magic is its machine field, all of these must
// hold, which makes a match on unrelated bytes unlikely: the 16-bit
// little-endian machine at offset 0 is AMD64 (0x8664), I386 (0x14c), ARM64
// (0xaa64), ARMNT (0x1c4), ARM64EC (0xa641) or ARM64X (0xa64e);
// SizeOfOptionalHeader is 0; NumberOfSections is at most 65279; and the
// section table fits in data. A bigobj header (Sig1 0, Sig2 0xFFFF and the
// bigobj class ID at offset 12) is accepted with any machine when its
// 56 bytes are present.
func IsObject(data []byte) bool {
	if bigObjSig(data) {
		return isBigObj(data) && len(data) >= bigObjHeaderSize
	}
	if len(data) < fileHeaderSize {
		return false
	}
	le := binary.LittleEndian
	n := le.Uint16(data[2:])
	return objectMachine(le.Uint16(data)) &&
		le.Uint16(data[16:]) == 0 &&
		n <= maxSections16 &&
		fileHeaderSize+sectionHeaderSize*int(n) <= len(data)
}

// newObject reads a regular or bigobj COFF object.
func newObject(data []byte) (*File, error) {
	le := binary.LittleEndian
	if bigObjSig(data) {
		switch {
		case len(data) < bigObjClassOff+classIDSize:
			return nil, &FormatError{0, fmt.Sprintf("truncated COFF import or bigobj header: %d bytes", len(data))}
		case isBigObj(data):
			return newBigObj(data)
		case bytes.Equal(data[bigObjClassOff:bigObjClassOff+classIDSize], clGLObjMagic):
			return nil, &FormatError{bigObjClassOff, "MSVC /GL object (MSVC's own intermediate code) is not supported"}
		}
		return nil, &FormatError{0, "COFF short import library member, not an object"}
	}
	if len(data) < fileHeaderSize {
		return nil, &FormatError{0, fmt.Sprintf("truncated COFF file header: %d of %d bytes", len(data), fileHeaderSize)}
	}
	f := &File{Machine: le.Uint16(data)}
	if !objectMachine(f.Machine) {
		return nil, &FormatError{0, fmt.Sprintf("not a COFF object: unknown machine 0x%04x", f.Machine)}
	}
	f.Arch = ArchName(f.Machine)
	var err error
	f.symtab = table{
		off:      fileHeaderSize + uint64(le.Uint16(data[16:])),
		n:        uint32(le.Uint16(data[2:])),
		countOff: 2,
		symOff:   uint64(le.Uint32(data[8:])),
		nsyms:    uint64(le.Uint32(data[12:])),
		symSize:  symbolSize,
	}
	f.Sections, err = sections(data, f.symtab)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// newBigObj reads a bigobj object: a 56-byte header with 32-bit section
// count, the section table right after it, and 20-byte symbols.
func newBigObj(data []byte) (*File, error) {
	if len(data) < bigObjHeaderSize {
		return nil, &FormatError{0, fmt.Sprintf("truncated bigobj COFF header: %d of %d bytes", len(data), bigObjHeaderSize)}
	}
	le := binary.LittleEndian
	f := &File{Machine: le.Uint16(data[6:]), BigObj: true}
	f.Arch = ArchName(f.Machine)
	var err error
	f.symtab = table{
		off:      bigObjHeaderSize,
		n:        le.Uint32(data[44:]),
		countOff: 44,
		symOff:   uint64(le.Uint32(data[48:])),
		nsyms:    uint64(le.Uint32(data[52:])),
		symSize:  bigSymbolSize,
	}
	f.Sections, err = sections(data, f.symtab)
	if err != nil {
		return nil, err
	}
	return f, nil
}
