package coff

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

// secs builds the expected section table from rows of {name, PointerToRawData,
// size, Characteristics}; indexes count from 1 and a row with offset 0 is
// zero-fill.
func secs(rows ...row) []Section {
	out := make([]Section, len(rows))
	for i, r := range rows {
		out[i] = Section{r.name, r.off, r.size, r.chars, i + 1, r.off == 0}
	}
	return out
}

type row struct {
	name      string
	off, size int64
	chars     uint32
}

// fileTests holds the section tables of the fixtures as llvm-readobj-22
// --sections prints them (Name, PointerToRawData, RawDataSize, or for the
// image min(VirtualSize, RawDataSize) as llvm-objdump-22 -h prints it, and
// Characteristics; see gen.sh), and the sha256 of
// llvm-objcopy-22 --dump-section .llvmbc.
var fileTests = []struct {
	name          string
	machine       uint16
	arch          string
	image         bool
	sections      []Section
	bitcodeSHA256 string
}{
	{"x86_64.obj", IMAGE_FILE_MACHINE_AMD64, "x86_64", false, secs(
		row{".text", 0x154, 107, 0x60500020},
		row{".data", 0x20f, 0, 0xc0300040},
		row{".bss", 0, 260, 0xc0500080},
		row{".rdata$long_section_name", 0x20f, 10, 0x40100040},
		row{".tls$", 0x219, 4, 0xc0300040},
		row{".llvmbc", 0x21d, 3524, 0x2100000},
		row{".llvmcmd", 0xfe1, 167, 0x2100000},
		row{".debug$S", 0x1088, 92, 0x42300040},
	), "c0ab2f856b417f5f2366b6e79a73c92098ab150070018e119625506a039b14f2"},
	{"i686.obj", IMAGE_FILE_MACHINE_I386, "i386", false, secs(
		row{".text", 0x154, 104, 0x60500020},
		row{".data", 0x220, 0, 0xc0300040},
		row{".bss", 0, 260, 0xc0300080},
		row{".rdata$long_section_name", 0x220, 10, 0x40100040},
		row{".tls$", 0x22a, 4, 0xc0300040},
		row{".llvmbc", 0x22e, 3540, 0x2100000},
		row{".llvmcmd", 0x1002, 165, 0x2100000},
		row{".debug$S", 0x10a7, 92, 0x42300040},
	), "65c6d5bd9e1dada35b822057b78e1be64441bd66d70f0f51cd1274d1f652bca2"},
	{"aarch64.obj", IMAGE_FILE_MACHINE_ARM64, "arm64", false, secs(
		row{".text", 0x154, 124, 0x60300020},
		row{".data", 0x266, 0, 0xc0300040},
		row{".bss", 0, 260, 0xc0500080},
		row{".rdata$long_section_name", 0x266, 10, 0x40400040},
		row{".tls$", 0x270, 4, 0xc0300040},
		row{".llvmbc", 0x274, 3452, 0x2100000},
		row{".llvmcmd", 0xff0, 186, 0x2100000},
		row{".debug$S", 0x10aa, 92, 0x42300040},
	), "6879149d37fc4cc18f01f82d287096578d9fae8c0fddf5f342680a017a02787a"},
	{"arm64ec.obj", IMAGE_FILE_MACHINE_ARM64EC, "arm64ec", false, secs(
		row{".text", 0x2bc, 0, 0x60300020},
		row{".data", 0x2bc, 0, 0xc0300040},
		row{".bss", 0, 260, 0xc0500080},
		row{".text", 0x2bc, 56, 0x60301020},
		row{".text", 0x330, 68, 0x60301020},
		row{".wowthk$aa", 0x3ce, 72, 0x60301020},
		row{".wowthk$aa", 0x442, 72, 0x60301020},
		row{".rdata$long_section_name", 0x4b6, 10, 0x40400040},
		row{".tls$", 0x4c0, 4, 0xc0300040},
		row{".llvmbc", 0x4c4, 3452, 0x2100000},
		row{".llvmcmd", 0x1240, 186, 0x2100000},
		row{".hybmp$x", 0x12fa, 24, 0x300200},
		row{".debug$S", 0x1312, 92, 0x42300040},
		row{".xdata", 0x42a, 24, 0x40301040},
		row{".xdata", 0x49e, 24, 0x40301040},
		row{".pdata", 0x136e, 8, 0x40301040},
		row{".pdata", 0x138a, 8, 0x40301040},
	), "fe665bc42071e8d54c8b9ede01cf96b3c51414d21f68cde414f31729e739b7f0"},
	{"thumbv7.obj", IMAGE_FILE_MACHINE_ARMNT, "arm", false, secs(
		row{".text", 0x154, 152, 0x60320020},
		row{".data", 0x232, 0, 0xc0300040},
		row{".bss", 0, 260, 0xc0300080},
		row{".rdata$long_section_name", 0x232, 10, 0x40100040},
		row{".tls$", 0x23c, 4, 0xc0300040},
		row{".llvmbc", 0x240, 3996, 0x2100000},
		row{".llvmcmd", 0x11dc, 168, 0x2100000},
		row{".debug$S", 0x1284, 92, 0x42300040},
	), "a18d4330a37b869a135eb150300c3e6dcdd0db0b11ce1b513ea3259460afde0d"},
	{"x86_64-gnu.dll", IMAGE_FILE_MACHINE_AMD64, "x86_64", true, secs(
		row{".text", 0x400, 0x6c, 0x60000020},
		row{".rdata", 0x600, 0x5d, 0x40000040},
		row{".data", 0, 0, 0xc0000040}, // VirtualSize 0x108, RawDataSize 0
		row{".tls", 0x800, 0x4, 0xc0000040},
		row{".llvmbc", 0xa00, 0x118c, 0x2000000}, // RawDataSize 4608
		row{".llvmcmd", 0x1c00, 0xcc, 0x2000000},
		row{".debug_abbrev", 0x1e00, 0xd4, 0x42000040},
		row{".debug_info", 0x2000, 0x142, 0x42000040},
		row{".debug_line", 0x2200, 0x72, 0x42000040},
		row{".debug_loc", 0x2400, 0xce, 0x42000040},
		row{".debug_str", 0x2600, 0x78, 0x42000040},
	), "f37212b5446290e9474eee69d4e0cb874af9b26c27dc0d823f462115f229c713"},
}

