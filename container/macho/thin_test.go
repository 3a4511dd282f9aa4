package macho

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Flags of the sections of prog.c's objects.
const (
	flagsText = 0x80000400 // S_REGULAR | S_ATTR_PURE_INSTRUCTIONS | S_ATTR_SOME_INSTRUCTIONS
	flagsBSS  = S_ZEROFILL
	flagsTBSS = S_THREAD_LOCAL_ZEROFILL
	flagsTLV  = 0x13 // S_THREAD_LOCAL_VARIABLES
)

// objectSections returns the sections clang-22 writes for prog.c, with the
// file offsets and sizes that differ between targets.
func objectSections(text, tlv, tlvSize, bitcode, bitcodeSize, cmdline, cmdlineSize int64) []Section {
	return []Section{
		{"__TEXT", "__text", text, 0, flagsText, 1, false},
		{"__DATA", "__bss", 0, 0x100, flagsBSS, 2, true},
		{"__DATA", "__thread_bss", 0, 4, flagsTBSS, 3, true},
		{"__DATA", "__thread_vars", tlv, tlvSize, flagsTLV, 4, false},
		{"__DATA", "__common", 0, 4, flagsBSS, 5, true},
		{"__LLVM", "__bitcode", bitcode, bitcodeSize, 0, 6, false},
		{"__LLVM", "__cmdline", cmdline, cmdlineSize, 0, 7, false},
	}
}

func withTextSize(s []Section, size int64) []Section {
	s[0].Size = size
	return s
}

// fileTests holds the sections of the fixtures as llvm-readobj-22 --sections
// and llvm-objdump-22 --macho --private-headers print them (see gen.sh), and
// the sha256 of llvm-objcopy-22 --dump-section __LLVM,__bitcode.
var fileTests = []struct {
	name          string
	cpu, sub, typ uint32
	arch          string
	sections      []Section
	bitcodeSHA256 string
}{
	{
		"x86_64.o", CPU_TYPE_X86_64, 3, MH_OBJECT, "x86_64",
		withTextSize(objectSections(792, 891, 0x18, 915, 0xdf0, 4483, 0x132), 0x63),
		"f2f3ce5a522d6a98156dd61a38ee72b525ed1a4764181c9e71c911bbd4d48370",
	},
	{
		"arm64.o", CPU_TYPE_ARM64, 0, MH_OBJECT, "arm64",
		withTextSize(objectSections(808, 948, 0x18, 972, 0xf90, 4956, 0x147), 0x8c),
		"48a6d67bd9364e3d70cb6f183be1b31e45dd973322569a7df3d095997f8565fc",
	},
	{
		"i386.o", CPU_TYPE_X86, 3, MH_OBJECT, "i386",
		withTextSize(objectSections(680, 789, 0xc, 801, 0xe10, 4401, 0x131), 0x6d),
		"a2a674acbab09c246653db47748f4528c2957418bc00ffcf81dd4e9a7892e437",
	},
	{
		"arm64_32.o", CPU_TYPE_ARM64_32, 1, MH_OBJECT, "arm64_32",
		withTextSize(objectSections(704, 844, 0xc, 856, 0xe50, 4520, 0x14a), 0x8c),
		"8bf9ff9dfd45ebb02ff15dde8e527ff7f9209fc3efea9315033efaaae43056da",
	},
	{
		// A dSYM keeps the __TEXT and __DATA section headers with offset 0
		// in segments of file size 0: no bytes in the file.
		"dsym-arm64", CPU_TYPE_ARM64, 0, MH_DSYM, "arm64",
		[]Section{
			{"__TEXT", "__text", 0, 0x8c, flagsText, 1, true},
			{"__DATA", "__thread_vars", 0, 0x18, flagsTLV, 2, true},
			{"__DATA", "__thread_bss", 0, 4, flagsTBSS, 3, true},
			{"__DATA", "__bss", 0, 0x100, flagsBSS, 4, true},
			{"__DATA", "__common", 0, 4, flagsBSS, 5, true},
			{"__DWARF", "__debug_line", 8192, 0x7c, 0, 6, false},
			{"__DWARF", "__debug_aranges", 8316, 0x30, 0, 7, false},
			{"__DWARF", "__debug_loc", 8364, 0xb8, 0, 8, false},
			{"__DWARF", "__debug_info", 8548, 0x136, 0, 9, false},
			{"__DWARF", "__debug_frame", 8858, 0x58, 0, 10, false},
			{"__DWARF", "__debug_abbrev", 8946, 0xea, 0, 11, false},
			{"__DWARF", "__debug_str", 9180, 0x72, 0, 12, false},
			{"__DWARF", "__apple_namespac", 9294, 0x24, 0, 13, false}, // 16 characters, no NUL
			{"__DWARF", "__apple_names", 9330, 0xb0, 0, 14, false},
			{"__DWARF", "__apple_types", 9506, 0x72, 0, 15, false},
			{"__DWARF", "__apple_objc", 9620, 0x24, 0, 16, false},
		},
		"",
	},
}

