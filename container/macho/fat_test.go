package macho

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// fatTests holds the headers of the universal fixtures as
// llvm-objdump-22 --macho --universal-headers prints them (see gen.sh).
var fatTests = []struct {
	name   string
	arches []FatArch
	magic  []byte // every slice starts with these bytes
}{
	{"universal.o", []FatArch{
		{CPU_TYPE_X86_64, 3, "x86_64", 48, 2080, 3},
		{CPU_TYPE_ARM64, 0, "arm64", 2128, 3016, 3},
	}, []byte{0xcf, 0xfa, 0xed, 0xfe}},
	// llvm-lipo wrote the objects' embedded bitcode, not the objects.
	{"universal-bitcode.o", []FatArch{
		{CPU_TYPE_X86_64, 3, "x86_64", 48, 3568, 0},
		{CPU_TYPE_ARM64, 0, "arm64", 3616, 3984, 0},
	}, []byte{0xde, 0xc0, 0x17, 0x0b}},
	{"universal64.a", []FatArch{
		{CPU_TYPE_X86_64, 3, "x86_64", 72, 5336, 0},
		{CPU_TYPE_ARM64, 0, "arm64", 5408, 6048, 0},
	}, []byte("!<arch>\n")},
}

func TestParseFat(t *testing.T) {
	for _, tt := range fatTests {
		data := readFixture(t, tt.name)
		if !IsFat(data) || IsThin(data) {
			t.Errorf("%s: IsFat %v, IsThin %v", tt.name, IsFat(data), IsThin(data))
		}
		arches, err := ParseFat(data)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !reflect.DeepEqual(arches, tt.arches) {
			t.Errorf("%s:\n got %+v\nwant %+v", tt.name, arches, tt.arches)
		}
		for _, a := range arches {
			if s := data[a.Off : a.Off+a.Size]; !bytes.HasPrefix(s, tt.magic) {
				t.Errorf("%s[%s] starts with % x; want % x", tt.name, a.Arch, s[:min(len(s), 8)], tt.magic)
			}
		}
	}
}

// TestParseFatBitcodeSlices checks that llvm-lipo's bitcode slices are the
// __LLVM,__bitcode sections of the objects it was given.
func TestParseFatBitcodeSlices(t *testing.T) {
	data := readFixture(t, "universal-bitcode.o")
	arches, err := ParseFat(data)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, tt := range fileTests {
		if tt.bitcodeSHA256 != "" {
			want[tt.arch] = tt.bitcodeSHA256
		}
	}
	for _, a := range arches {
		sum := sha256.Sum256(data[a.Off : a.Off+a.Size])
		if got := hex.EncodeToString(sum[:]); got != want[a.Arch] {
			t.Errorf("slice %s: sha256 %s; want %s", a.Arch, got, want[a.Arch])
		}
	}
}

// TestParseFatSlices opens the Mach-O slices of universal.o, objects built
// with -fembed-bitcode=marker (one byte of __bitcode), as the walker does.
func TestParseFatSlices(t *testing.T) {
	data := readFixture(t, "universal.o")
	arches, err := ParseFat(data)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]Section{
		"x86_64": withTextSize(objectSections(792, 891, 0x18, 915, 1, 916, 0x345), 0x63),
		"arm64":  withTextSize(objectSections(808, 948, 0x18, 972, 1, 973, 0x5e1), 0x8c),
	}
	for _, a := range arches {
		slice := data[a.Off : a.Off+a.Size]
		f, err := NewFile(slice)
		if err != nil {
			t.Errorf("slice %s: %v", a.Arch, err)
			continue
		}
		if f.Arch != a.Arch || !reflect.DeepEqual(f.Sections, want[a.Arch]) {
			t.Errorf("slice %s: arch %s, sections\n got %+v\nwant %+v", a.Arch, f.Arch, f.Sections, want[a.Arch])
		}
		if bc := sectionData(t, slice, f, "__LLVM", "__bitcode"); !bytes.Equal(bc, []byte{0}) {
			t.Errorf("slice %s: marker % x", a.Arch, bc)
		}
	}
}

func TestIsFat(t *testing.T) {
	tests := []struct {
		data []byte
		want bool
	}{
		{[]byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2}, true},
		{[]byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 42}, true},
		{[]byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 43}, false},   // too many for a universal file
		{[]byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 0x34}, false}, // a Java 8 class file
		{[]byte{0xca, 0xfe, 0xba, 0xbe, 0, 1, 0, 2}, false},    // LLVM would say yes: it looks at the last byte only
		{[]byte{0xca, 0xfe, 0xba, 0xbf, 0, 0, 1, 0}, true},     // fat64: no Java ambiguity
		{[]byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0}, false},       // too short
		{[]byte{0xbe, 0xba, 0xfe, 0xca, 2, 0, 0, 0}, false},    // the magic is big-endian only
		{[]byte{0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1}, false},    // thin
		{nil, false},
	}
	for _, tt := range tests {
		if got := IsFat(tt.data); got != tt.want {
			t.Errorf("IsFat(% x) = %v; want %v", tt.data, got, tt.want)
		}
	}
}

