package coff

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/alloctest"
)

// Resource limits of NewFile and SymbolNames: whatever the headers claim,
// they allocate at most a small multiple of the data's size.

var le = binary.LittleEndian

// Counts, sizes and offsets that claim more than the data holds are
// errors at the offset of the field or header at fault, found before
// anything is allocated for them.
func TestClaims(t *testing.T) {
	text := []tsec{{".text", 0, 4, 60}}
	obj := buildObject(IMAGE_FILE_MACHINE_AMD64, text, 64, 1, make([]byte, 4+18+4))
	patch := func(b []byte, f func(b []byte)) []byte {
		b = bytes.Clone(b)
		f(b)
		return b
	}
	parse := func(b []byte) error { _, err := NewFile(b); return err }
	symbols := func(b []byte) error {
		f, err := NewFile(b)
		if err != nil {
			return err
		}
		_, err = f.SymbolNames(b)
		return err
	}
	const h = fileHeaderSize // the section header
	img := buildImage(IMAGE_FILE_MACHINE_AMD64, 0xf0, text, make([]byte, 8))
	imgHdr := uint32(dosHeaderSize + 4)
	tests := []struct {
		name string
		data []byte
		f    func([]byte) error
		off  int64
	}{
		{"NumberOfSections 0xffff", patch(obj, func(b []byte) { le.PutUint16(b[2:], 0xffff) }), parse, 2},
		{"bigobj: NumberOfSections 2^32-1", patch(buildBigObj(IMAGE_FILE_MACHINE_AMD64, text, 0, 0, make([]byte, 8)), func(b []byte) {
			le.PutUint32(b[44:], 1<<32-1)
		}), parse, 44},
		{"SizeOfRawData 2^32-1", patch(obj, func(b []byte) { le.PutUint32(b[h+16:], 1<<32-1) }), parse, h},
		{"PointerToRawData 2^32-1", patch(obj, func(b []byte) { le.PutUint32(b[h+20:], 1<<32-1) }), parse, h},
		{"long name at string table offset 2^31", patch(obj, func(b []byte) { copy(b[h:h+8], "/2147483\x00") }), parse, h},
		{"long name with a string table of 2^32-1 bytes", patch(obj, func(b []byte) {
			copy(b[h:h+8], "/4\x00\x00\x00\x00\x00\x00")
			le.PutUint32(b[64+18:], 1<<32-1)
		}), parse, h},
		{"NumberOfSymbols 2^32-1", patch(obj, func(b []byte) { le.PutUint32(b[12:], 1<<32-1) }), symbols, 64},
		{"PointerToSymbolTable 2^32-1", patch(obj, func(b []byte) { le.PutUint32(b[8:], 1<<32-1) }), symbols, 1<<32 - 1},
		{"symbol name in a string table of 2^32-1 bytes", patch(obj, func(b []byte) {
			le.PutUint32(b[64+4:], 4) // the name is at offset 4 of the table
			le.PutUint32(b[64+18:], 1<<32-1)
		}), symbols, 64},
		{"PE: SizeOfOptionalHeader 0xffff", patch(img, func(b []byte) { le.PutUint16(b[imgHdr+16:], 0xffff) }), parse, int64(imgHdr + 2)},
		{"PE: e_lfanew 2^32-1", patch(img, func(b []byte) { le.PutUint32(b[lfanewOff:], 1<<32-1) }), parse, lfanewOff},
		{"PE: NumberOfSections 0xffff", patch(img, func(b []byte) { le.PutUint16(b[imgHdr+2:], 0xffff) }), parse, int64(imgHdr + 2)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			alloctest.CheckClaim(t, tt.data, alloctest.Limit{PerByte: 4, Fixed: 1024}, tt.off, formatOff,
				func() error { return tt.f(tt.data) })
		})
	}
}

// The densest valid inputs: many sections, many symbols with short names,
// and many symbols and sections naming one long string, whose names are
// held to the data's size.
func TestAmplification(t *testing.T) {
	const n = 20000
	check := func(name string, data []byte, k float64, why string, f func() error) {
		t.Helper()
		var err error
		got := alloctest.Min(2, func() { err = f() })
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r := float64(got) / float64(len(data))
		t.Logf("%s: %d bytes, %d allocated, %.2f per byte (%s)", name, len(data), got, r, why)
		if r > k {
			t.Errorf("%s: %.2f bytes allocated per byte, more than %v (%s)", name, r, k, why)
		}
	}
	secs := make([]tsec, n)
	for i := range secs {
		secs[i] = tsec{name: ".text$mn"}
	}
	many := buildBigObj(IMAGE_FILE_MACHINE_AMD64, secs, 0, 0, nil)
	check("sections", many, 1.65, "a 48-byte Section and an 8-byte name per 40-byte header", func() error {
		_, err := NewFile(many)
		return err
	})

	syms := make([]byte, 18*n)
	for i := range n {
		copy(syms[18*i:], "sym_name")
	}
	symObj := buildObject(IMAGE_FILE_MACHINE_AMD64, nil, fileHeaderSize, n, append(syms, 4, 0, 0, 0))
	f, err := NewFile(symObj)
	if err != nil {
		t.Fatal(err)
	}
	check("symbols", symObj, 1.4, "a 16-byte string and an 8-byte name per 18-byte symbol", func() error {
		_, err := f.SymbolNames(symObj)
		return err
	})

	// Symbols naming one long string: the names may add up to the data's
	// size, then SymbolNames fails.
	tab, _ := strtab(strings.Repeat("x", 64<<10))
	long := make([]byte, 18*n)
	for i := range n {
		le.PutUint32(long[18*i+4:], 4)
	}
	longObj := buildObject(IMAGE_FILE_MACHINE_AMD64, nil, fileHeaderSize, n, append(long, tab...))
	f, err = NewFile(longObj)
	if err != nil {
		t.Fatal(err)
	}
	got := alloctest.Min(2, func() { _, err = f.SymbolNames(longObj) })
	var fe *FormatError
	if !errors.As(err, &fe) {
		t.Errorf("SymbolNames of %d symbols naming a 64 KiB string = %v; want an error", n, err)
	}
	if limit := uint64(len(longObj))*3 + 4096; got > limit {
		t.Errorf("%d symbols naming a 64 KiB string: %d bytes allocated, more than %d", n, got, limit)
	}
}

// NewFile of n sections takes time linear in n.
func BenchmarkSections(b *testing.B) {
	for _, n := range []int{1e3, 1e4, 1e5} {
		secs := make([]tsec, n)
		for i := range secs {
			secs[i] = tsec{name: ".llvmbc"}
		}
		data := buildBigObj(IMAGE_FILE_MACHINE_AMD64, secs, 0, 0, nil)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				f, err := NewFile(data)
				if err != nil || len(f.Sections) != n {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}

// formatOff is the byte offset of a *FormatError, for alloctest.CheckClaim.
func formatOff(e *FormatError) int64 { return e.Off }
