// Package elf locates the sections of an ELF file held in memory, for the
// container walker. It parses headers with the standard library's debug/elf
// and checks every section's file range itself, so that callers can take
// section contents as sub-slices of the file instead of copies.
package elf

import (
	"bytes"
	goelf "debug/elf"
	"encoding/binary"
	"fmt"
)

// LLVM's private section types, in LLVM 22's numbering.
const (
	SHT_LLVM_ODRTAB              = 0x6fff4c00
	SHT_LLVM_LINKER_OPTIONS      = 0x6fff4c01
	SHT_LLVM_ADDRSIG             = 0x6fff4c03
	SHT_LLVM_DEPENDENT_LIBRARIES = 0x6fff4c04
	SHT_LLVM_SYMPART             = 0x6fff4c05
	SHT_LLVM_PART_EHDR           = 0x6fff4c06
	SHT_LLVM_PART_PHDR           = 0x6fff4c07
	SHT_LLVM_BB_ADDR_MAP_V0      = 0x6fff4c08
	SHT_LLVM_CALL_GRAPH_PROFILE  = 0x6fff4c09
	SHT_LLVM_BB_ADDR_MAP         = 0x6fff4c0a
	SHT_LLVM_OFFLOADING          = 0x6fff4c0b
	SHT_LLVM_LTO                 = 0x6fff4c0c
	SHT_LLVM_JT_SIZES            = 0x6fff4c0d
	SHT_LLVM_CFI_JUMP_TABLE      = 0x6fff4c0e
	SHT_LLVM_CALL_GRAPH          = 0x6fff4c0f
)

// IsLLVMType reports whether t is in the range of section types LLVM
// reserves for itself (SHT_LLVM_ODRTAB to SHT_LLVM_CALL_GRAPH and the
// unassigned values among them).
func IsLLVMType(t uint32) bool { return t >= SHT_LLVM_ODRTAB && t <= SHT_LLVM_CALL_GRAPH }

// A Section is one section header, with its file range checked.
type Section struct {
	Name    string
	Type    uint32 // sh_type
	Flags   uint64 // sh_flags
	Addr    uint64 // sh_addr
	Off     int64  // sh_offset: byte offset of the contents in the data given to NewFile
	Size    int64  // sh_size; the contents are data[Off:Off+Size] unless NoBits
	Link    uint32 // sh_link
	Info    uint32 // sh_info
	EntSize uint64 // sh_entsize
	Index   int    // section header index
	// NoBits is set for SHT_NOBITS sections, which occupy no file space.
	NoBits bool
}

// A File is an ELF file's identity and section table.
type File struct {
	Class   goelf.Class
	Data    goelf.Data // byte order
	Type    goelf.Type
	Machine goelf.Machine
	// Arch is the architecture as LLVM names it in target triples
	// ("x86_64", "aarch64", "i386", "powerpc64", ...), or "" when unknown.
	Arch     string
	Sections []Section
}

// A FormatError reports malformed ELF input. Off is a byte offset in the
// data given to NewFile.
type FormatError struct {
	Off int64
	Msg string
	Err error // the debug/elf error behind Msg, if any
}

func (e *FormatError) Error() string { return fmt.Sprintf("%s at byte 0x%x", e.Msg, e.Off) }

// Unwrap returns the underlying debug/elf error, if any.
func (e *FormatError) Unwrap() error { return e.Err }

// IsELF reports whether data starts with the ELF magic number.
func IsELF(data []byte) bool { return len(data) >= 4 && string(data[:4]) == goelf.ELFMAG }

