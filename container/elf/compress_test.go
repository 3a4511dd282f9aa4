package elf

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/bcextract/bcextract/internal/elftest"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// section returns the section of f named name.
func section(t testing.TB, f *File, name string) *Section {
	t.Helper()
	for i := range f.Sections {
		if f.Sections[i].Name == name {
			return &f.Sections[i]
		}
	}
	t.Fatalf("no section %s", name)
	return nil
}

// TestDecompress reads the compression header of every compressed section
// of the fixtures llvm-objcopy-22 --compress-sections made (offsets and
// sizes as llvm-readelf-22 -S prints them) and checks that its contents,
// decompressed, are the section of the uncompressed original, byte for
// byte.
func TestDecompress(t *testing.T) {
	tests := []struct {
		file, orig string
		name       string
		index      int
		off, size  int64 // of the stored section
		chdr       Chdr
	}{
		{"elf-x86_64-zstd.o", "elf-x86_64.o", ".llvmbc", 3, 0x80, 2269, Chdr{ELFCOMPRESS_ZSTD, 2608, 1, 24}},
		{"elf-x86_64-zstd.o", "elf-x86_64.o", ".llvmcmd", 4, 0x960, 146, Chdr{ELFCOMPRESS_ZLIB, 162, 1, 24}},
		{"elf-i686-zlib.o", "elf-i686.o", ".llvmbc", 3, 0x88, 2227, Chdr{ELFCOMPRESS_ZLIB, 2656, 1, 12}},
		{"elf-i686-zlib.o", "elf-i686.o", ".llvmcmd", 4, 0x940, 130, Chdr{ELFCOMPRESS_ZLIB, 160, 1, 12}},
		{"elf-ppc64be-zstd.o", "elf-ppc64be.o", ".llvmbc", 5, 0xf0, 2253, Chdr{ELFCOMPRESS_ZSTD, 2608, 1, 24}},
		{"elf-ppc64be-zstd.o", "elf-ppc64be.o", ".llvmcmd", 6, 0x9c0, 149, Chdr{ELFCOMPRESS_ZSTD, 165, 1, 24}},
		{"elf-mips32be-zlib.o", "elf-mips32be.o", ".llvmbc", 6, 0xf0, 2134, Chdr{ELFCOMPRESS_ZLIB, 2500, 1, 12}},
		{"elf-mips32be-zlib.o", "elf-mips32be.o", ".llvmcmd", 7, 0x948, 128, Chdr{ELFCOMPRESS_ZLIB, 160, 1, 12}},
		{"prog-zlib", "prog", ".llvmbc", 2, 0x180, 2994, Chdr{ELFCOMPRESS_ZLIB, 7848, 1, 24}},
		{"prog-zlib", "prog", ".llvmcmd", 3, 0xd38, 154, Chdr{ELFCOMPRESS_ZLIB, 486, 1, 24}},
		{"elf-ext-zstd.o", "elf-ext.o", ".llvm.offloading", 7, 0xa0, 2069, Chdr{ELFCOMPRESS_ZSTD, 2424, 8, 24}},
		{"elf-ext-zstd.o", "elf-ext.o", ".linker-options", 8, 0x8b8, 46, Chdr{ELFCOMPRESS_ZLIB, 14, 1, 24}},
		{"elf-ext-zstd.o", "elf-ext.o", ".llvm_sympart", 11, 0x910, 47, Chdr{ELFCOMPRESS_ZSTD, 14, 1, 24}},
		{"elf-ext-zstd.o", "elf-ext.o", ".llvm.call-graph-profile", 13, 0x940, 41, Chdr{ELFCOMPRESS_ZSTD, 8, 1, 24}},
		{"elf-ext-zstd.o", "elf-ext.o", ".llvm_addrsig", 15, 0xa80, 34, Chdr{ELFCOMPRESS_ZSTD, 1, 1, 24}},
	}
	for _, tt := range tests {
		data := read(t, tt.file)
		f, err := NewFile(data)
		if err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		s := section(t, f, tt.name)
		if !s.Compressed() || s.Index != tt.index || s.Off != tt.off || s.Size != tt.size {
			t.Errorf("%s:%s: compressed %v, index %d at 0x%x size %d, want index %d at 0x%x size %d",
				tt.file, tt.name, s.Compressed(), s.Index, s.Off, s.Size, tt.index, tt.off, tt.size)
		}
		h, err := f.CompressionHeader(data, s)
		if err != nil || h != tt.chdr {
			t.Errorf("%s:%s: header %+v, %v; want %+v", tt.file, tt.name, h, err, tt.chdr)
		}
		got, err := f.Decompress(data, s)
		if err != nil {
			t.Errorf("%s:%s: %v", tt.file, tt.name, err)
			continue
		}
		orig := read(t, tt.orig)
		of, err := NewFile(orig)
		if err != nil {
			t.Fatal(err)
		}
		os := section(t, of, tt.name)
		if os.Compressed() {
			t.Errorf("%s:%s is compressed", tt.orig, tt.name)
		}
		if want := orig[os.Off : os.Off+os.Size]; !bytes.Equal(got, want) {
			t.Errorf("%s:%s: %d bytes decompressed, not the %d of %s", tt.file, tt.name, len(got), len(want), tt.orig)
		}
	}
}