// A tarch is one entry for buildFat.
type tarch struct {
	cpu, sub  uint32
	off, size uint64
	align     uint32
}

// buildFat writes a fat header with the given entries, padded to total bytes.
func buildFat(fat64 bool, arches []tarch, total int) []byte {
	be := binary.BigEndian
	var b []byte
	if fat64 {
		b = be.AppendUint32(b, FAT_MAGIC_64)
	} else {
		b = be.AppendUint32(b, FAT_MAGIC)
	}
	b = be.AppendUint32(b, uint32(len(arches)))
	for _, a := range arches {
		b = be.AppendUint32(b, a.cpu)
		b = be.AppendUint32(b, a.sub)
		if fat64 {
			b = be.AppendUint64(b, a.off)
			b = be.AppendUint64(b, a.size)
			b = be.AppendUint32(b, a.align)
			b = be.AppendUint32(b, 0)
		} else {
			b = be.AppendUint32(b, uint32(a.off))
			b = be.AppendUint32(b, uint32(a.size))
			b = be.AppendUint32(b, a.align)
		}
	}
	if len(b) < total {
		b = append(b, make([]byte, total-len(b))...)
	}
	return b
}

func TestParseFatCrafted(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want []FatArch
	}{
		{"no architectures", buildFat(false, nil, 8), []FatArch{}},
		{"zero-size slices", buildFat(false, []tarch{{CPU_TYPE_X86_64, 3, 48, 0, 0}, {CPU_TYPE_ARM64, 0, 48, 0, 0}}, 48),
			[]FatArch{{CPU_TYPE_X86_64, 3, "x86_64", 48, 0, 0}, {CPU_TYPE_ARM64, 0, "arm64", 48, 0, 0}}},
		{"slices touching, alignment not checked", buildFat(false, []tarch{{CPU_TYPE_X86_64, 3, 48, 3, 12}, {CPU_TYPE_ARM64, 0, 51, 1, 99}}, 52),
			[]FatArch{{CPU_TYPE_X86_64, 3, "x86_64", 48, 3, 12}, {CPU_TYPE_ARM64, 0, "arm64", 51, 1, 99}}},
		{"capability bits kept, ignored for duplicates", buildFat(true, []tarch{{CPU_TYPE_ARM64, 0x80000002, 80, 1, 0}, {CPU_TYPE_ARM64, 0, 81, 1, 0}}, 82),
			[]FatArch{{CPU_TYPE_ARM64, 0x80000002, "arm64e", 80, 1, 0}, {CPU_TYPE_ARM64, 0, "arm64", 81, 1, 0}}},
		{"unknown architecture", buildFat(false, []tarch{{153, 0x80000005, 28, 2, 0}}, 30),
			[]FatArch{{153, 0x80000005, "unknown(153,5)", 28, 2, 0}}},
	}
	for _, tt := range tests {
		got, err := ParseFat(tt.data)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: ParseFat = %+v, %v; want %+v", tt.name, got, err, tt.want)
		}
	}
}

