package sections

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// offloadImage is the input of offloadWrite, after LLVM's
// OffloadBinary::OffloadingImage.
type offloadImage struct {
	kind    ImageKind
	ofk     OffloadKind
	flags   uint32
	strs    []OffloadString
	image   []byte
	padding bool // the writer's default; false leaves Size unaligned
}

// offloadWrite lays one image out as LLVM 22's OffloadBinary::write does:
// header, entry, string entries, a string table starting with NUL (no suffix
// sharing here), zeros to 8, the image, zeros to 8.
func offloadWrite(im offloadImage) []byte {
	le := binary.LittleEndian
	strtab := []byte{0}
	var ents []byte
	base := uint64(offloadMinSize + offloadStrEntSize*len(im.strs))
	for _, s := range im.strs {
		ents = le.AppendUint64(ents, base+uint64(len(strtab)))
		strtab = append(append(strtab, s.Key...), 0)
		ents = le.AppendUint64(ents, base+uint64(len(strtab)))
		strtab = append(append(strtab, s.Value...), 0)
	}
	imgOff := (base + uint64(len(strtab)) + 7) &^ 7
	size := imgOff + uint64(len(im.image))
	if im.padding {
		size = (size + 7) &^ 7
	}
	b := []byte(offloadMagic)
	b = le.AppendUint32(b, offloadVersion)
	b = le.AppendUint64(b, size)
	b = le.AppendUint64(b, offloadHeaderSize)
	b = le.AppendUint64(b, offloadEntrySize)
	b = le.AppendUint16(b, uint16(im.kind))
	b = le.AppendUint16(b, uint16(im.ofk))
	b = le.AppendUint32(b, im.flags)
	b = le.AppendUint64(b, offloadMinSize)
	b = le.AppendUint64(b, uint64(len(im.strs)))
	b = le.AppendUint64(b, imgOff)
	b = le.AppendUint64(b, uint64(len(im.image)))
	b = append(append(b, ents...), strtab...)
	b = append(b, make([]byte, int(imgOff)-len(b))...)
	b = append(b, im.image...)
	return append(b, make([]byte, int(size)-len(b))...)
}

// offloadBase is the binary the hostile cases mutate. Layout: header 0-32,
// entry 32-72 (string map at 40, count at 48, image offset at 56, image size
// at 64), string entries 72-104, string table 104-131, image 136-140, Size 144.
func offloadBase() []byte {
	return offloadWrite(offloadImage{
		kind: IMG_Object, ofk: OFK_OpenMP,
		strs:    []OffloadString{{"triple", "nvptx64"}, {"arch", "sm_70"}},
		image:   []byte("abcd"),
		padding: true,
	})
}

// offloadUnaligned is offloadBase without the final padding: Size is 140 and
// the image ends the binary.
func offloadUnaligned() []byte {
	return offloadWrite(offloadImage{
		kind: IMG_Object, ofk: OFK_OpenMP,
		strs:  []OffloadString{{"triple", "nvptx64"}, {"arch", "sm_70"}},
		image: []byte("abcd"),
	})
}

func offloadPut64(b []byte, off int, v uint64) []byte {
	b = bytes.Clone(b)
	binary.LittleEndian.PutUint64(b[off:], v)
	return b
}

func offloadPut32(b []byte, off int, v uint32) []byte {
	b = bytes.Clone(b)
	binary.LittleEndian.PutUint32(b[off:], v)
	return b
}

func offloadReadFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "offload", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// shtLLVMOffloading is SHT_LLVM_OFFLOADING; debug/elf does not name it.
const shtLLVMOffloading elf.SectionType = 0x6fff4c0b

