// Package macho locates the sections of a Mach-O file and the slices of a
// universal (fat) file as byte ranges of the data it is given. It reads the
// Mach-O header, the load commands and the fat header, and nothing else:
// section contents are never copied, and callers take them as
// data[Off:Off+Size] after the checks done here.
//
// [NewFile] reads a thin Mach-O file and returns a [File] with its CPU and its
// sections ([Section]); [ParseFat] reads a universal file's header and returns
// its slices ([FatArch]), each a byte range to open in turn (a Mach-O file or
// an ar archive). [File.SymbolNames] reads the symbol names that
// __LLVM,__cg_profile refers to. Errors about the input are *[FormatError]
// values, whose Off is a byte offset in the data given; ParseFat returns
// [ErrNotFat] for data that is not a universal file. Most programs use package
// container, which walks Mach-O files with this package.
//
// The package does not use debug/macho. That package's NewFile reads and
// decodes the symbol table, the string table and the indirect symbol table
// (copying them, with one Symbol value per nlist entry), rejects a file whose
// symbol table is damaged even when its sections are fine, and reports errors
// at offsets it does not export. NewFatFile insists that every slice is a
// Mach-O file, while universal static libraries have ar archives as slices.
// Parsing the header and the segment commands directly is a few dozen lines
// and gives every error the offset of the record it rejects.
//
// Both byte orders (MH_MAGIC/MH_CIGAM, MH_MAGIC_64/MH_CIGAM_64) and both
// segment commands (LC_SEGMENT, LC_SEGMENT_64) are read. All offsets are
// relative to the start of data, which for a slice of a universal file is
// exactly what Mach-O section offsets are relative to.
package macho

import (
	"encoding/binary"
	"fmt"
)

// A FormatError reports a malformed Mach-O or universal file. Off is the
// byte offset, from the start of the data given, of the header, load command
// or section header that was rejected.
type FormatError struct {
	Off int64
	Msg string
}

// Error returns "MSG at byte 0xOFF".
func (e *FormatError) Error() string { return fmt.Sprintf("%s at byte 0x%x", e.Msg, e.Off) }

// Magic numbers, as read in the file's own byte order (MH_CIGAM and
// MH_CIGAM_64 are the same numbers read in the other one).
const (
	MH_MAGIC    = 0xfeedface // 32-bit: mach_header, LC_SEGMENT
	MH_MAGIC_64 = 0xfeedfacf // 64-bit: mach_header_64, LC_SEGMENT_64
)

// File types (mach_header.filetype). Sections of MH_DSYM and MH_DYLIB_STUB
// files may have no bytes in the file; see Section.ZeroFill.
const (
	MH_OBJECT     = 0x1
	MH_EXECUTE    = 0x2
	MH_DYLIB      = 0x6
	MH_DYLIB_STUB = 0x9
	MH_DSYM       = 0xa
)

// Section types (Flags & SECTION_TYPE) that have no bytes in the file.
const (
	SECTION_TYPE            = 0xff // selects the type in a section's flags
	S_ZEROFILL              = 0x01
	S_GB_ZEROFILL           = 0x0c
	S_THREAD_LOCAL_ZEROFILL = 0x12
)

const (
	lcSegment   = 0x1  // LC_SEGMENT
	lcSegment64 = 0x19 // LC_SEGMENT_64
	lcSymtab    = 0x2  // LC_SYMTAB

	headerSize32   = 28
	headerSize64   = 32
	segCmdSize32   = 56 // segment_command
	segCmdSize64   = 72 // segment_command_64
	sectionSize32  = 68 // section
	sectionSize64  = 80 // section_64
	loadCmdHdrSize = 8  // cmd, cmdsize
	nameSize       = 16 // segname, sectname
	symtabCmdSize  = 24 // symtab_command
)

// A Section is one section of a Mach-O file, as its section header
// describes it.
type Section struct {
	Seg  string // segment name from the section header (segname), e.g. "__LLVM"
	Name string // section name (sectname), e.g. "__bitcode"
	// Off and Size give the section's bytes in the data given to NewFile.
	// Unless ZeroFill is set, Off+Size <= len(data).
	Off, Size int64
	Flags     uint32 // section type (low 8 bits) and attributes
	Index     int    // 1-based, in load-command order (the n_sect of symbols)
	// ZeroFill reports that the section has no bytes in the file, so that
	// Off is meaningless and Size is the size in memory. This is so for the
	// zero-fill section types (S_ZEROFILL, S_GB_ZEROFILL,
	// S_THREAD_LOCAL_ZEROFILL), and, in MH_DSYM and MH_DYLIB_STUB files
	// (which LLVM exempts from its range checks), for sections whose
	// segment maps no file bytes or whose range lies outside data: a dSYM
	// companion keeps the __TEXT and __DATA section headers of the binary
	// it describes, with offset 0, but not their contents.
	ZeroFill bool
}