// NewFile parses the headers of the ELF file in data. Every section that
// occupies file space is checked to lie within data; one that does not is an
// error naming it, at the offset of its section header.
func NewFile(data []byte) (*File, error) {
	if err := checkTables(data); err != nil {
		return nil, err
	}
	f, err := goelf.NewFile(bytes.NewReader(data))
	if err != nil {
		return nil, &FormatError{Msg: "bad ELF header or section table: " + stripPrefix(err), Err: err}
	}
	defer f.Close()
	out := &File{
		Class:    f.Class,
		Data:     f.Data,
		Type:     f.Type,
		Machine:  f.Machine,
		Arch:     archName(f.Machine, f.Class, f.Data),
		Sections: make([]Section, 0, len(f.Sections)),
	}
	shoff, shentsize := sectionTable(data, f)
	for i, s := range f.Sections {
		sec := Section{
			Name:    s.Name,
			Type:    uint32(s.Type),
			Flags:   uint64(s.Flags),
			Addr:    s.Addr,
			Off:     int64(s.Offset),
			Size:    int64(s.FileSize),
			Link:    s.Link,
			Info:    s.Info,
			EntSize: s.Entsize,
			Index:   i,
			NoBits:  s.Type == goelf.SHT_NOBITS || s.Type == goelf.SHT_NULL,
		}
		if !sec.NoBits {
			end := s.Offset + s.FileSize
			if s.Offset > uint64(len(data)) || s.FileSize > uint64(len(data)) || end > uint64(len(data)) || end < s.Offset {
				return nil, &FormatError{
					Off: int64(shoff + uint64(i)*shentsize),
					Msg: fmt.Sprintf("section %q (index %d): contents at offset 0x%x, size %d, lie outside the file (%d bytes)",
						s.Name, i, s.Offset, s.FileSize, len(data)),
				}
			}
		}
		out.Sections = append(out.Sections, sec)
	}
	return out, nil
}

// checkTables checks that the ELF header and the section header table lie
// within data, so that a truncated file is reported with the offset of the
// field that points past its end rather than as debug/elf's bare EOF.
func checkTables(data []byte) error {
	if len(data) < 6 {
		return &FormatError{Off: int64(len(data)), Msg: "truncated ELF identification"}
	}
	var bo binary.ByteOrder = binary.LittleEndian
	if goelf.Data(data[5]) == goelf.ELFDATA2MSB {
		bo = binary.BigEndian
	}
	var shoff, shnum, shentsize uint64
	var shoffAt int64
	switch goelf.Class(data[4]) {
	case goelf.ELFCLASS64:
		if len(data) < 64 {
			return &FormatError{Off: int64(len(data)), Msg: fmt.Sprintf("truncated ELF header (%d of 64 bytes)", len(data))}
		}
		shoff, shoffAt = bo.Uint64(data[40:]), 40
		shentsize, shnum = uint64(bo.Uint16(data[58:])), uint64(bo.Uint16(data[60:]))
	case goelf.ELFCLASS32:
		if len(data) < 52 {
			return &FormatError{Off: int64(len(data)), Msg: fmt.Sprintf("truncated ELF header (%d of 52 bytes)", len(data))}
		}
		shoff, shoffAt = uint64(bo.Uint32(data[32:])), 32
		shentsize, shnum = uint64(bo.Uint16(data[46:])), uint64(bo.Uint16(data[48:]))
	default:
		return nil // debug/elf reports the bad class
	}
	// shnum 0 with shoff != 0 means the count is in section 0's header;
	// debug/elf checks that one.
	if end := shoff + shnum*shentsize; shoff > uint64(len(data)) || end > uint64(len(data)) || end < shoff {
		return &FormatError{Off: shoffAt, Msg: fmt.Sprintf("section header table at 0x%x (%d entries of %d bytes) extends past the end of the file (%d bytes)",
			shoff, shnum, shentsize, len(data))}
	}
	return checkNames(data, bo, goelf.Class(data[4]), shoff, shnum, shentsize)
}