// offloadSection returns the SHT_LLVM_OFFLOADING section of an ELF fixture.
func offloadSection(t testing.TB, name string) []byte {
	t.Helper()
	f, err := elf.Open(filepath.Join("testdata", "offload", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, s := range f.Sections {
		if s.Type == shtLLVMOffloading {
			b, err := s.Data()
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
	}
	t.Fatalf("%s: no SHT_LLVM_OFFLOADING section", name)
	return nil
}

// The three binaries of pkg.out (gen.sh), also the first three of host.o's
// .llvm.offloading. ImageSize is the size of gen.sh's dev.bc, dev.o and dev.s.
var offloadPkg = []OffloadBinary{{
	Off: 0, Size: 2512, Version: 1, ImageKind: IMG_Bitcode, OffloadKind: OFK_OpenMP,
	Strings:  []OffloadString{{"arch", "sm_70"}, {"triple", "nvptx64-nvidia-cuda"}},
	ImageOff: 144, ImageSize: 2368,
}, {
	Off: 2512, Size: 2160, Version: 1, ImageKind: IMG_Object, OffloadKind: OFK_HIP,
	Strings:  []OffloadString{{"arch", "gfx90a"}, {"triple", "amdgcn-amd-amdhsa"}},
	ImageOff: 2656, ImageSize: 2016,
}, {
	Off: 4672, Size: 656, Version: 1, ImageKind: IMG_PTX, OffloadKind: OFK_Cuda,
	Strings:  []OffloadString{{"feature", "+ptx70"}, {"arch", "sm_70"}, {"triple", "nvptx64-nvidia-cuda"}},
	ImageOff: 4848, ImageSize: 480,
}}

// host.o's fourth binary, the one-image package gen.sh embeds after pkg.out.
var offloadHostExtra = OffloadBinary{
	Off: 5328, Size: 624, Version: 1, ImageKind: IMG_PTX, OffloadKind: OFK_OpenMP,
	Strings:  []OffloadString{{"arch", "sm_80"}, {"triple", "nvptx64-nvidia-cuda"}},
	ImageOff: 5472, ImageSize: 480,
}

// What llvm-objdump-22 --offloading prints for pkg.out; for host.o the same
// follows "\nhost.o:\tfile format elf64-x86-64\n", with offloadObjdumpHostExtra
// after it.
const offloadObjdumpPkg = `
OFFLOADING IMAGE [0]:
kind            llvm ir
arch            sm_70
triple          nvptx64-nvidia-cuda
producer        openmp

OFFLOADING IMAGE [1]:
kind            elf
arch            gfx90a
triple          amdgcn-amd-amdhsa
producer        hip

OFFLOADING IMAGE [2]:
kind            ptx
arch            sm_70
triple          nvptx64-nvidia-cuda
producer        cuda
`

const offloadObjdumpHostExtra = `
OFFLOADING IMAGE [3]:
kind            ptx
arch            sm_80
triple          nvptx64-nvidia-cuda
producer        openmp
`

// offloadObjdump prints bins as llvm-objdump-22 --offloading does.
func offloadObjdump(bins []OffloadBinary) string {
	var b strings.Builder
	for i := range bins {
		fmt.Fprintf(&b, "\nOFFLOADING IMAGE [%d]:\n", i)
		fmt.Fprintf(&b, "%-16s%s\n", "kind", bins[i].ImageKind)
		fmt.Fprintf(&b, "%-16s%s\n", "arch", bins[i].String("arch"))
		fmt.Fprintf(&b, "%-16s%s\n", "triple", bins[i].String("triple"))
		fmt.Fprintf(&b, "%-16s%s\n", "producer", bins[i].OffloadKind)
	}
	return b.String()
}

func TestDecodeOffloadingFixtures(t *testing.T) {
	host := append(append([]OffloadBinary{}, offloadPkg...), offloadHostExtra)
	tests := []struct {
		name    string
		data    []byte
		want    []OffloadBinary
		objdump string
	}{
		{"pkg.out", offloadReadFixture(t, "pkg.out"), offloadPkg, offloadObjdumpPkg},
		{"host.o", offloadSection(t, "host.o"), host, offloadObjdumpPkg + offloadObjdumpHostExtra},
	}
	// The image files' first bytes: bitcode, ELF, PTX text (a comment).
	magics := map[ImageKind]string{IMG_Bitcode: "BC\xc0\xde", IMG_Object: "\x7fELF", IMG_PTX: "//"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !IsOffloadBinary(tt.data) {
				t.Errorf("IsOffloadBinary = false")
			}
			bins, err := DecodeOffloading(".llvm.offloading", tt.data)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(bins, tt.want) {
				t.Errorf("DecodeOffloading:\n got %+v\nwant %+v", bins, tt.want)
			}
			if got := offloadObjdump(bins); got != tt.objdump {
				t.Errorf("printed as llvm-objdump-22 does:\n%s\nwant\n%s", got, tt.objdump)
			}
			for _, b := range bins {
				img := tt.data[b.ImageOff : b.ImageOff+b.ImageSize]
				if !bytes.HasPrefix(img, []byte(magics[b.ImageKind])) {
					t.Errorf("binary at %d: image starts % x, want %q", b.Off, img[:4], magics[b.ImageKind])
				}
			}
		})
	}
}

func TestOffloadKindNames(t *testing.T) {
	images := []struct {
		k        ImageKind
		str, gos string
	}{
		{IMG_None, "<none>", "IMG_None"},
		{IMG_Object, "elf", "IMG_Object"},
		{IMG_Bitcode, "llvm ir", "IMG_Bitcode"},
		{IMG_Cubin, "cubin", "IMG_Cubin"},
		{IMG_Fatbinary, "fatbinary", "IMG_Fatbinary"},
		{IMG_PTX, "ptx", "IMG_PTX"},
		{IMG_SPIRV, "<none>", "IMG_SPIRV"},
		{7, "<none>", "ImageKind(7)"},
		{0xffff, "<none>", "ImageKind(65535)"},
	}
	for _, tt := range images {
		if s, g := tt.k.String(), fmt.Sprintf("%#v", tt.k); s != tt.str || g != tt.gos {
			t.Errorf("ImageKind(%d): String %q, GoString %q; want %q, %q", uint16(tt.k), s, g, tt.str, tt.gos)
		}
	}
	offloads := []struct {
		k        OffloadKind
		str, gos string
	}{
		{OFK_None, "none", "OFK_None"},
		{OFK_OpenMP, "openmp", "OFK_OpenMP"},
		{OFK_Cuda, "cuda", "OFK_Cuda"},
		{OFK_HIP, "hip", "OFK_HIP"},
		{OFK_SYCL, "sycl", "OFK_SYCL"},
		{OFK_OpenMP | OFK_Cuda, "none", "OffloadKind(3)"},
		{16, "none", "OffloadKind(16)"},
	}
	for _, tt := range offloads {
		if s, g := tt.k.String(), fmt.Sprintf("%#v", tt.k); s != tt.str || g != tt.gos {
			t.Errorf("OffloadKind(%d): String %q, GoString %q; want %q, %q", uint16(tt.k), s, g, tt.str, tt.gos)
		}
	}
}

func TestOffloadBinaryString(t *testing.T) {
	b := OffloadBinary{Strings: []OffloadString{{"arch", "sm_70"}, {"triple", "x"}, {"arch", "sm_90"}, {"", "e"}}}
	for key, want := range map[string]string{"arch": "sm_90", "triple": "x", "": "e", "kind": ""} {
		if got := b.String(key); got != want {
			t.Errorf("String(%q) = %q, want %q", key, got, want)
		}
	}
}

func TestIsOffloadBinary(t *testing.T) {
	for _, tt := range []struct {
		data string
		want bool
	}{
		{"", false},
		{"\x10\xff\x10", false},
		{"\x10\xff\x10\xad", true},
		{"\x10\xff\x10\xad\x01\x00", true},
		{"\xad\x10\xff\x10", false},
		{"BC\xc0\xde", false},
	} {
		if got := IsOffloadBinary([]byte(tt.data)); got != tt.want {
			t.Errorf("IsOffloadBinary(%q) = %v", tt.data, got)
		}
	}
}

// How LLVM 22 treats an offloadCase.
const (
	llvmSame      = iota // llvm-objdump-22 agrees: the same error, or the same output
	llvmLenient          // LLVM 22 does not check it and prints the binary
	llvmUndefined        // LLVM 22 reads outside the binary (it may crash)
)

type offloadCase struct {
	name  string
	data  []byte
	nbins int    // binaries decoded before the error (or in all)
	msg   string // "" for success
	off   int64
	llvm  int
}

func offloadCases() []offloadCase {
	base := offloadBase()
	two := append(bytes.Clone(base), base...)
	unaligned := offloadUnaligned()
	// short passes the checks on the whole data, then Size (64) is below 72.
	// Its entry, moved to 24, has the string map at 0 (the old kinds and
	// flags), no strings (the old string map offset) and the image at 2 (the
	// old count).
	short := offloadPut64(offloadPut64(base, 32, 0), 40, 0)
	short = offloadPut64(offloadPut64(offloadPut64(short, 8, 64), 16, 24), 24, 0)
	return []offloadCase{
		{name: "empty"},
		{name: "base", data: base, nbins: 1},
		{name: "two", data: two, nbins: 2},
		{name: "truncated header", data: base[:20], msg: msgOffloadInvalid, off: 0},
		{name: "71 bytes", data: base[:71], msg: msgOffloadInvalid, off: 0},
		{name: "size past end", data: base[:143], msg: msgOffloadEOF, off: 8},
		{name: "bad magic", data: offloadPut32(base, 0, 0xad10ff11), msg: msgOffloadInvalid, off: 0},
		{name: "version 0", data: offloadPut32(base, 4, 0), msg: msgOffloadInvalid, off: 4},
		{name: "version 2", data: offloadPut32(base, 4, 2), msg: msgOffloadInvalid, off: 4},
		{name: "size 39", data: offloadPut64(base, 8, 39), msg: msgOffloadEOF, off: 8},
		{name: "size 40", data: offloadPut64(base, 8, 40), msg: msgOffloadEOF, off: 16},
		{name: "size huge", data: offloadPut64(base, 8, 1<<63), msg: msgOffloadEOF, off: 8},
		{name: "size below 72 in the copy", data: short, msg: msgOffloadInvalid, off: 8},
		{name: "entry offset past end", data: offloadPut64(base, 16, 105), msg: msgOffloadEOF, off: 16},
		{name: "entry offset huge", data: offloadPut64(base, 16, 1<<64-1), msg: msgOffloadEOF, off: 16},
		{name: "entry size past end", data: offloadPut64(base, 24, 113), msg: msgOffloadEOF, off: 24},
		{name: "entry size at end", data: offloadPut64(base, 24, 112), nbins: 1},
		{name: "entry size 0", data: offloadPut64(base, 24, 0), nbins: 1},
		{name: "image offset past end", data: offloadPut64(base, 56, 145), msg: msgOffloadEOF, off: 56},
		{name: "image offset past binary", data: offloadPut64(two, 56, 200), msg: msgOffloadEOF, off: 56},
		{name: "image offset at end, empty", data: offloadPut64(offloadPut64(base, 56, 144), 64, 0), nbins: 1},
		{name: "string map past end", data: offloadPut64(base, 40, 145), msg: msgOffloadEOF, off: 40},
		{name: "no strings", data: offloadPut64(base, 48, 0), nbins: 1},
		{name: "flags and kinds", data: offloadPut32(offloadPut32(base, 32, 0xffff_0006), 36, 7), nbins: 1},
		{name: "second binary bad magic", data: offloadPut32(two, 144, 0), nbins: 1, msg: msgOffloadInvalid, off: 144},
		{name: "second binary bad version", data: offloadPut32(two, 148, 3), nbins: 1, msg: msgOffloadInvalid, off: 148},
		{name: "trailing zeros", data: append(bytes.Clone(base), make([]byte, 8)...), nbins: 1, msg: msgOffloadInvalid, off: 144},
		{name: "trailing 72 zeros", data: append(bytes.Clone(base), make([]byte, 72)...), nbins: 1, msg: msgOffloadInvalid, off: 144},
		{name: "unaligned size, next at size", data: append(bytes.Clone(unaligned), base...), nbins: 2},
		{name: "unaligned size, next aligned", data: append(append(bytes.Clone(unaligned), 0, 0, 0, 0), base...), nbins: 1, msg: msgOffloadInvalid, off: 140},
		{name: "value at end", data: offloadPut64(base, 96, 144), nbins: 1},
		{name: "value runs to end", data: offloadPut64(unaligned, 96, 136), nbins: 1},
		// LLVM 22 does not check these.
		{name: "image past end", data: offloadPut64(offloadPut64(base, 56, 144), 64, 4), msg: msgOffloadEOF, off: 64, llvm: llvmLenient},
		{name: "image size huge", data: offloadPut64(base, 64, 1<<64-1), msg: msgOffloadEOF, off: 64, llvm: llvmLenient},
		{name: "string map at end", data: offloadPut64(base, 40, 144), msg: msgOffloadEOF, off: 48, llvm: llvmUndefined},
		{name: "string count huge", data: offloadPut64(base, 48, 1<<60), msg: msgOffloadEOF, off: 48, llvm: llvmUndefined},
		{name: "string count one too many", data: offloadPut64(base, 48, 5), msg: msgOffloadEOF, off: 48, llvm: llvmUndefined},
		{name: "key past end", data: offloadPut64(base, 72, 145), msg: msgOffloadEOF, off: 72, llvm: llvmUndefined},
		{name: "value past end", data: offloadPut64(base, 96, 1<<40), msg: msgOffloadEOF, off: 96, llvm: llvmUndefined},
	}
}

func TestDecodeOffloadingHostile(t *testing.T) {
	for _, tt := range offloadCases() {
		t.Run(tt.name, func(t *testing.T) {
			bins, err := DecodeOffloading("s", tt.data)
			if len(bins) != tt.nbins {
				t.Errorf("%d binaries, want %d", len(bins), tt.nbins)
			}
			if tt.msg == "" {
				if err != nil {
					t.Fatalf("error %v", err)
				}
				return
			}
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %v, want a *DecodeError", err)
			}
			if *de != (DecodeError{Section: "s", Off: tt.off, Msg: tt.msg}) {
				t.Errorf("error %+v, want Off %d Msg %q", *de, tt.off, tt.msg)
			}
		})
	}
}