// A File is a thin Mach-O file: its CPU and the sections of all its segments.
type File struct {
	Cpu, SubCpu uint32 // cputype, cpusubtype (with its capability bits)
	Arch        string // ArchName(Cpu, SubCpu)
	Type        uint32 // filetype: MH_OBJECT, MH_EXECUTE, MH_DSYM, …
	Sections    []Section

	symtab *symtabCmd // the LC_SYMTAB command, for SymbolNames; nil if none
}

// IsThin reports whether data starts with a Mach-O magic number, in either
// byte order and for either word size.
func IsThin(data []byte) bool {
	_, _, ok := byteOrder(data)
	return ok
}

// byteOrder returns the byte order and word size that data's magic number
// announces.
func byteOrder(data []byte) (bo binary.ByteOrder, is64, ok bool) {
	if len(data) < 4 {
		return nil, false, false
	}
	switch binary.LittleEndian.Uint32(data) {
	case MH_MAGIC:
		return binary.LittleEndian, false, true
	case MH_MAGIC_64:
		return binary.LittleEndian, true, true
	}
	switch binary.BigEndian.Uint32(data) {
	case MH_MAGIC:
		return binary.BigEndian, false, true
	case MH_MAGIC_64:
		return binary.BigEndian, true, true
	}
	return nil, false, false
}