func TestParseFatErrors(t *testing.T) {
	many := make([]tarch, 1000)
	for i := range many {
		many[i] = tarch{cpu: uint32(i), off: 8 + 1001*32 + uint64(i), size: 1}
	}
	tests := []struct {
		name string
		data []byte
		off  int64
		msg  string
	}{
		{"thin", readFixture(t, "x86_64.o"), 0, "not a universal (fat) file"},
		{"class file", []byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 0x3d, 0, 0}, 0, "not a universal (fat) file"},
		{"entries past the end", buildFat(false, []tarch{{CPU_TYPE_X86_64, 3, 28, 0, 0}}, 0)[:27], 4, "1 architectures of 20 bytes each do not fit in 0x1b bytes"},
		{"huge nfat_arch", []byte{0xca, 0xfe, 0xba, 0xbf, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0}, 4, "4294967295 architectures of 32 bytes each"},
		{"slice past the end", buildFat(false, []tarch{{CPU_TYPE_X86_64, 3, 28, 3, 0}}, 30), 16, "slice 0 (x86_64) [0x1c, 0x1f) runs past the end of the data (0x1e bytes)"},
		{"slice offset past the end", buildFat(false, []tarch{{CPU_TYPE_X86_64, 3, 31, 0, 0}}, 30), 16, "slice 0 (x86_64) [0x1f, 0x1f) runs past"},
		{"fat64 offset+size overflows", buildFat(true, []tarch{{CPU_TYPE_X86_64, 3, 40, 1<<64 - 1, 0}}, 48), 16, "runs past the end"},
		{"fat64 offset 2^64-1", buildFat(true, []tarch{{CPU_TYPE_X86_64, 3, 1<<64 - 1, 2, 0}}, 48), 16, "runs past the end"},
		{"slice is the whole file", buildFat(false, []tarch{{CPU_TYPE_X86_64, 3, 0, 28, 0}}, 28), 16, "slice 0 (x86_64) at 0x0 overlaps the universal header, which ends at 0x1c"},
		{"slice starts inside the entries", buildFat(false, []tarch{{CPU_TYPE_X86_64, 3, 48, 1, 0}, {CPU_TYPE_ARM64, 0, 40, 0, 0}}, 49), 36, "slice 1 (arm64) at 0x28 overlaps the universal header"},
		{"overlapping slices", buildFat(false, []tarch{{CPU_TYPE_X86_64, 3, 60, 10, 0}, {CPU_TYPE_ARM64, 0, 48, 13, 0}}, 70), 36, "slice 1 (arm64) [0x30, 0x3d) overlaps slice 0 (x86_64) [0x3c, 0x46)"},
		{"one slice inside another", buildFat(false, []tarch{{CPU_TYPE_X86_64, 3, 68, 20, 0}, {CPU_TYPE_ARM64, 0, 70, 2, 0}, {CPU_TYPE_X86, 3, 80, 2, 0}}, 90), 36, "slice 1 (arm64) [0x46, 0x48) overlaps slice 0 (x86_64) [0x44, 0x58)"},
		{"same range many times", buildFat(false, []tarch{{CPU_TYPE_X86_64, 3, 48, 20, 0}, {CPU_TYPE_ARM64, 0, 48, 20, 0}}, 68), 36, "overlaps"},
		{"duplicate architecture", buildFat(false, []tarch{{CPU_TYPE_ARM64, 0, 68, 1, 0}, {CPU_TYPE_X86_64, 3, 69, 1, 0}, {CPU_TYPE_ARM64, 0x80000000, 70, 1, 0}}, 71), 48, "slices 0 and 2 are both for arm64"},
		{"1000 slices, the last overlapping the first", buildFat(true, append(many, tarch{cpu: 5000, off: 8 + 1001*32, size: 2}), 8+1001*32+1000), 8 + 1000*32 + 8, "slice 1000 (unknown(5000,0)) [0x7d28, 0x7d2a) overlaps slice 0 (unknown(0,0))"},
	}
	for _, tt := range tests {
		arches, err := ParseFat(tt.data)
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%s: ParseFat = %+v, %v; want a *FormatError", tt.name, arches, err)
			continue
		}
		if fe.Off != tt.off || !strings.Contains(fe.Msg, tt.msg) {
			t.Errorf("%s: error %q at 0x%x; want %q at 0x%x", tt.name, fe.Msg, fe.Off, tt.msg, tt.off)
		}
	}
	if _, err := ParseFat(nil); err != ErrNotFat {
		t.Errorf("ParseFat(nil) = %v; want ErrNotFat", err)
	}
}

// TestParseFatTruncated tries every prefix of the universal fixtures.
func TestParseFatTruncated(t *testing.T) {
	for _, tt := range fatTests {
		data := readFixture(t, tt.name)
		for n := 0; n <= len(data); n++ {
			checkParseFat(t, data[:n:n])
		}
	}
}

// checkParseFat checks the property every input must have.
func checkParseFat(t *testing.T, data []byte) {
	t.Helper()
	arches, err := ParseFat(data)
	if err != nil {
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Off < 0 || fe.Off > int64(len(data)) || arches != nil {
			t.Fatalf("%d bytes: %v, %v; want a *FormatError within the data", len(data), arches, err)
		}
		return
	}
	if !IsFat(data) {
		t.Fatalf("%d bytes: parsed, but IsFat is false", len(data))
	}
	entSize := int64(fatArchSize32)
	if binary.BigEndian.Uint32(data) == FAT_MAGIC_64 {
		entSize = fatArchSize64
	}
	hdrEnd := fatHeaderSize + int64(len(arches))*entSize
	var covered int64
	for _, a := range arches {
		if a.Off < hdrEnd || a.Size < 0 || a.Size > int64(len(data))-a.Off {
			t.Fatalf("%d bytes: slice %+v outside the data or inside the header", len(data), a)
		}
		covered += a.Size
	}
	if covered > int64(len(data))-hdrEnd {
		t.Fatalf("%d bytes: slices cover %d bytes, more than the %d after the header: they overlap", len(data), covered, int64(len(data))-hdrEnd)
	}
}