// TestDecodeOffloadingValues checks the decoded fields of a few mutated
// binaries, the strings in particular.
func TestDecodeOffloadingValues(t *testing.T) {
	base := offloadBase()
	want := OffloadBinary{
		Off: 0, Size: 144, Version: 1, ImageKind: IMG_Object, OffloadKind: OFK_OpenMP,
		Strings:  []OffloadString{{"triple", "nvptx64"}, {"arch", "sm_70"}},
		ImageOff: 136, ImageSize: 4,
	}
	tests := []struct {
		name string
		data []byte
		edit func(*OffloadBinary)
	}{
		{"base", base, func(*OffloadBinary) {}},
		// A value at Size is empty: LLVM reads the NUL after its copy.
		{"value at end", offloadPut64(base, 96, 144), func(b *OffloadBinary) { b.Strings[1].Value = "" }},
		{"value runs to image", offloadPut64(base, 96, 136), func(b *OffloadBinary) { b.Strings[1].Value = "abcd" }},
		// An unterminated value runs to the end of the binary.
		{"value runs to end", offloadPut64(offloadUnaligned(), 96, 137), func(b *OffloadBinary) {
			b.Size, b.Strings[1].Value = 140, "bcd"
		}},
		{"shared suffix", offloadPut64(base, 96, 110), func(b *OffloadBinary) { b.Strings[1].Value = "e" }},
		{"key is value", offloadPut64(base, 88, 112), func(b *OffloadBinary) { b.Strings[1].Key = "nvptx64" }},
		{"kinds and flags", offloadPut32(offloadPut32(base, 32, 0x0008_0006), 36, 0xdeadbeef), func(b *OffloadBinary) {
			b.ImageKind, b.OffloadKind, b.Flags = IMG_SPIRV, OFK_SYCL, 0xdeadbeef
		}},
		{"entry elsewhere", offloadEntryMoved(base), func(b *OffloadBinary) { b.Size = 192 }},
		{"second", append(bytes.Clone(base), base...), func(b *OffloadBinary) {
			b.Off, b.ImageOff = 144, 144+136
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bins, err := DecodeOffloading("s", tt.data)
			if err != nil {
				t.Fatal(err)
			}
			w := want
			w.Strings = append([]OffloadString(nil), want.Strings...)
			tt.edit(&w)
			if got := bins[len(bins)-1]; !reflect.DeepEqual(got, w) {
				t.Errorf("got  %+v\nwant %+v", got, w)
			}
		})
	}
}

