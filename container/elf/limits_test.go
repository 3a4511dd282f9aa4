package elf

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"testing"

	"github.com/bcextract/bcextract/internal/alloctest"
	"github.com/bcextract/bcextract/internal/elftest"
	"github.com/klauspost/compress/zstd"
)

// Resource limits of NewFile, Symbols and Relocs: whatever the headers
// claim, they allocate at most a small multiple of the file's size.

var le = binary.LittleEndian

// Headers whose counts, sizes and offsets claim more than the file holds
// are errors at the offset of the field or header at fault, found before
// anything is allocated for them.
func TestNewFileClaims(t *testing.T) {
	base := elftest.Build(elftest.Section{Name: ".text", Type: 1, Data: []byte{0xc3}})
	shoff := le.Uint64(base[40:])
	hdr := func(i int) uint64 { return shoff + uint64(i)*64 } // section header i
	patch := func(f func(b []byte)) []byte {
		b := bytes.Clone(base)
		f(b)
		return b
	}
	// The compressed name table: a zlib stream of 16 MiB of zeros whose
	// header claims 2^40 bytes. debug/elf would inflate it; LLVM and
	// NewFile read the raw bytes.
	var z bytes.Buffer
	z.Write(make([]byte, 24))
	le.PutUint32(z.Bytes(), 1)         // ELFCOMPRESS_ZLIB
	le.PutUint64(z.Bytes()[8:], 1<<40) // ch_size
	zw := zlib.NewWriter(&z)
	zw.Write(make([]byte, 16<<20))
	zw.Close()
	bomb := elftest.Build(elftest.Section{Name: ".text", Type: 1, Data: []byte{0xc3}})
	{
		// Replace the name table's contents by the stream, with
		// SHF_COMPRESSED.
		off := len(bomb)
		bomb = append(bomb, z.Bytes()...)
		h := le.Uint64(bomb[40:]) + 2*64
		le.PutUint64(bomb[h+8:], 0x800)
		le.PutUint64(bomb[h+24:], uint64(off))
		le.PutUint64(bomb[h+32:], uint64(z.Len()))
	}
	tests := []struct {
		name string
		data []byte
		off  int64 // of the error; -1 for none
	}{
		{"e_shnum 0xffff", patch(func(b []byte) { le.PutUint16(b[60:], 0xffff) }), 40},
		{"e_shoff 2^63", patch(func(b []byte) { le.PutUint64(b[40:], 1<<63) }), 40},
		{"e_shoff 2^64-64", patch(func(b []byte) { le.PutUint64(b[40:], 1<<64-64) }), 40},
		{"e_phnum 0xffff", patch(func(b []byte) { le.PutUint64(b[32:], 64); le.PutUint16(b[54:], 56); le.PutUint16(b[56:], 0xffff) }), 32},
		{"e_phentsize and e_phnum 0xffff", patch(func(b []byte) { le.PutUint64(b[32:], 64); le.PutUint16(b[54:], 0xffff); le.PutUint16(b[56:], 0xffff) }), 32},
		{"e_phoff 2^64-1", patch(func(b []byte) { le.PutUint64(b[32:], 1<<64-1); le.PutUint16(b[54:], 56); le.PutUint16(b[56:], 1) }), 32},
		{"2^32-1 sections in section 0's sh_size", patch(func(b []byte) { le.PutUint16(b[60:], 0); le.PutUint64(b[hdr(0)+32:], 1<<32-1) }), 40},
		{"2^63 sections in section 0's sh_size", patch(func(b []byte) { le.PutUint16(b[60:], 0); le.PutUint64(b[hdr(0)+32:], 1<<63) }), 40},
		{"e_shentsize 0xffff", patch(func(b []byte) { le.PutUint16(b[58:], 0xffff) }), 40},
		{"e_shstrndx past the sections", patch(func(b []byte) { le.PutUint16(b[62:], 100) }), 62},
		{"sh_offset past the end", patch(func(b []byte) { le.PutUint64(b[hdr(1)+24:], 1<<40) }), int64(hdr(1))},
		{"sh_offset 2^63", patch(func(b []byte) { le.PutUint64(b[hdr(1)+24:], 1<<63) }), int64(hdr(1))},
		{"sh_size 2^63-1", patch(func(b []byte) { le.PutUint64(b[hdr(1)+32:], 1<<63-1) }), int64(hdr(1))},
		{"sh_size of the name table 2^62", patch(func(b []byte) { le.PutUint64(b[hdr(2)+32:], 1<<62) }), int64(hdr(2))},
		{"sh_name past the name table", patch(func(b []byte) { le.PutUint32(b[hdr(1):], 1<<31) }), int64(hdr(1))},
		{"compressed name table claiming 2^40 bytes", bomb, -1}, // read as it is
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			got := alloctest.Min(3, func() { _, err = NewFile(tt.data) })
			var fe *FormatError
			switch {
			case tt.off < 0 && err != nil:
				t.Errorf("NewFile = %v; want no error", err)
			case tt.off < 0:
			case !errors.As(err, &fe):
				t.Fatalf("NewFile = %v; want a *FormatError", err)
			case fe.Off != tt.off:
				t.Errorf("NewFile = %v; want the error at byte 0x%x", err, tt.off)
			}
			// The sections, their name offsets and one copy of the name
			// table: 2 bytes per byte of headers, plus the message.
			if limit := uint64(len(tt.data))*2 + 2048; got > limit {
				t.Errorf("%d bytes allocated for %d bytes, more than %d", got, len(tt.data), limit)
			}
		})
	}
}