func TestNewFile(t *testing.T) {
	for _, tt := range fileTests {
		data := readFixture(t, tt.name)
		f, err := NewFile(data)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if f.Cpu != tt.cpu || f.SubCpu != tt.sub || f.Type != tt.typ || f.Arch != tt.arch {
			t.Errorf("%s: cpu %#x/%#x type %#x arch %q; want %#x/%#x %#x %q", tt.name, f.Cpu, f.SubCpu, f.Type, f.Arch, tt.cpu, tt.sub, tt.typ, tt.arch)
		}
		if !reflect.DeepEqual(f.Sections, tt.sections) {
			t.Errorf("%s: sections\n got %+v\nwant %+v", tt.name, f.Sections, tt.sections)
		}
		if tt.bitcodeSHA256 == "" {
			continue
		}
		bc := sectionData(t, data, f, "__LLVM", "__bitcode")
		if sum := sha256.Sum256(bc); hex.EncodeToString(sum[:]) != tt.bitcodeSHA256 {
			t.Errorf("%s: __LLVM,__bitcode sha256 %x; want %s", tt.name, sum, tt.bitcodeSHA256)
		}
		// Darwin bitcode carries the wrapper header (0x0B17C0DE).
		if binary.LittleEndian.Uint32(bc) != 0x0b17c0de {
			t.Errorf("%s: __LLVM,__bitcode starts with % x", tt.name, bc[:4])
		}
	}
}

// sectionData returns the bytes of a section as the walker takes them.
func sectionData(t *testing.T, data []byte, f *File, seg, name string) []byte {
	t.Helper()
	for _, s := range f.Sections {
		if s.Seg == seg && s.Name == name {
			if s.ZeroFill {
				t.Fatalf("%s,%s has no bytes in the file", seg, name)
			}
			return data[s.Off : s.Off+s.Size]
		}
	}
	t.Fatalf("no section %s,%s", seg, name)
	return nil
}

func TestIsThin(t *testing.T) {
	tests := []struct {
		data []byte
		want bool
	}{
		{[]byte{0xcf, 0xfa, 0xed, 0xfe}, true}, // MH_MAGIC_64, little-endian file
		{[]byte{0xfe, 0xed, 0xfa, 0xcf}, true}, // MH_MAGIC_64, big-endian file (MH_CIGAM_64 when read LE)
		{[]byte{0xce, 0xfa, 0xed, 0xfe}, true},
		{[]byte{0xfe, 0xed, 0xfa, 0xce}, true},
		{[]byte{0xfe, 0xed, 0xfa}, false},
		{[]byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2}, false},
		{[]byte("\x7fELF"), false},
		{nil, false},
	}
	for _, tt := range tests {
		if got := IsThin(tt.data); got != tt.want {
			t.Errorf("IsThin(% x) = %v; want %v", tt.data, got, tt.want)
		}
	}
}

// An order is a byte order that can also append.
type order interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

// A tseg describes one segment command for buildMachO.
type tseg struct {
	name     string
	filesize uint64
	sects    []tsect
	cmd      uint32 // 0: the file's own segment command
	extra    int    // bytes of padding after the section headers
}

type tsect struct {
	seg, name string
	off       uint32
	size      uint64
	flags     uint32
}