// offloadEntryMoved copies base's entry into the padding at the end of a
// longer binary and points the header at it.
func offloadEntryMoved(base []byte) []byte {
	b := append(bytes.Clone(base), make([]byte, 48)...)
	copy(b[144:], base[32:72])
	b = offloadPut64(b, 8, 192)
	return offloadPut64(b, 16, 144)
}

// TestDecodeOffloadingTruncated decodes every prefix of pkg.out.
func TestDecodeOffloadingTruncated(t *testing.T) {
	pkg := offloadReadFixture(t, "pkg.out")
	for n := range len(pkg) {
		bins, err := DecodeOffloading("s", pkg[:n])
		// The binaries that fit, then the first that does not.
		nb, start := 0, int64(0)
		for nb < len(offloadPkg) && offloadPkg[nb].Off+offloadPkg[nb].Size <= int64(n) {
			start = offloadPkg[nb].Off + offloadPkg[nb].Size
			nb++
		}
		if !reflect.DeepEqual(bins, offloadPkg[:nb:nb]) && !(nb == 0 && bins == nil) {
			t.Fatalf("%d bytes: %d binaries, want %d", n, len(bins), nb)
		}
		want := DecodeError{Section: "s", Off: start + 8, Msg: msgOffloadEOF}
		switch {
		case int64(n) == start:
			if err != nil {
				t.Fatalf("%d bytes: %v", n, err)
			}
			continue
		case int64(n)-start < offloadMinSize:
			want = DecodeError{Section: "s", Off: start, Msg: msgOffloadInvalid}
		}
		var de *DecodeError
		if !errors.As(err, &de) || *de != want {
			t.Fatalf("%d bytes: error %v, want %+v", n, err, want)
		}
	}
}