// checkNames bounds the total length of the section names. debug/elf
// copies each name out of the section name table, so a table of many
// headers naming one long string would cost their number times its length;
// this rejects files whose names add up to more than the file's size.
func checkNames(data []byte, bo binary.ByteOrder, class goelf.Class, shoff, shnum, shentsize uint64) error {
	var strndxAt, offAt, sizeAt int
	var need uint64
	switch class {
	case goelf.ELFCLASS64:
		strndxAt, offAt, sizeAt, need = 62, 24, 32, 64
	default:
		strndxAt, offAt, sizeAt, need = 50, 16, 20, 40
	}
	if shnum == 0 || shentsize < need {
		return nil // extended numbering or a bad entry size: debug/elf decides
	}
	word := func(b []byte) uint64 {
		if class == goelf.ELFCLASS64 {
			return bo.Uint64(b)
		}
		return uint64(bo.Uint32(b))
	}
	strndx := uint64(bo.Uint16(data[strndxAt:]))
	if strndx >= shnum {
		return nil // no name table (or SHN_XINDEX): debug/elf decides
	}
	h := data[shoff+strndx*shentsize:]
	tabOff, tabSize := word(h[offAt:]), word(h[sizeAt:])
	if tabOff > uint64(len(data)) || tabSize > uint64(len(data))-tabOff {
		return nil // debug/elf reports the bad name table
	}
	tab := data[tabOff : tabOff+tabSize]
	budget := len(data)
	for i := uint64(0); i < shnum; i++ {
		at := shoff + i*shentsize
		off := uint64(bo.Uint32(data[at:])) // sh_name
		if off >= uint64(len(tab)) {
			continue
		}
		rest := tab[off:]
		if len(rest) > budget+1 {
			rest = rest[:budget+1]
		}
		n := bytes.IndexByte(rest, 0)
		if n < 0 {
			n = len(rest)
		}
		if budget -= n; budget < 0 {
			return &FormatError{Off: int64(at), Msg: fmt.Sprintf("section names add up to more than the file's %d bytes", len(data))}
		}
	}
	return nil
}

// sectionTable returns e_shoff and e_shentsize, which debug/elf does not
// export, read from the header it has already validated.
func sectionTable(data []byte, f *goelf.File) (shoff, shentsize uint64) {
	bo := f.ByteOrder
	switch f.Class {
	case goelf.ELFCLASS64:
		if len(data) >= 64 {
			return bo.Uint64(data[40:]), uint64(bo.Uint16(data[58:]))
		}
	case goelf.ELFCLASS32:
		if len(data) >= 52 {
			return uint64(bo.Uint32(data[32:])), uint64(bo.Uint16(data[46:]))
		}
	}
	return 0, 0
}

// stripPrefix drops debug/elf's own "elf: " style prefixes, if any, so the
// message reads as one sentence.
func stripPrefix(err error) string {
	msg := err.Error()
	if len(msg) > 5 && msg[:5] == "elf: " {
		return msg[5:]
	}
	return msg
}

// archName gives the architecture part of an LLVM target triple for m.
func archName(m goelf.Machine, c goelf.Class, d goelf.Data) string {
	le := d == goelf.ELFDATA2LSB
	switch m {
	case goelf.EM_X86_64:
		return "x86_64"
	case goelf.EM_386:
		return "i386"
	case goelf.EM_AARCH64:
		if le {
			return "aarch64"
		}
		return "aarch64_be"
	case goelf.EM_ARM:
		if le {
			return "arm"
		}
		return "armeb"
	case goelf.EM_PPC64:
		if le {
			return "powerpc64le"
		}
		return "powerpc64"
	case goelf.EM_PPC:
		if le {
			return "powerpcle"
		}
		return "powerpc"
	case goelf.EM_MIPS:
		switch {
		case c == goelf.ELFCLASS64 && le:
			return "mips64el"
		case c == goelf.ELFCLASS64:
			return "mips64"
		case le:
			return "mipsel"
		}
		return "mips"
	case goelf.EM_RISCV:
		if c == goelf.ELFCLASS64 {
			return "riscv64"
		}
		return "riscv32"
	case goelf.EM_S390:
		return "s390x"
	case goelf.EM_SPARCV9:
		return "sparcv9"
	case goelf.EM_SPARC:
		return "sparc"
	case goelf.EM_LOONGARCH:
		if c == goelf.ELFCLASS64 {
			return "loongarch64"
		}
		return "loongarch32"
	case goelf.EM_BPF:
		if le {
			return "bpfel"
		}
		return "bpfeb"
	case goelf.EM_AMDGPU:
		return "amdgcn"
	case goelf.EM_CUDA:
		return "nvptx64"
	case 164: // EM_HEXAGON
		return "hexagon"
	}
	return ""
}