// The symbols and relocations of a section are sized by its contents, and
// their names share one copy of the string table: 20,000 symbols naming one
// 256 KiB string cost it once, and find its end in linear time.
func TestSymbolsAndRelocsClaims(t *testing.T) {
	const n = 20000
	long := append(bytes.Repeat([]byte{'s'}, 256<<10), 0)
	syms := make([]byte, 24*n)                                           // every name at offset 0
	crel := []byte{0xf0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f} // 2^60 relocations
	data := elftest.Build(
		elftest.Section{Name: ".strtab", Type: 3, Data: long},
		elftest.Section{Name: ".symtab", Type: uint32(SHT_SYMTAB), Link: 1, Data: syms},
		elftest.Section{Name: ".crel.text", Type: uint32(SHT_CREL), Info: 1, Data: crel},
	)
	f, err := NewFile(data)
	if err != nil {
		t.Fatal(err)
	}
	var got []Symbol
	alloc := alloctest.Min(2, func() { got, err = f.Symbols(data, 2) })
	if err != nil || len(got) != n || got[n-1].Name != string(long[:len(long)-1]) {
		t.Fatalf("Symbols: %d symbols, %v", len(got), err)
	}
	// 40 bytes per 24-byte symbol, the table once and its ends (4 bytes a
	// byte).
	if limit := uint64(len(syms))*2 + uint64(len(long))*5 + 4096; alloc > limit {
		t.Errorf("Symbols allocated %d bytes, more than %d", alloc, limit)
	}
	if f.SymbolTable() != 2 || f.RelocSection(1) != 3 || f.RelocSection(3) != -1 || f.RelocSection(1000) != -1 {
		t.Errorf("SymbolTable %d, RelocSection(1) %d", f.SymbolTable(), f.RelocSection(1))
	}
	alloc = alloctest.Min(2, func() { _, err = f.Relocs(data, 3) })
	var fe *FormatError
	if !errors.As(err, &fe) {
		t.Errorf("Relocs of a CREL claiming 2^60 relocations = %v; want a *FormatError", err)
	}
	if alloc > 1024 {
		t.Errorf("Relocs allocated %d bytes for a claim of 2^60", alloc)
	}
}