// NewFile reads the header and load commands of the thin Mach-O file in data
// and returns its sections. It checks that each section that has bytes in
// the file lies within data, and that the load commands and section headers
// lie within the size of the commands that the header gives. Load commands
// other than LC_SEGMENT and LC_SEGMENT_64 are skipped unread, except that
// the fields of LC_SYMTAB are noted, unchecked, for SymbolNames.
func NewFile(data []byte) (*File, error) {
	bo, is64, ok := byteOrder(data)
	if !ok {
		return nil, &FormatError{0, "not a Mach-O file: no Mach-O magic number"}
	}
	hdrSize := uint64(headerSize32)
	if is64 {
		hdrSize = headerSize64
	}
	if uint64(len(data)) < hdrSize {
		return nil, &FormatError{0, fmt.Sprintf("truncated Mach-O header: %d of %d bytes", len(data), hdrSize)}
	}
	f := &File{
		Cpu:    bo.Uint32(data[4:]),
		SubCpu: bo.Uint32(data[8:]),
		Type:   bo.Uint32(data[12:]),
	}
	f.Arch = ArchName(f.Cpu, f.SubCpu)
	ncmds := bo.Uint32(data[16:])
	cmdsEnd := hdrSize + uint64(bo.Uint32(data[20:]))
	if cmdsEnd > uint64(len(data)) {
		return nil, &FormatError{20, fmt.Sprintf("load commands [0x%x, 0x%x) run past the end of the data (0x%x bytes)", hdrSize, cmdsEnd, len(data))}
	}
	if uint64(ncmds)*loadCmdHdrSize > cmdsEnd-hdrSize {
		return nil, &FormatError{16, fmt.Sprintf("%d load commands do not fit in 0x%x bytes of commands", ncmds, cmdsEnd-hdrSize)}
	}
	p := parser{data: data, bo: bo, is64: is64, end: cmdsEnd}

	// First pass: frame the load commands and count the sections, so that
	// the section table is allocated once, at its exact size.
	nsect := 0
	err := p.commands(hdrSize, ncmds, func(c segCmd) error {
		nsect += int(c.nsects)
		return nil
	})
	if err != nil {
		return nil, err
	}
	f.Sections = make([]Section, 0, nsect)
	stubOrDsym := f.Type == MH_DSYM || f.Type == MH_DYLIB_STUB
	err = p.commands(hdrSize, ncmds, func(c segCmd) error {
		for j := uint64(0); j < uint64(c.nsects); j++ {
			off := c.off + c.hdrSize + j*c.secSize
			s := p.section(off, c.is64)
			s.Index = len(f.Sections) + 1
			typ := s.Flags & SECTION_TYPE
			end := uint64(s.Off) + uint64(s.Size) // < 2^32 + 2^63: no overflow
			outside := end > uint64(len(data))
			switch {
			case typ == S_ZEROFILL || typ == S_GB_ZEROFILL || typ == S_THREAD_LOCAL_ZEROFILL:
				s.ZeroFill = true
			case stubOrDsym && (c.filesize == 0 || outside):
				s.ZeroFill = true
			case outside:
				return &FormatError{int64(off), fmt.Sprintf("section %s,%s [0x%x, 0x%x) runs past the end of the data (0x%x bytes)",
					s.Seg, s.Name, s.Off, end, len(data))}
			}
			f.Sections = append(f.Sections, s)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	f.symtab = p.symtab
	return f, nil
}

// A parser reads the load commands of one file.
type parser struct {
	data []byte
	bo   binary.ByteOrder
	is64 bool
	end  uint64 // end of the load commands; <= len(data)

	symtab *symtabCmd // the first LC_SYMTAB command met
}

// A segCmd is a framed and checked LC_SEGMENT or LC_SEGMENT_64 command.
type segCmd struct {
	off      uint64 // of the command
	is64     bool
	hdrSize  uint64 // size of the command before its section headers
	secSize  uint64 // size of one section header
	nsects   uint32
	filesize uint64
}

// commands walks ncmds load commands from off, checking that each lies
// within the commands area, and calls fn for each segment command after
// checking that its section headers fit in it.
func (p *parser) commands(off uint64, ncmds uint32, fn func(segCmd) error) error {
	for i := uint32(0); i < ncmds; i++ {
		if p.end-off < loadCmdHdrSize {
			return &FormatError{int64(off), fmt.Sprintf("load command %d truncated: %d bytes left of the commands", i, p.end-off)}
		}
		cmd := p.bo.Uint32(p.data[off:])
		size := uint64(p.bo.Uint32(p.data[off+4:]))
		if size < loadCmdHdrSize || size > p.end-off {
			return &FormatError{int64(off + 4), fmt.Sprintf("load command %d has size 0x%x; 0x%x bytes are left of the commands", i, size, p.end-off)}
		}
		if cmd == lcSymtab {
			p.recordSymtab(off, size)
		}
		if cmd == lcSegment || cmd == lcSegment64 {
			c := segCmd{off: off, is64: cmd == lcSegment64}
			nsectsAt, filesizeAt := uint64(48), uint64(36)
			c.hdrSize, c.secSize = segCmdSize32, sectionSize32
			if c.is64 {
				nsectsAt, filesizeAt = 64, 48
				c.hdrSize, c.secSize = segCmdSize64, sectionSize64
			}
			if size < c.hdrSize {
				return &FormatError{int64(off + 4), fmt.Sprintf("segment command %d has size 0x%x, less than the 0x%x of its header", i, size, c.hdrSize)}
			}
			c.nsects = p.bo.Uint32(p.data[off+nsectsAt:])
			if c.is64 {
				c.filesize = p.bo.Uint64(p.data[off+filesizeAt:])
			} else {
				c.filesize = uint64(p.bo.Uint32(p.data[off+filesizeAt:]))
			}
			if uint64(c.nsects)*c.secSize > size-c.hdrSize {
				return &FormatError{int64(off + nsectsAt), fmt.Sprintf("segment %s declares %d sections, more than fit in its 0x%x-byte command",
					cstring(p.data[off+8:off+8+nameSize]), c.nsects, size)}
			}
			if err := fn(c); err != nil {
				return err
			}
		}
		off += size
	}
	return nil
}

// section decodes the section header at off, which the caller has checked
// lies within the commands. Sizes that do not fit in an int64 are clamped
// to the largest int64, which no data can hold, so that range checks fail.
func (p *parser) section(off uint64, is64 bool) Section {
	h := p.data[off:]
	s := Section{
		Seg:  cstring(h[16:32]),
		Name: cstring(h[0:16]),
	}
	if is64 {
		s.Size = clamp(p.bo.Uint64(h[40:]))
		s.Off = int64(p.bo.Uint32(h[48:]))
		s.Flags = p.bo.Uint32(h[64:])
	} else {
		s.Size = int64(p.bo.Uint32(h[36:]))
		s.Off = int64(p.bo.Uint32(h[40:]))
		s.Flags = p.bo.Uint32(h[56:])
	}
	return s
}

func clamp(v uint64) int64 {
	if v > 1<<63-1 {
		return 1<<63 - 1
	}
	return int64(v)
}

// cstring returns the bytes of a fixed-size name field up to its first NUL.
func cstring(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