// chdrBytes encodes a compression header.
func chdrBytes(bo binary.ByteOrder, is64 bool, typ uint32, size uint64) []byte {
	if is64 {
		b := make([]byte, 24)
		bo.PutUint32(b, typ)
		bo.PutUint64(b[8:], size)
		bo.PutUint64(b[16:], 1)
		return b
	}
	b := make([]byte, 12)
	bo.PutUint32(b, typ)
	bo.PutUint32(b[4:], uint32(size))
	bo.PutUint32(b[8:], 1)
	return b
}

func zlibBytes(b []byte) []byte {
	var buf bytes.Buffer
	w := zlib.NewWriter(&buf)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}

func zstdBytes(b []byte) []byte {
	e, err := zstd.NewWriter(nil)
	if err != nil {
		panic(err)
	}
	defer e.Close()
	return e.EncodeAll(b, nil)
}

// compressed returns a file of build holding one SHF_COMPRESSED section,
// .llvmbc, whose contents are contents; and where that section starts.
func compressed(contents []byte) (data []byte, off int64) {
	data = elftest.Build(elftest.Section{Name: ".llvmbc", Type: 1, Flags: uint64(SHF_COMPRESSED), Data: contents})
	return data, 64 // right after the ELF header
}

// TestDecompressErrors checks each malformed compressed section: the error
// and the byte it names.
func TestDecompressErrors(t *testing.T) {
	payload := []byte(strings.Repeat("bitcode ", 64)) // 512 bytes
	z, zs := zlibBytes(payload), zstdBytes(payload)
	hdr := func(typ uint32, size uint64) []byte { return chdrBytes(le, true, typ, size) }
	cat := func(bs ...[]byte) []byte { return bytes.Join(bs, nil) }
	flip := func(b []byte, i int) []byte { b = bytes.Clone(b); b[i] ^= 0xff; return b }
	tests := []struct {
		name     string
		contents []byte
		want     string // the error, with its offset from the section's start
		at       int64
	}{
		{"short header", make([]byte, 23), "corrupted compressed section header", 0},
		{"empty", nil, "corrupted compressed section header", 0},
		{"unknown type", cat(hdr(7, 512), z), "unsupported compression type (7)", 0},
		{"type 0", cat(hdr(0, 512), z), "unsupported compression type (0)", 0},
		{"zlib short", cat(hdr(1, 513), z), "zlib stream yields 512 bytes, ch_size says 513", 8},
		{"zlib long", cat(hdr(1, 511), z), "zlib stream yields more than ch_size (511 bytes)", 8},
		{"zstd short", cat(hdr(2, 513), zs), "zstd stream yields 512 bytes, ch_size says 513", 8},
		{"zstd long", cat(hdr(2, 511), zs), "zstd stream yields more than ch_size (511 bytes)", 8},
		{"zlib bad header", cat(hdr(1, 512), []byte{0x78, 0x00}, z[2:]), "bad zlib stream: invalid header", 24},
		// The block header is at stream byte 2; the decoder has filled its
		// bit buffer up to byte 7 when it sees block type 3.
		{"zlib corrupt", cat(hdr(1, 512), flip(z, 2)), "bad zlib stream: corrupt deflate data", 24 + 7},
		{"zlib checksum", cat(hdr(1, 512), flip(z, len(z)-1)), "bad zlib stream: invalid checksum", 24 + int64(len(z)) - 4},
		{"zlib truncated", cat(hdr(1, 512), z[:len(z)-5]), "truncated zlib stream", 24 + int64(len(z)) - 5},
		{"zstd corrupt", cat(hdr(2, 512), zs[:4], []byte{0xff, 0xff}, zs[6:]), "bad zstd stream: ", 24},
		{"zstd truncated", cat(hdr(2, 512), zs[:len(zs)-3]), "truncated zstd stream", 24 + int64(len(zs)) - 3},
		{"ch_size beyond zlib", cat(hdr(1, 1032*uint64(len(z))+1025), z), fmt.Sprintf("ch_size %d is more than a %d-byte zlib stream can hold", 1032*len(z)+1025, len(z)), 8},
		{"ch_size 2^63", cat(hdr(2, 1<<63), zs), fmt.Sprintf("ch_size %d is more than a %d-byte zstd stream can hold", uint64(1<<63), len(zs)), 8},
		{"ch_size max", cat(hdr(1, math.MaxUint64), z), fmt.Sprintf("ch_size %d is more than a %d-byte zlib stream can hold", uint64(math.MaxUint64), len(z)), 8},
	}
	for _, tt := range tests {
		data, off := compressed(tt.contents)
		f, err := NewFile(data)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		_, err = f.Decompress(data, section(t, f, ".llvmbc"))
		var fe *FormatError
		if !errors.As(err, &fe) || !strings.HasPrefix(fe.Msg, tt.want) || fe.Off != off+tt.at {
			t.Errorf("%s: %v, want %q at byte 0x%x", tt.name, err, tt.want, off+tt.at)
		}
	}
}

