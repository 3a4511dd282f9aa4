// Package elf locates the sections of an ELF file held in memory, for the
// container walker. It reads the ELF header, the section header table and
// the section names itself, over the []byte it is given, and checks every
// section's file range, so that callers take section contents as
// sub-slices of the file instead of copies. Nothing is sized by a number
// read from the file before that number is checked against the file's size.
//
// [NewFile] is the entry point. The [File] it returns has the header's class,
// byte order, type and machine, and its sections ([Section]), each with its
// checked byte range (Off, Size) in the data; [File.Symbols] and [File.Relocs]
// decode a symbol table and relocations, which extension sections such as
// SHT_LLVM_CALL_GRAPH_PROFILE refer to; a section's [SectionType] and
// [SectionFlags] print as llvm-readobj names them. Section contents are returned as
// stored: SHF_COMPRESSED sections are not decompressed, and program headers
// are checked but not returned. Errors about the input are *[FormatError]
// values, whose Off is a byte offset in the data given to NewFile. Most
// programs use package container, which walks ELF files with this package.
//
// The package does not use debug/elf's reader: its NewFile allocates a
// slice of program headers from e_phnum and reads claimed tables in chunks
// of up to 10 MiB before finding that the file is shorter, and decompresses
// an SHF_COMPRESSED section name table to whatever size its header claims.
// Like LLVM, this package reads the name table's bytes as they are. The
// checks are debug/elf's, with the offset of the field at fault.
//
// Sections stored compressed (SHF_COMPRESSED, zlib or Zstandard) are
// decompressed only on request, by File.Decompress, into a new slice whose
// size is checked against a budget before it is allocated.
package elf