// buildMachO writes a Mach-O header, the segment commands and total bytes
// in all (at least the headers), in the given byte order.
func buildMachO(bo order, is64 bool, cpu, sub, typ uint32, segs []tseg, total int) []byte {
	name := func(s string) []byte { b := make([]byte, 16); copy(b, s); return b }
	var cmds []byte
	for _, sg := range segs {
		cmd := sg.cmd
		if cmd == 0 {
			cmd = lcSegment
			if is64 {
				cmd = lcSegment64
			}
		}
		var c []byte
		if cmd == lcSegment64 {
			size := segCmdSize64 + sectionSize64*len(sg.sects) + sg.extra
			c = bo.AppendUint32(c, cmd)
			c = bo.AppendUint32(c, uint32(size))
			c = append(c, name(sg.name)...)
			c = bo.AppendUint64(c, 0)           // vmaddr
			c = bo.AppendUint64(c, 0)           // vmsize
			c = bo.AppendUint64(c, 0)           // fileoff
			c = bo.AppendUint64(c, sg.filesize) // filesize
			c = bo.AppendUint32(c, 7)
			c = bo.AppendUint32(c, 7)
			c = bo.AppendUint32(c, uint32(len(sg.sects)))
			c = bo.AppendUint32(c, 0)
			for _, s := range sg.sects {
				c = append(c, name(s.name)...)
				c = append(c, name(s.seg)...)
				c = bo.AppendUint64(c, 0) // addr
				c = bo.AppendUint64(c, s.size)
				c = bo.AppendUint32(c, s.off)
				c = append(c, make([]byte, 12)...) // align, reloff, nreloc
				c = bo.AppendUint32(c, s.flags)
				c = append(c, make([]byte, 12)...)
			}
		} else {
			size := segCmdSize32 + sectionSize32*len(sg.sects) + sg.extra
			c = bo.AppendUint32(c, cmd)
			c = bo.AppendUint32(c, uint32(size))
			c = append(c, name(sg.name)...)
			c = bo.AppendUint32(c, 0)
			c = bo.AppendUint32(c, 0)
			c = bo.AppendUint32(c, 0)
			c = bo.AppendUint32(c, uint32(sg.filesize))
			c = bo.AppendUint32(c, 7)
			c = bo.AppendUint32(c, 7)
			c = bo.AppendUint32(c, uint32(len(sg.sects)))
			c = bo.AppendUint32(c, 0)
			for _, s := range sg.sects {
				c = append(c, name(s.name)...)
				c = append(c, name(s.seg)...)
				c = bo.AppendUint32(c, 0)
				c = bo.AppendUint32(c, uint32(s.size))
				c = bo.AppendUint32(c, s.off)
				c = append(c, make([]byte, 12)...)
				c = bo.AppendUint32(c, s.flags)
				c = append(c, make([]byte, 8)...)
			}
		}
		c = append(c, make([]byte, sg.extra)...)
		cmds = append(cmds, c...)
	}
	var b []byte
	magic := uint32(MH_MAGIC)
	if is64 {
		magic = MH_MAGIC_64
	}
	b = bo.AppendUint32(b, magic)
	b = bo.AppendUint32(b, cpu)
	b = bo.AppendUint32(b, sub)
	b = bo.AppendUint32(b, typ)
	b = bo.AppendUint32(b, uint32(len(segs)))
	b = bo.AppendUint32(b, uint32(len(cmds)))
	b = bo.AppendUint32(b, 0)
	if is64 {
		b = bo.AppendUint32(b, 0)
	}
	b = append(b, cmds...)
	if len(b) < total {
		b = append(b, make([]byte, total-len(b))...)
	}
	return b
}

// hdr64 is the size of a 64-bit header and one segment command with n
// sections: where section data can start.
func hdr64(n int) uint32 { return uint32(headerSize64 + segCmdSize64 + sectionSize64*n) }