// The densest valid inputs: a file of empty sections, symbol tables and
// relocation sections of the smallest entries, and the bytes allocated per
// input byte.
func TestAmplification(t *testing.T) {
	const n = 20000
	var secs []elftest.Section
	for range n {
		secs = append(secs, elftest.Section{Name: "s", Type: 1})
	}
	many := elftest.Build(secs...)
	var f *File
	var err error
	got := alloctest.Min(2, func() { f, err = NewFile(many) })
	if err != nil || len(f.Sections) != n+2 {
		t.Fatalf("NewFile: %v", err)
	}
	// An 88-byte Section, a 4-byte name offset and a 4-byte index per
	// 64-byte header, and the name table: measured 1.50.
	if k := float64(got) / float64(len(many)); k > 1.6 {
		t.Errorf("NewFile of %d sections: %.2f bytes allocated per byte, more than 1.6", n, k)
	}

	rels := elftest.Build(elftest.Section{Name: ".symtab", Type: uint32(SHT_SYMTAB), Data: make([]byte, 24*n)},
		elftest.Section{Name: ".rel", Type: uint32(SHT_REL), Link: 1, Data: make([]byte, 16*n)},
		elftest.Section{Name: ".crel", Type: uint32(SHT_CREL), Link: 1, Data: append([]byte{0x80, 0xe2, 0x09}, make([]byte, n)...)})
	f, err = NewFile(rels)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		f    func() (int, error)
		k    float64
		size int
		why  string
	}{
		{"symbols", func() (int, error) { s, err := f.Symbols(rels, 1); return len(s), err }, 1.7, 24 * n, "a 40-byte Symbol per 24-byte entry"},
		{"REL relocations", func() (int, error) { r, err := f.Relocs(rels, 2); return len(r), err }, 1.55, 16 * n, "a 24-byte Reloc per 16-byte entry"},
		{"CREL relocations", func() (int, error) { r, err := f.Relocs(rels, 3); return len(r), err }, 24.3, n, "a 24-byte Reloc per 1-byte entry"},
	} {
		var items int
		got := alloctest.Min(2, func() { items, err = c.f() })
		if err != nil || items != n {
			t.Fatalf("%s: %d, %v", c.name, items, err)
		}
		k := float64(got) / float64(c.size)
		t.Logf("%s: %.2f bytes allocated per byte (%s)", c.name, k, c.why)
		if k > c.k {
			t.Errorf("%s: %.2f bytes allocated per byte, more than %v (%s)", c.name, k, c.k, c.why)
		}
	}
}