import (
	"bytes"
	goelf "debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// A Section is one section header, with its file range checked.
type Section struct {
	Name    string
	Type    SectionType  // sh_type
	Flags   SectionFlags // sh_flags
	Addr    uint64       // sh_addr
	Off     int64        // sh_offset: byte offset of the contents in the data given to NewFile
	Size    int64        // sh_size; the contents are data[Off:Off+Size] unless NoBits
	Link    uint32       // sh_link
	Info    uint32       // sh_info
	EntSize uint64       // sh_entsize
	Index   int          // section header index
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

	symtab   int     // index of the first SHT_SYMTAB section, or -1
	relocFor []int32 // per section, the first relocation section applying to it, or -1
	// budget is what Decompress may still take (see there).
	budget *Budget
	// mu serializes Decompress, which keeps its decoders here.
	mu       sync.Mutex
	zlib     io.ReadCloser // made on first use
	zlibMade bool          // its cost charged
	zstd     *zstd.Decoder
}

// A FormatError reports malformed ELF input. Off is a byte offset in the
// data given to NewFile.
type FormatError struct {
	Off int64
	Msg string
}

// Error returns "MSG at byte 0xOFF".
func (e *FormatError) Error() string { return fmt.Sprintf("%s at byte 0x%x", e.Msg, e.Off) }

// Message returns err's message without the byte offset a FormatError
// adds ("MSG" of "MSG at byte 0xOFF"), or err's text for any other error:
// how llvm-readobj words the warning for a section it cannot read.
func Message(err error) string {
	var fe *FormatError
	if errors.As(err, &fe) {
		return fe.Msg
	}
	return err.Error()
}

// ByteOrder returns the byte order of f's data.
func (f *File) ByteOrder() binary.ByteOrder {
	if f.Data == goelf.ELFDATA2MSB {
		return binary.BigEndian
	}
	return binary.LittleEndian
}

// IsELF reports whether data starts with the ELF magic number.
func IsELF(data []byte) bool { return len(data) >= 4 && string(data[:4]) == goelf.ELFMAG }

// Sizes and field offsets of the ELF header and section headers.
const (
	ehdrSize32, ehdrSize64 = 52, 64
	shdrSize32, shdrSize64 = 40, 64
	phdrSize32, phdrSize64 = 32, 56
	shnLoReserve           = 0xff00 // SHN_LORESERVE
	shnXIndex              = 0xffff // SHN_XINDEX
)

// headerError reports a malformed ELF header or section table: the same
// conditions debug/elf rejects, with their offset.
func headerError(off uint64, format string, args ...any) error {
	return &FormatError{Off: int64(off), Msg: "bad ELF header or section table: " + fmt.Sprintf(format, args...)}
}

// NewFile parses the headers of the ELF file in data. Every section that
// occupies file space is checked to lie within data; one that does not is an
// error naming it, at the offset of its section header. The section names
// are substrings of one copy of the section name table, and may add up to at
// most len(data) bytes, so that callers that build strings from them (paths,
// messages) stay within a multiple of the file's size.
func NewFile(data []byte) (*File, error) {
	if len(data) < 6 {
		return nil, &FormatError{Off: int64(len(data)), Msg: "truncated ELF identification"}
	}
	if !IsELF(data) {
		return nil, headerError(0, "bad magic number %q", data[:4])
	}
	f := &File{Class: goelf.Class(data[4]), Data: goelf.Data(data[5]), symtab: -1}
	f.budget = NewBudget(DefaultBudget(len(data)))
	var bo binary.ByteOrder
	switch f.Data {
	case goelf.ELFDATA2LSB:
		bo = binary.LittleEndian
	case goelf.ELFDATA2MSB:
		bo = binary.BigEndian
	default:
		return nil, headerError(5, "unknown ELF data encoding %v", f.Data)
	}
	is64 := f.Class == goelf.ELFCLASS64
	hdrSize, shdrSize, phdrSize := uint64(ehdrSize32), uint64(shdrSize32), uint64(phdrSize32)
	switch f.Class {
	case goelf.ELFCLASS32:
	case goelf.ELFCLASS64:
		hdrSize, shdrSize, phdrSize = ehdrSize64, shdrSize64, phdrSize64
	default:
		return nil, headerError(4, "unknown ELF class %v", f.Class)
	}
	if uint64(len(data)) < hdrSize {
		return nil, &FormatError{Off: int64(len(data)), Msg: fmt.Sprintf("truncated ELF header (%d of %d bytes)", len(data), hdrSize)}
	}
	if len(data) < 7 || goelf.Version(data[6]) != goelf.EV_CURRENT {
		return nil, headerError(6, "unknown ELF version %d", data[6])
	}
	word := func(b []byte) uint64 {
		if is64 {
			return bo.Uint64(b)
		}
		return uint64(bo.Uint32(b))
	}
	// Offsets of e_phoff, e_shoff, then e_phentsize and the three fields
	// after it, which follow e_flags.
	phoffAt, shoffAt, sizesAt := uint64(28), uint64(32), uint64(42)
	if is64 {
		phoffAt, shoffAt, sizesAt = 32, 40, 54
	}
	f.Type = goelf.Type(bo.Uint16(data[16:]))
	f.Machine = goelf.Machine(bo.Uint16(data[18:]))
	f.Arch = archName(f.Machine, f.Class, f.Data)
	if v := bo.Uint32(data[20:]); v != uint32(goelf.EV_CURRENT) {
		return nil, headerError(20, "mismatched ELF version %d", v)
	}
	phoff, shoff := word(data[phoffAt:]), word(data[shoffAt:])
	phentsize := uint64(bo.Uint16(data[sizesAt:]))
	phnum := uint64(bo.Uint16(data[sizesAt+2:]))
	shentsize := uint64(bo.Uint16(data[sizesAt+4:]))
	shnum := uint64(bo.Uint16(data[sizesAt+6:]))
	shstrndx := uint64(bo.Uint16(data[sizesAt+8:]))
	n := uint64(len(data))

	if phnum > 0 {
		if phentsize < phdrSize {
			return nil, headerError(sizesAt, "invalid ELF phentsize %d", phentsize)
		}
		if phoff > n || phnum*phentsize > n-phoff {
			return nil, &FormatError{Off: int64(phoffAt), Msg: fmt.Sprintf("program header table at 0x%x (%d entries of %d bytes) extends past the end of the file (%d bytes)",
				phoff, phnum, phentsize, len(data))}
		}
		// debug/elf rejects offsets and sizes that do not fit in an int64.
		for i := range phnum {
			p := phoff + i*phentsize
			if is64 && (int64(bo.Uint64(data[p+8:])) < 0 || int64(bo.Uint64(data[p+32:])) < 0) {
				return nil, headerError(p, "invalid program header offset or file size")
			}
		}
	}
	if shoff == 0 && shnum != 0 {
		return nil, headerError(sizesAt+6, "invalid ELF shnum %d for shoff=0", shnum)
	}
	tableError := func() error {
		return &FormatError{Off: int64(shoffAt), Msg: fmt.Sprintf("section header table at 0x%x (%d entries of %d bytes) extends past the end of the file (%d bytes)",
			shoff, shnum, shentsize, len(data))}
	}
	if shoff > n {
		return nil, tableError()
	}
	if shoff > 0 && shnum == 0 {
		// More than 0xff00 sections: the count is section 0's sh_size,
		// and, with e_shstrndx SHN_XINDEX, the name table's index its
		// sh_link.
		if shentsize < shdrSize || shdrSize > n-shoff {
			return nil, tableError()
		}
		h := data[shoff:]
		if t := bo.Uint32(h[4:]); goelf.SectionType(t) != goelf.SHT_NULL {
			return nil, headerError(shoff, "invalid type of the initial section %v", goelf.SectionType(t))
		}
		if is64 {
			shnum = bo.Uint64(h[32:])
		} else {
			shnum = uint64(bo.Uint32(h[20:]))
		}
		if shnum < shnLoReserve {
			return nil, headerError(shoff, "invalid ELF shnum %d contained in sh_size", shnum)
		}
		if shstrndx == shnXIndex {
			linkAt := 24 // sh_link
			if is64 {
				linkAt = 40
			}
			if shstrndx = uint64(bo.Uint32(h[linkAt:])); shstrndx < shnLoReserve {
				return nil, headerError(shoff, "invalid ELF shstrndx %d contained in sh_link", shstrndx)
			}
		}
	}
	if shnum > 0 && shentsize < shdrSize {
		return nil, headerError(sizesAt+4, "invalid ELF shentsize %d", shentsize)
	}
	// shnum <= 2^64/shentsize here checks the product for overflow.
	if shnum > 0 && (shnum > (n-shoff)/shentsize) {
		return nil, tableError()
	}
	if shnum > 0 && shstrndx >= shnum {
		return nil, headerError(sizesAt+8, "invalid ELF shstrndx %d", shstrndx)
	}

	f.Sections = make([]Section, shnum) // shnum*shentsize bytes of data hold them
	nameOffs := make([]uint32, shnum)
	for i := range shnum {
		at := shoff + i*shentsize
		h := data[at:]
		s := &f.Sections[i]
		nameOffs[i] = bo.Uint32(h)
		var off, size uint64
		if is64 {
			s.Type, s.Flags, s.Addr = SectionType(bo.Uint32(h[4:])), SectionFlags(bo.Uint64(h[8:])), bo.Uint64(h[16:])
			off, size = bo.Uint64(h[24:]), bo.Uint64(h[32:])
			s.Link, s.Info, s.EntSize = bo.Uint32(h[40:]), bo.Uint32(h[44:]), bo.Uint64(h[56:])
		} else {
			s.Type, s.Flags, s.Addr = SectionType(bo.Uint32(h[4:])), SectionFlags(bo.Uint32(h[8:])), uint64(bo.Uint32(h[12:]))
			off, size = uint64(bo.Uint32(h[16:])), uint64(bo.Uint32(h[20:]))
			s.Link, s.Info, s.EntSize = bo.Uint32(h[24:]), bo.Uint32(h[28:]), uint64(bo.Uint32(h[36:]))
		}
		if int64(off) < 0 || int64(size) < 0 {
			return nil, headerError(at, "invalid section offset 0x%x or size %d", off, size)
		}
		s.Off, s.Size, s.Index = int64(off), int64(size), int(i)
		s.NoBits = s.Type == SHT_NOBITS || s.Type == SHT_NULL
	}
	if shnum > 0 && shstrndx != 0 {
		if err := f.nameSections(data, nameOffs, shoff+shstrndx*shentsize, shoff, shentsize); err != nil {
			return nil, err
		}
	}
	for i := range f.Sections {
		s := &f.Sections[i]
		if s.NoBits {
			continue
		}
		if end := uint64(s.Off) + uint64(s.Size); uint64(s.Off) > n || end > n {
			return nil, &FormatError{
				Off: int64(shoff + uint64(i)*shentsize),
				Msg: fmt.Sprintf("section %q (index %d): contents at offset 0x%x, size %d, lie outside the file (%d bytes)",
					s.Name, i, s.Off, s.Size, len(data)),
			}
		}
	}
	f.index()
	return f, nil
}

// nameSections names the sections from the section name table, whose
// header is at strAt: each name is a NUL-terminated string of the table,
// read from its raw bytes (a compressed table is not decompressed, as LLVM
// does not). The names are substrings of one copy of the table and may add
// up to at most the file's size.
func (f *File) nameSections(data []byte, offs []uint32, strAt, shoff, shentsize uint64) error {
	str := &f.Sections[(strAt-shoff)/shentsize]
	if goelf.SectionType(str.Type) != goelf.SHT_STRTAB {
		return headerError(strAt, "invalid ELF section name string table type %v", goelf.SectionType(str.Type))
	}
	n := uint64(len(data))
	if uint64(str.Off) > n || uint64(str.Size) > n-uint64(str.Off) {
		return headerError(strAt, "section name table at 0x%x, size %d, lies outside the file (%d bytes)", str.Off, str.Size, len(data))
	}
	raw := data[str.Off : str.Off+str.Size]
	tab := string(raw)
	budget := len(data)
	for i, o := range offs {
		at := shoff + uint64(i)*shentsize
		if uint64(o) >= uint64(len(tab)) {
			return headerError(at, "bad section name index %d", o)
		}
		rest := raw[o:]
		if len(rest) > budget+1 {
			rest = rest[:budget+1]
		}
		end := bytes.IndexByte(rest, 0)
		if end < 0 {
			if len(rest) > budget {
				return &FormatError{Off: int64(at), Msg: fmt.Sprintf("section names add up to more than the file's %d bytes", len(data))}
			}
			return headerError(at, "bad section name index %d", o)
		}
		if budget -= end; budget < 0 {
			return &FormatError{Off: int64(at), Msg: fmt.Sprintf("section names add up to more than the file's %d bytes", len(data))}
		}
		f.Sections[i].Name = tab[o : int(o)+end]
	}
	return nil
}

// index notes the symbol table and, for each section, the first relocation
// section that applies to it, so that SymbolTable and RelocSection answer
// in constant time however many sections there are.
func (f *File) index() {
	f.relocFor = make([]int32, len(f.Sections))
	for i := range f.relocFor {
		f.relocFor[i] = -1
	}
	for j := range f.Sections {
		s := &f.Sections[j]
		if s.Type == SHT_SYMTAB && f.symtab < 0 {
			f.symtab = j
		}
		if IsRelocType(s.Type) && uint64(s.Info) < uint64(len(f.relocFor)) && f.relocFor[s.Info] < 0 {
			f.relocFor[s.Info] = int32(j)
		}
	}
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