func TestNewFileCrafted(t *testing.T) {
	le, be := binary.LittleEndian, binary.BigEndian
	obj := func(sects ...tsect) []tseg { return []tseg{{filesize: 1, sects: sects}} }
	h1 := hdr64(1)
	tests := []struct {
		name string
		data []byte
		want []Section
	}{
		{
			"big-endian ppc64",
			buildMachO(be, true, CPU_TYPE_POWERPC64, 0, MH_OBJECT, obj(tsect{"__LLVM", "__bitcode", h1, 4, 0}), int(h1)+4),
			[]Section{{"__LLVM", "__bitcode", int64(h1), 4, 0, 1, false}},
		},
		{
			"big-endian ppc, LC_SEGMENT",
			buildMachO(be, false, CPU_TYPE_POWERPC, 0, MH_OBJECT, []tseg{{filesize: 1, sects: []tsect{{"__TEXT", "__text", 28 + 56 + 68, 2, 0}}}}, 28+56+68+2),
			[]Section{{"__TEXT", "__text", 28 + 56 + 68, 2, 0, 1, false}},
		},
		{
			"zero-size section at the very end",
			buildMachO(le, true, CPU_TYPE_ARM64, 0, MH_OBJECT, obj(tsect{"__LLVM", "__bitcode", h1, 0, 0}), int(h1)),
			[]Section{{"__LLVM", "__bitcode", int64(h1), 0, 0, 1, false}},
		},
		{
			"overlapping sections are fine",
			buildMachO(le, true, CPU_TYPE_ARM64, 0, MH_OBJECT, obj(
				tsect{"__TEXT", "__text", hdr64(2), 8, 0},
				tsect{"__TEXT", "__const", hdr64(2) + 4, 8, 0},
			), int(hdr64(2))+12),
			[]Section{{"__TEXT", "__text", int64(hdr64(2)), 8, 0, 1, false}, {"__TEXT", "__const", int64(hdr64(2)) + 4, 8, 0, 2, false}},
		},
		{
			"zero-fill sections are not range-checked",
			buildMachO(le, true, CPU_TYPE_ARM64, 0, MH_OBJECT, obj(
				tsect{"__DATA", "__bss", 0xffffffff, 1 << 40, S_ZEROFILL},
				tsect{"__DATA", "__huge", 0, 1<<64 - 1, S_GB_ZEROFILL | 0x400},
				tsect{"__DATA", "__thread_bss", 0, 8, S_THREAD_LOCAL_ZEROFILL},
			), 0),
			[]Section{
				{"__DATA", "__bss", 0xffffffff, 1 << 40, S_ZEROFILL, 1, true},
				{"__DATA", "__huge", 0, 1<<63 - 1, S_GB_ZEROFILL | 0x400, 2, true},
				{"__DATA", "__thread_bss", 0, 8, S_THREAD_LOCAL_ZEROFILL, 3, true},
			},
		},
		{
			"dSYM: sections outside the data have none",
			buildMachO(le, true, CPU_TYPE_ARM64, 0, MH_DSYM, []tseg{
				{name: "__TEXT", sects: []tsect{{"__TEXT", "__text", 0, 0x1000, flagsText}}},
				{name: "__DWARF", filesize: 1, sects: []tsect{{"__DWARF", "__debug_info", 0x10000, 4, 0}}},
			}, 0),
			[]Section{{"__TEXT", "__text", 0, 0x1000, flagsText, 1, true}, {"__DWARF", "__debug_info", 0x10000, 4, 0, 2, true}},
		},
		{
			"LC_SEGMENT in a 64-bit file, other commands skipped",
			buildMachO(le, true, CPU_TYPE_X86_64, 3, MH_OBJECT, []tseg{
				{cmd: 0x2, extra: 16}, // LC_SYMTAB-sized junk, never read
				{cmd: lcSegment, filesize: 1, sects: []tsect{{"__A", "__a", 0, 1, 0}}},
				{cmd: lcSegment64, filesize: 1, sects: []tsect{{"__B", "__b", 1, 1, 0}}},
			}, 0),
			[]Section{{"__A", "__a", 0, 1, 0, 1, false}, {"__B", "__b", 1, 1, 0, 2, false}},
		},
		{
			"16-character names",
			buildMachO(le, true, CPU_TYPE_ARM64, 0, MH_OBJECT, obj(tsect{"0123456789abcdef", "fedcba9876543210", 0, 0, 0}), 0),
			[]Section{{"0123456789abcdef", "fedcba9876543210", 0, 0, 0, 1, false}},
		},
		{
			"no load commands",
			buildMachO(le, true, CPU_TYPE_ARM64, 0, MH_OBJECT, nil, 0),
			[]Section{},
		},
	}
	for _, tt := range tests {
		f, err := NewFile(tt.data)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !reflect.DeepEqual(f.Sections, tt.want) {
			t.Errorf("%s: sections\n got %+v\nwant %+v", tt.name, f.Sections, tt.want)
		}
	}
}