// NewFile of n sections takes time linear in n (ns/item), and so do
// SymbolTable and RelocSection for every section: they were linear each.
func BenchmarkSections(b *testing.B) {
	for _, n := range []int{1e3, 1e4, 6e4} {
		var secs []elftest.Section
		for i := range n / 2 {
			secs = append(secs, elftest.Section{Name: ".llvm_bb_addr_map", Type: uint32(SHT_LLVM_BB_ADDR_MAP), Link: 1},
				elftest.Section{Name: ".rela.llvm_bb_addr_map", Type: 4, Info: uint32(2*i + 1)})
		}
		data := elftest.Build(secs...)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				f, err := NewFile(data)
				if err != nil {
					b.Fatal(err)
				}
				found := 0
				for i := range f.Sections {
					if f.RelocSection(i) >= 0 && f.SymbolTable() < 0 {
						found++
					}
				}
				if found != n/2 {
					b.Fatalf("%d relocated sections", found)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}

// Symbols of a table of n symbols, all named alike, takes time linear in n.
func BenchmarkSymbols(b *testing.B) {
	for _, n := range []int{1e3, 1e4, 1e5, 1e6} {
		syms := make([]byte, 24*n)
		for i := range n {
			le.PutUint32(syms[24*i:], 1) // "sym"
		}
		data := elftest.Build(elftest.Section{Name: ".strtab", Type: 3, Data: []byte("\x00sym\x00")},
			elftest.Section{Name: ".symtab", Type: uint32(SHT_SYMTAB), Link: 1, Data: syms})
		f, err := NewFile(data)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(syms)))
			b.ReportAllocs()
			for b.Loop() {
				s, err := f.Symbols(data, 2)
				if err != nil || len(s) != n || s[n-1].Name != "sym" {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}

// Compressed sections: a ch_size no stream could yield, or more than the
// file's budget, is an error before anything is allocated; a stream that
// yields more than ch_size (a bomb) stops there; and many sections together
// decompress to at most the budget, 16 times the file plus 8 MiB.
func TestDecompressClaims(t *testing.T) {
	hdr := func(typ uint32, size uint64) []byte { return chdrBytes(le, true, typ, size) }
	decompress := func(data []byte) func() error {
		return func() error {
			f, err := NewFile(data) // a fresh budget for each run
			if err != nil {
				return err
			}
			_, err = f.Decompress(data, &f.Sections[1])
			return err
		}
	}
	off := func(e *FormatError) int64 { return e.Off }
	const sizeAt = 64 + 8 // the ch_size field of the section after the ELF header
	small := alloctest.Limit{PerByte: 2, Fixed: 16 << 10}
	// ch_size 2^63 over a zstd stream of 17 bytes.
	data, _ := compressed(append(hdr(2, 1<<63), zstdBytes([]byte("x"))...))
	alloctest.CheckClaim(t, data, small, sizeAt, off, decompress(data))
	// 9 MiB from 10,000 stored bytes: a zlib stream can hold that much,
	// the budget of a 10 KB file (8.3 MiB) cannot.
	var stored bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&stored, zlib.NoCompression)
	zw.Write(make([]byte, 10000))
	zw.Close()
	data, _ = compressed(append(hdr(1, 9<<20), stored.Bytes()...))
	alloctest.CheckClaim(t, data, small, sizeAt, off, decompress(data))
	// Bombs: 64 MiB of zeros, in a zlib stream of 64 KiB, a zstd frame
	// that declares its size, and one that does not (a streaming
	// encoder's), each claiming 4 KiB: no more than that is decompressed.
	bomb := make([]byte, 64<<20)
	var unsized bytes.Buffer
	zsw, _ := zstd.NewWriter(&unsized)
	zsw.Write(bomb)
	zsw.Close()
	for _, b := range []struct {
		name   string
		typ    uint32
		stream []byte
		at     int64
	}{
		{"zlib", 1, zlibBytes(bomb), sizeAt},
		{"zstd", 2, zstdBytes(bomb), sizeAt},
		{"zstd, no content size", 2, unsized.Bytes(), sizeAt},
	} {
		data, _ := compressed(append(hdr(b.typ, 4096), b.stream...))
		t.Run(b.name, func(t *testing.T) {
			// The 4 KiB, the decoder's state (zlib's 40 KiB window and
			// tables, zstd's block buffers), and the file's own tables.
			alloctest.CheckClaim(t, data, alloctest.Limit{PerByte: 2, Fixed: 4096 + 320<<10}, b.at, off, decompress(data))
		})
	}
	// 2000 sections of 64 KiB of zeros each, honestly: 128 MiB from 300 KB.
	// Those past the budget are errors, and what is decompressed stays
	// within it.
	z := zlibBytes(make([]byte, 64<<10))
	var secs []elftest.Section
	for range 2000 {
		secs = append(secs, elftest.Section{Name: ".llvmbc", Type: 1, Flags: uint64(SHF_COMPRESSED), Data: append(hdr(1, 64<<10), z...)})
	}
	data = elftest.Build(secs...)
	var ok, failed int
	got := alloctest.Bytes(func() {
		f, err := NewFile(data)
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i <= len(secs); i++ {
			if _, err := f.Decompress(data, &f.Sections[i]); err != nil {
				failed++
			} else {
				ok++
			}
		}
	})
	budget := uint64(budgetFactor*len(data) + budgetSlack)
	t.Logf("%d-byte file: %d sections decompressed, %d over budget; %d bytes allocated (budget %d)", len(data), ok, failed, got, budget)
	if ok == 0 || failed == 0 || uint64(ok)*(64<<10)+zlibCost > budget {
		t.Errorf("%d sections decompressed, %d refused", ok, failed)
	}
	if got > budget+uint64(len(data))*2 {
		t.Errorf("%d bytes allocated, more than the budget (%d)", got, budget)
	}
}