func TestNewFile(t *testing.T) {
	for _, tt := range fileTests {
		data := readFixture(t, tt.name)
		if IsImage(data) != tt.image || IsObject(data) == tt.image {
			t.Errorf("%s: IsImage %v, IsObject %v", tt.name, IsImage(data), IsObject(data))
		}
		f, err := NewFile(data)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if f.Machine != tt.machine || f.Arch != tt.arch || f.Image != tt.image || f.BigObj {
			t.Errorf("%s: machine %#x arch %q image %v bigobj %v; want %#x %q %v false", tt.name, f.Machine, f.Arch, f.Image, f.BigObj, tt.machine, tt.arch, tt.image)
		}
		if !reflect.DeepEqual(f.Sections, tt.sections) {
			t.Errorf("%s: sections\n got %+v\nwant %+v", tt.name, f.Sections, tt.sections)
		}
		bc := sectionData(t, data, f, ".llvmbc")
		if sum := sha256.Sum256(bc); hex.EncodeToString(sum[:]) != tt.bitcodeSHA256 {
			t.Errorf("%s: .llvmbc sha256 %x; want %s", tt.name, sum, tt.bitcodeSHA256)
		}
		if string(bc[:4]) != "BC\xc0\xde" {
			t.Errorf("%s: .llvmbc starts with % x", tt.name, bc[:4])
		}
	}
}