// Both classes and byte orders: the header's fields are where the class
// puts them, in the file's order.
func TestCompressionHeaderLayouts(t *testing.T) {
	payload := []byte("-cc1\x00-triple\x00x\x00")
	for _, tt := range []struct {
		file string
		bo   binary.ByteOrder
		is64 bool
	}{
		{"elf-x86_64.o", binary.LittleEndian, true},
		{"elf-ppc64be.o", binary.BigEndian, true},
		{"elf-i686.o", binary.LittleEndian, false},
		{"elf-mips32be.o", binary.BigEndian, false},
	} {
		data := bytes.Clone(read(t, tt.file))
		f, err := NewFile(data)
		if err != nil {
			t.Fatal(err)
		}
		// Overwrite .llvmbc with a compressed payload and flag it.
		s := section(t, f, ".llvmbc")
		c := append(chdrBytes(tt.bo, tt.is64, 1, uint64(len(payload))), zlibBytes(payload)...)
		copy(data[s.Off:], c)
		s.Size = int64(len(c))
		s.Flags |= SHF_COMPRESSED
		h, err := f.CompressionHeader(data, s)
		wantHdr := int64(12)
		if tt.is64 {
			wantHdr = 24
		}
		if err != nil || h != (Chdr{ELFCOMPRESS_ZLIB, uint64(len(payload)), 1, wantHdr}) {
			t.Errorf("%s: %+v, %v", tt.file, h, err)
		}
		if got, err := f.Decompress(data, s); err != nil || !bytes.Equal(got, payload) {
			t.Errorf("%s: %q, %v", tt.file, got, err)
		}
		// A header one byte short.
		s.Size = wantHdr - 1
		if _, err := f.Decompress(data, s); err == nil || err.Error() != fmt.Sprintf("corrupted compressed section header at byte 0x%x", s.Off) {
			t.Errorf("%s: %v", tt.file, err)
		}
	}
}

func TestCompressionTypeString(t *testing.T) {
	for _, tt := range []struct {
		t    CompressionType
		want string
	}{{ELFCOMPRESS_ZLIB, "ELFCOMPRESS_ZLIB"}, {ELFCOMPRESS_ZSTD, "ELFCOMPRESS_ZSTD"}, {0, "0"}, {3, "3"}, {0xffffffff, "4294967295"}} {
		if got := tt.t.String(); got != tt.want {
			t.Errorf("%d: %q, want %q", uint32(tt.t), got, tt.want)
		}
	}
}

// FuzzDecompress decompresses every compressed section of arbitrary ELF
// files: the result is exactly ch_size bytes or an error, and all of them
// together stay within the file's budget.
func FuzzDecompress(f *testing.F) {
	seeds, _ := filepath.Glob(fixtures + "*-z*")
	for _, s := range seeds {
		f.Add(read(f, filepath.Base(s)))
	}
	payload := []byte(strings.Repeat("bitcode ", 64))
	for _, c := range [][]byte{
		append(chdrBytes(le, true, 1, 512), zlibBytes(payload)...),
		append(chdrBytes(le, true, 2, 512), zstdBytes(payload)...),
		append(chdrBytes(le, true, 2, 4096), zstdBytes(make([]byte, 4096))...),
	} {
		data, _ := compressed(c)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ef, err := NewFile(data)
		if err != nil {
			return
		}
		total := int64(DecoderCost)
		for i := range ef.Sections {
			s := &ef.Sections[i]
			if !s.Compressed() {
				continue
			}
			h, herr := ef.CompressionHeader(data, s)
			out, err := ef.Decompress(data, s)
			if err != nil {
				var fe *FormatError
				if !errors.As(err, &fe) || fe.Off < 0 || fe.Off > int64(len(data)) {
					t.Fatalf("%s: %v is not a FormatError within the file", s.Name, err)
				}
				continue
			}
			if herr != nil || uint64(len(out)) != h.Size {
				t.Fatalf("%s: %d bytes, header %+v (%v)", s.Name, len(out), h, herr)
			}
			total += int64(h.Size)
		}
		if total > budgetFactor*int64(len(data))+budgetSlack {
			t.Fatalf("%d bytes decompressed from a %d-byte file", total, len(data))
		}
	})
}

func ExampleFile_Decompress() {
	// An ELF64 object whose .llvmbc holds an Elf64_Chdr and a zlib stream.
	contents := append(chdrBytes(binary.LittleEndian, true, 1, 4), zlibBytes([]byte("BC\xc0\xde"))...)
	data := elftest.Build(elftest.Section{Name: ".llvmbc", Type: 1, Flags: uint64(SHF_COMPRESSED), Data: contents})
	f, err := NewFile(data)
	if err != nil {
		panic(err)
	}
	s := &f.Sections[1]
	h, _ := f.CompressionHeader(data, s)
	b, err := f.Decompress(data, s)
	fmt.Printf("%s: %v, %d bytes stored, %d decompressed: % x %v\n", s.Name, h.Type, s.Size, h.Size, b, err)
	// Output:
	// .llvmbc: ELFCOMPRESS_ZLIB, 40 bytes stored, 4 decompressed: 42 43 c0 de <nil>
}