// TestDecodeOffloadingLinear feeds string entries that all point into one
// long unterminated run: the strings must share one copy.
func TestDecodeOffloadingLinear(t *testing.T) {
	const n = 4096
	run := bytes.Repeat([]byte{'x'}, 64<<10)
	strs := make([]OffloadString, n)
	b := offloadWrite(offloadImage{strs: strs, image: run, padding: true})
	// Point entry i's key and value at the run, i bytes in.
	imgOff := binary.LittleEndian.Uint64(b[56:])
	for i := range n {
		b = offloadPutInPlace(b, offloadMinSize+16*i, imgOff+uint64(i))
		b = offloadPutInPlace(b, offloadMinSize+16*i+8, imgOff+uint64(n-i))
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	bins, err := DecodeOffloading("s", b)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if got := bins[0].Strings[n-1].Key; len(got) != len(run)-(n-1) {
		t.Errorf("last key has %d bytes, want %d", len(got), len(run)-(n-1))
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(8*len(b)) {
		t.Errorf("decoding %d bytes allocated %d bytes", len(b), alloc)
	}
}

func offloadPutInPlace(b []byte, off int, v uint64) []byte {
	binary.LittleEndian.PutUint64(b[off:], v)
	return b
}

func ExampleDecodeOffloading() {
	pkg, err := os.ReadFile("testdata/offload/pkg.out")
	if err != nil {
		fmt.Println(err)
		return
	}
	bins, err := DecodeOffloading("pkg.out", pkg)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range bins {
		fmt.Printf("%-8s %-6s %-20s %-7s %d bytes at %d\n",
			b.ImageKind, b.String("arch"), b.String("triple"), b.OffloadKind, b.ImageSize, b.ImageOff)
	}
	_, err = DecodeOffloading("pkg.out", pkg[:100])
	fmt.Println(err)
	// Output:
	// llvm ir  sm_70  nvptx64-nvidia-cuda  openmp  2368 bytes at 144
	// elf      gfx90a amdgcn-amd-amdhsa    hip     2016 bytes at 2656
	// ptx      sm_70  nvptx64-nvidia-cuda  cuda    480 bytes at 4848
	// pkg.out: The end of the file was unexpectedly encountered (at byte 0x8 of the section)
}

func BenchmarkDecodeOffloading(b *testing.B) {
	data := offloadSection(b, "host.o")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		bins, err := DecodeOffloading("s", data)
		if err != nil || len(bins) != 4 {
			b.Fatal(len(bins), err)
		}
	}
}