// sectionData returns the bytes of the first section called name, as the
// walker takes them.
func sectionData(t *testing.T, data []byte, f *File, name string) []byte {
	t.Helper()
	for _, s := range f.Sections {
		if s.Name == name {
			if s.ZeroFill {
				t.Fatalf("%s has no bytes in the file", name)
			}
			return data[s.Off : s.Off+s.Size]
		}
	}
	t.Fatalf("no section %s", name)
	return nil
}

func TestArchName(t *testing.T) {
	tests := []struct {
		m    uint16
		want string
	}{
		{IMAGE_FILE_MACHINE_AMD64, "x86_64"},
		{IMAGE_FILE_MACHINE_I386, "i386"},
		{IMAGE_FILE_MACHINE_ARM64, "arm64"},
		{IMAGE_FILE_MACHINE_ARMNT, "arm"},
		{IMAGE_FILE_MACHINE_ARM, "arm"},
		{IMAGE_FILE_MACHINE_THUMB, "arm"},
		{IMAGE_FILE_MACHINE_ARM64EC, "arm64ec"},
		{IMAGE_FILE_MACHINE_ARM64X, "arm64x"},
		{0x5064, "unknown(0x5064)"}, // RISCV64
		{0, "unknown(0x0000)"},
	}
	for _, tt := range tests {
		if got := ArchName(tt.m); got != tt.want {
			t.Errorf("ArchName(%#x) = %q; want %q", tt.m, got, tt.want)
		}
	}
}

// A tsec is one section header for the builders.
type tsec struct {
	name                 string // at most 8 bytes, or "/N" as stored
	virtualSize, rawSize uint32
	ptr                  uint32
}

func sectionTable(s []tsec) []byte {
	le := binary.LittleEndian
	var b []byte
	for _, h := range s {
		var name [8]byte
		copy(name[:], h.name)
		b = append(b, name[:]...)
		b = le.AppendUint32(b, h.virtualSize)
		b = le.AppendUint32(b, 0) // VirtualAddress
		b = le.AppendUint32(b, h.rawSize)
		b = le.AppendUint32(b, h.ptr)
		b = append(b, make([]byte, 12)...) // relocations, line numbers
		b = le.AppendUint32(b, 0x40000040)
	}
	return b
}

// buildObject writes a regular COFF object: header, section table, then
// body. symOff and nsyms go to the header as they are.
func buildObject(machine uint16, s []tsec, symOff, nsyms uint32, body []byte) []byte {
	le := binary.LittleEndian
	var b []byte
	b = le.AppendUint16(b, machine)
	b = le.AppendUint16(b, uint16(len(s)))
	b = le.AppendUint32(b, 0)
	b = le.AppendUint32(b, symOff)
	b = le.AppendUint32(b, nsyms)
	b = le.AppendUint16(b, 0)
	b = le.AppendUint16(b, 0)
	return append(append(b, sectionTable(s)...), body...)
}

// buildBigObj writes a bigobj COFF object.
func buildBigObj(machine uint16, s []tsec, symOff, nsyms uint32, body []byte) []byte {
	le := binary.LittleEndian
	var b []byte
	b = le.AppendUint16(b, 0)
	b = le.AppendUint16(b, 0xffff)
	b = le.AppendUint16(b, 2)
	b = le.AppendUint16(b, machine)
	b = le.AppendUint32(b, 0)
	b = append(b, bigObjMagic...)
	b = append(b, make([]byte, 16)...)
	b = le.AppendUint32(b, uint32(len(s)))
	b = le.AppendUint32(b, symOff)
	b = le.AppendUint32(b, nsyms)
	return append(append(b, sectionTable(s)...), body...)
}