func TestNewFileErrors(t *testing.T) {
	le := binary.LittleEndian
	h1 := hdr64(1)
	valid := buildMachO(le, true, CPU_TYPE_ARM64, 0, MH_OBJECT, []tseg{{filesize: 1, sects: []tsect{{"__LLVM", "__bitcode", h1, 4, 0}}}}, int(h1)+4)
	patch := func(b []byte, off int, v uint32) []byte {
		c := append([]byte(nil), b...)
		le.PutUint32(c[off:], v)
		return c
	}
	const seg = headerSize64        // offset of the segment command
	const sect = seg + segCmdSize64 // offset of its first section header
	tests := []struct {
		name string
		data []byte
		off  int64
		msg  string
	}{
		{"empty", nil, 0, "not a Mach-O file"},
		{"not Mach-O", []byte("\x7fELF\x02\x01\x01\x00"), 0, "not a Mach-O file"},
		{"header truncated", valid[:31], 0, "truncated Mach-O header: 31 of 32 bytes"},
		{"commands past the end", patch(valid, 20, uint32(len(valid))), 20, "load commands [0x20, 0x"},
		{"too many commands for their size", patch(valid, 16, 1000), 16, "1000 load commands do not fit"},
		{"second command missing", patch(valid, 16, 2), int64(seg + segCmdSize64 + sectionSize64), "load command 1 truncated"},
		{"command size below 8", patch(valid, seg+4, 4), seg + 4, "load command 0 has size 0x4"},
		{"command size past the commands", patch(valid, seg+4, 0x1000), seg + 4, "load command 0 has size 0x1000"},
		{"segment command too small", patch(patch(valid, seg+4, 64), 20, 64), seg + 4, "segment command 0 has size 0x40"},
		{"too many sections", patch(valid, seg+64, 2), seg + 64, "segment  declares 2 sections"},
		{"huge nsects", patch(valid, seg+64, 0xffffffff), seg + 64, "declares 4294967295 sections"},
		{"section past the end", patch(valid, sect+40, 5), sect, "section __LLVM,__bitcode [0xb8, 0xbd) runs past the end of the data (0xbc bytes)"},
		{"section offset past the end", patch(patch(valid, sect+40, 0), sect+48, 0x1000), sect, "section __LLVM,__bitcode [0x1000, 0x1000)"},
		{"section size 2^64-1", patch(patch(valid, sect+40, 0xffffffff), sect+44, 0xffffffff), sect, "section __LLVM,__bitcode [0xb8, 0x80000000000000b7)"},
		{"zero-fill type in the attributes byte only", patch(valid, sect+64, 0x01000000|0x100), sect, ""},
	}
	// The last case needs a range past the end to fail: S_ZEROFILL in the
	// attribute bits is not a zero-fill type.
	tests[len(tests)-1].data = patch(tests[len(tests)-1].data, sect+40, 0x100)
	tests[len(tests)-1].msg = "section __LLVM,__bitcode [0xb8, 0x1b8)"
	for _, tt := range tests {
		f, err := NewFile(tt.data)
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%s: NewFile = %+v, %v; want a *FormatError", tt.name, f, err)
			continue
		}
		if fe.Off != tt.off || !strings.Contains(fe.Msg, tt.msg) {
			t.Errorf("%s: error %q at 0x%x; want %q at 0x%x", tt.name, fe.Msg, fe.Off, tt.msg, tt.off)
		}
		if want := "at byte 0x"; !strings.Contains(err.Error(), want) || strings.ToLower(err.Error()[:1]) != err.Error()[:1] {
			t.Errorf("%s: error text %q", tt.name, err)
		}
	}
}

// TestNewFileTruncated tries every prefix of every fixture: each gives
// sections within the prefix, or a *FormatError at an offset within it.
func TestNewFileTruncated(t *testing.T) {
	names := []string{"x86_64.o", "arm64.o", "i386.o", "arm64_32.o", "dsym-arm64"}
	for _, name := range names {
		data := readFixture(t, name)
		for n := 0; n <= len(data); n++ {
			checkNewFile(t, data[:n:n])
		}
	}
	// And each slice of the universal file of objects.
	data := readFixture(t, "universal.o")
	arches, err := ParseFat(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range arches {
		s := data[a.Off : a.Off+a.Size]
		for n := 0; n <= len(s); n++ {
			checkNewFile(t, s[:n:n])
		}
	}
}

// checkNewFile checks the property every input must have.
func checkNewFile(t *testing.T, data []byte) *File {
	t.Helper()
	f, err := NewFile(data)
	if err != nil {
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Off < 0 || fe.Off > int64(len(data)) {
			t.Fatalf("%d bytes: error %v; want a *FormatError within the data", len(data), err)
		}
		if f != nil {
			t.Fatalf("%d bytes: a file and an error", len(data))
		}
		return nil
	}
	for i, s := range f.Sections {
		if s.Index != i+1 {
			t.Fatalf("%d bytes: section %d has index %d", len(data), i, s.Index)
		}
		if s.Off < 0 || s.Size < 0 {
			t.Fatalf("%d bytes: section %+v", len(data), s)
		}
		if !s.ZeroFill && (s.Off > int64(len(data)) || s.Size > int64(len(data))-s.Off) {
			t.Fatalf("%d bytes: section %+v outside the data", len(data), s)
		}
	}
	return f
}