// buildImage writes a PE image: a DOS header with e_lfanew 0x40, the
// signature, a COFF header with an optional header of optSize zero bytes,
// the section table, then body.
func buildImage(machine uint16, optSize uint16, s []tsec, body []byte) []byte {
	le := binary.LittleEndian
	b := make([]byte, dosHeaderSize)
	b[0], b[1] = 'M', 'Z'
	le.PutUint32(b[lfanewOff:], dosHeaderSize)
	b = append(b, "PE\x00\x00"...)
	b = le.AppendUint16(b, machine)
	b = le.AppendUint16(b, uint16(len(s)))
	b = append(b, make([]byte, 12)...)
	b = le.AppendUint16(b, optSize)
	b = le.AppendUint16(b, 0x2022)
	b = append(b, make([]byte, optSize)...)
	return append(append(b, sectionTable(s)...), body...)
}

// strtab is a string table holding the given names, and the "/N" names
// that point at them.
func strtab(names ...string) (table []byte, refs []string) {
	table = []byte{0, 0, 0, 0}
	for _, n := range names {
		refs = append(refs, "/"+itoa(len(table)))
		table = append(append(table, n...), 0)
	}
	binary.LittleEndian.PutUint32(table, uint32(len(table)))
	return table, refs
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func TestNewFileCrafted(t *testing.T) {
	st, refs := strtab(".llvm.call-graph-profile", ".llvm_addrsig")
	// A bigobj with a "//BASE64" name: offset 4 is "//AAAAAE".
	bigBody := append([]byte("BC\xc0\xde"), st...)
	const bigHdr = bigObjHeaderSize + 2*sectionHeaderSize
	tests := []struct {
		name   string
		data   []byte
		image  bool
		bigobj bool
		arch   string
		want   []Section
	}{
		{
			"object with long names",
			buildObject(IMAGE_FILE_MACHINE_AMD64, []tsec{{refs[0], 0, 16, 20 + 80}, {refs[1], 0, 0, 0}}, 20+80+16, 0, append(make([]byte, 16), st...)),
			false, false, "x86_64",
			[]Section{{".llvm.call-graph-profile", 100, 16, 0x40000040, 1, false}, {".llvm_addrsig", 0, 0, 0x40000040, 2, true}},
		},
		{
			"object: VirtualSize ignored, 8-character name",
			buildObject(IMAGE_FILE_MACHINE_ARM64, []tsec{{".llvmcmd", 5, 8, 60}}, 0, 0, make([]byte, 8)),
			false, false, "arm64",
			[]Section{{".llvmcmd", 60, 8, 0x40000040, 1, false}},
		},
		{
			"object without sections",
			buildObject(IMAGE_FILE_MACHINE_I386, nil, 0, 0, nil),
			false, false, "i386",
			[]Section{},
		},
		{
			"bigobj",
			buildBigObj(IMAGE_FILE_MACHINE_ARM64X, []tsec{{".llvmbc", 0, 4, bigHdr}, {"//AAAAAE", 0, 0, 0}}, bigHdr+4, 0, bigBody),
			false, true, "arm64x",
			[]Section{{".llvmbc", bigHdr, 4, 0x40000040, 1, false}, {".llvm.call-graph-profile", 0, 0, 0x40000040, 2, true}},
		},
		{
			"image: size is min(VirtualSize, SizeOfRawData), 0 when VirtualSize is 0",
			buildImage(IMAGE_FILE_MACHINE_AMD64, 0xf0, []tsec{
				{".text", 0x10, 0x200, 0x200},
				{".rdata", 0x400, 0x200, 0x200},
				{".data", 0, 0x200, 0x200},
				{".bss", 0x100, 0, 0},
				{".reloc", 4, 0x10000, 0x300}, // raw data past the end, but only 4 bytes counted
			}, nil),
			true, false, "x86_64",
			[]Section{
				{".text", 0x200, 0x10, 0x40000040, 1, false},
				{".rdata", 0x200, 0x200, 0x40000040, 2, false},
				{".data", 0x200, 0, 0x40000040, 3, false},
				{".bss", 0, 0, 0x40000040, 4, true},
				{".reloc", 0x300, 4, 0x40000040, 5, false},
			},
		},
		{
			"image with an unknown machine",
			buildImage(0x5064, 0, nil, nil),
			true, false, "unknown(0x5064)",
			[]Section{},
		},
	}
	// The image's sections need 0x304 bytes.
	if img := &tests[4].data; len(*img) < 0x400 {
		*img = append(*img, make([]byte, 0x400-len(*img))...)
	}
	for _, tt := range tests {
		f, err := NewFile(tt.data)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if f.Image != tt.image || f.BigObj != tt.bigobj || f.Arch != tt.arch || !reflect.DeepEqual(f.Sections, tt.want) {
			t.Errorf("%s: image %v bigobj %v arch %s sections\n got %+v\nwant %+v", tt.name, f.Image, f.BigObj, f.Arch, f.Sections, tt.want)
		}
		if IsImage(tt.data) != tt.image || IsObject(tt.data) == tt.image {
			t.Errorf("%s: IsImage %v, IsObject %v", tt.name, IsImage(tt.data), IsObject(tt.data))
		}
	}
}

func TestIsObject(t *testing.T) {
	obj := buildObject(IMAGE_FILE_MACHINE_AMD64, []tsec{{".text", 0, 0, 0}}, 0, 0, nil)
	patch := func(off int, v uint16) []byte {
		b := append([]byte(nil), obj...)
		binary.LittleEndian.PutUint16(b[off:], v)
		return b
	}
	big := buildBigObj(IMAGE_FILE_MACHINE_AMD64, nil, 0, 0, nil)
	tests := []struct {
		name string
		data []byte
		want bool
	}{
		{"object", obj, true},
		{"ARM64EC", patch(0, IMAGE_FILE_MACHINE_ARM64EC), true},
		{"unknown machine", patch(0, 0x5064), false},
		{"ARM (not Thumb-2) objects are not produced by LLVM", patch(0, IMAGE_FILE_MACHINE_ARM), false},
		{"optional header", patch(16, 0xf0), false},
		{"section table past the end", patch(2, 2), false},
		{"too many sections for a regular header", patch(2, 65280), false},
		{"truncated", obj[:19], false},
		{"bigobj", big, true},
		{"bigobj truncated", big[:55], false},
		{"import library member", []byte{0, 0, 0xff, 0xff, 0, 0, 0x64, 0x86, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, false},
		{"text", []byte("d\x86 is not how text starts, and this is long enough"), false},
		{"PE image", readFixture(t, "x86_64-gnu.dll"), false},
	}
	for _, tt := range tests {
		if got := IsObject(tt.data); got != tt.want {
			t.Errorf("%s: IsObject = %v; want %v", tt.name, got, tt.want)
		}
	}
}

func TestIsImage(t *testing.T) {
	img := buildImage(IMAGE_FILE_MACHINE_AMD64, 0, nil, nil)
	tests := []struct {
		name string
		data []byte
		want bool
	}{
		{"image", img, true},
		{"signature is the last 4 bytes", img[:dosHeaderSize+4], true},
		{"signature cut", img[:dosHeaderSize+3], false},
		{"DOS header cut", img[:dosHeaderSize-1], false},
		{"no MZ", append([]byte("ZM"), img[2:]...), false},
		{"e_lfanew past the end", func() []byte {
			b := append([]byte(nil), img...)
			binary.LittleEndian.PutUint32(b[lfanewOff:], 0xfffffffe)
			return b
		}(), false},
		{"object", readFixture(t, "x86_64.obj"), false},
	}
	for _, tt := range tests {
		if got := IsImage(tt.data); got != tt.want {
			t.Errorf("%s: IsImage = %v; want %v", tt.name, got, tt.want)
		}
	}
}

// rename returns a copy of a one-section object with the first section's
// name field set to name.
func rename(obj []byte, name string) []byte {
	c := append([]byte(nil), obj...)
	copy(c[20:28], make([]byte, 8))
	copy(c[20:28], name)
	return c
}

func TestNewFileErrors(t *testing.T) {
	le := binary.LittleEndian
	obj := buildObject(IMAGE_FILE_MACHINE_AMD64, []tsec{{".llvmbc", 0, 4, 60}}, 0, 0, []byte("BC\xc0\xde"))
	patch := func(b []byte, off int, v uint32) []byte {
		c := append([]byte(nil), b...)
		le.PutUint32(c[off:], v)
		return c
	}
	st, refs := strtab(".llvm.call-graph-profile")
	long := buildObject(IMAGE_FILE_MACHINE_AMD64, []tsec{{refs[0], 0, 0, 0}}, 60, 0, st)
	img := append(buildImage(IMAGE_FILE_MACHINE_AMD64, 0, []tsec{{".llvmbc", 4, 4, 0x80}}, nil), "BC\xc0\xde"...)
	// 1000 sections whose names all point at one 100-byte string: 100 kB of
	// names from a 40 kB file.
	hundred := strings.Repeat("x", 100)
	st100, refs100 := strtab(hundred)
	many := make([]tsec, 1000)
	for i := range many {
		many[i] = tsec{name: refs100[0]}
	}
	amplified := buildObject(IMAGE_FILE_MACHINE_AMD64, many, 20+40*1000, 0, st100)
	clgl := buildBigObj(IMAGE_FILE_MACHINE_AMD64, nil, 0, 0, nil)
	copy(clgl[12:], clGLObjMagic)
	importLib := buildBigObj(IMAGE_FILE_MACHINE_AMD64, nil, 0, 0, nil)
	importLib[12] ^= 0xff
	tests := []struct {
		name string
		data []byte
		off  int64
		msg  string
	}{
		{"empty", nil, 0, "truncated COFF file header: 0 of 20 bytes"},
		{"header truncated", obj[:19], 0, "truncated COFF file header: 19 of 20 bytes"},
		{"unknown machine", patch(obj, 0, 0x5064), 0, "not a COFF object: unknown machine 0x5064"},
		{"section table past the end", obj[:59], 2, "section table of 1 sections at 0x14 runs past the end of the data (0x3b bytes)"},
		{"optional header pushes the table out", patch(obj, 16, 0x100), 2, "section table of 1 sections at 0x114 runs past"},
		{"section past the end", obj[:63], 20, "section 1 (.llvmbc) [0x3c, 0x40) runs past the end of the data (0x3f bytes)"},
		{"section offset 2^32-1", patch(obj, 20+20, 0xffffffff), 20, "section 1 (.llvmbc) [0xffffffff, 0x100000003)"},
		{"huge SizeOfRawData", patch(obj, 20+16, 0xffffffff), 20, "[0x3c, 0x10000003b) runs past"},
		{"long name without a symbol table", patch(long, 8, 0), 20, "section 1: long section name at string table offset 4, but there is no symbol table"},
		{"string table past the end", patch(long, 8, 0x1000), 20, "string table at 0x1000 runs past the end"},
		{"string table size past the end", patch(long, 60, 0x1000), 20, "string table [0x3c, 0x103c) runs past"},
		{"empty string table", patch(long, 60, 4), 20, "the string table is empty"},
		{"name past the string table", patch(long, 20, 0x0039392f), 20, "long section name at string table offset 99, past its end (29 bytes)"},
		{"name not a number", patch(long, 20, 0x0078342f), 20, `section 1: invalid long section name "/4x"`},
		{"bare slash", patch(long, 20, 0x2f), 20, `invalid long section name "/"`},
		{"base64 name with a bad digit", rename(long, "//A!"), 20, `invalid long section name "//A!"`},
		{"base64 name past 2^32", rename(long, "//zzzzzz"), 20, `invalid long section name "//zzzzzz"`},
		{"base64 name at offset 4", rename(long, "//AAAAAE"), -1, ""},
		{"names amplified", amplified, 20 + 40*401, "section 402: long section names total more than the 0x9cbd bytes of the data"},
		{"bigobj truncated", buildBigObj(IMAGE_FILE_MACHINE_AMD64, nil, 0, 0, nil)[:55], 0, "truncated bigobj COFF header: 55 of 56 bytes"},
		{"bigobj section table", patch(buildBigObj(IMAGE_FILE_MACHINE_AMD64, nil, 0, 0, nil), 44, 0x10000000), 44, "section table of 268435456 sections at 0x38 runs past"},
		{"import or bigobj truncated", []byte{0, 0, 0xff, 0xff, 0}, 0, "truncated COFF import or bigobj header: 5 bytes"},
		{"import library member", importLib, 0, "COFF short import library member, not an object"},
		{"cl /GL object", clgl, 12, "MSVC /GL object (MSVC's own intermediate code) is not supported"},
		{"DOS header truncated", img[:63], 0, "truncated DOS header: 63 of 64 bytes"},
		{"e_lfanew past the end", patch(img, lfanewOff, 0x1000), lfanewOff, "PE signature offset 0x1000 is past the end"},
		{"e_lfanew 2^32-1", patch(img, lfanewOff, 0xffffffff), lfanewOff, "PE signature offset 0xffffffff is past the end"},
		{"no PE signature", patch(img, 0x40, 0x4c45457f), 0x40, `no PE signature at e_lfanew 0x40: 7f 45 45 4c`},
		{"PE header truncated", img[:0x40+4+19], 0x44, "truncated COFF file header: 19 of 20 bytes"},
		{"image section past the end", img[:len(img)-1], 0x58, "section 1 (.llvmbc) [0x80, 0x84) runs past the end of the data (0x83 bytes)"},
	}
	for _, tt := range tests {
		f, err := NewFile(tt.data)
		if tt.off < 0 { // not an error after all
			if err != nil || f.Sections[0].Name != ".llvm.call-graph-profile" {
				t.Errorf("%s: NewFile = %+v, %v", tt.name, f, err)
			}
			continue
		}
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%s: NewFile = %+v, %v; want a *FormatError", tt.name, f, err)
			continue
		}
		if fe.Off != tt.off || !strings.Contains(fe.Msg, tt.msg) {
			t.Errorf("%s: error %q at 0x%x; want %q at 0x%x", tt.name, fe.Msg, fe.Off, tt.msg, tt.off)
		}
	}
}

// TestNewFileTruncated tries every prefix of every fixture: each gives
// sections within the prefix, or a *FormatError at an offset within it.
func TestNewFileTruncated(t *testing.T) {
	for _, tt := range fileTests {
		data := readFixture(t, tt.name)
		for n := 0; n <= len(data); n++ {
			checkNewFile(t, data[:n:n])
		}
	}
}

// checkNewFile checks the property every input must have.
func checkNewFile(t *testing.T, data []byte) *File {
	t.Helper()
	f, err := NewFile(data)
	if err != nil {
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Off < 0 || fe.Off > int64(len(data)) || f != nil {
			t.Fatalf("%d bytes: %v, %v; want a *FormatError within the data", len(data), f, err)
		}
		return nil
	}
	names := 0
	for i, s := range f.Sections {
		if s.Index != i+1 || s.Off < 0 || s.Size < 0 {
			t.Fatalf("%d bytes: section %d: %+v", len(data), i, s)
		}
		if !s.ZeroFill && (s.Off > int64(len(data)) || s.Size > int64(len(data))-s.Off) {
			t.Fatalf("%d bytes: section %+v outside the data", len(data), s)
		}
		names += len(s.Name)
	}
	if names > len(data)+8*len(f.Sections) {
		t.Fatalf("%d bytes: %d bytes of section names", len(data), names)
	}
	return f
}
