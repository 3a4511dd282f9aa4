package wasm

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/bcextract/bcextract/internal/alloctest"
)

// Sizes and counts that claim more than the binary holds are errors at the
// offset of the field at fault, found before anything is allocated for them.
func TestClaims(t *testing.T) {
	huge := uleb(nil, 1<<32-1, 0)
	tests := []struct {
		name string
		data []byte
		off  int64
	}{
		{"section of 2^32-1 bytes", append(append(module(), 0), append(huge, 1, 'x')...), 8},
		{"a LEB128 of 1000 bytes", append(append(module(), 1), bytes.Repeat([]byte{0x80}, 1000)...), 8 + 1 + 1000}, // where the data runs out
		{"name of 2^32-1 bytes", module(WASM_SEC_CUSTOM, append(bytes.Clone(huge), 'x')), 10},
		{"2^32-1 imports", module(WASM_SEC_IMPORT, append(bytes.Clone(huge), 1, 'm', 1, 'f', 0, 0)), 0x15}, // where the section runs out
		{"2^32-1 memories", module(WASM_SEC_MEMORY, append(bytes.Clone(huge), 0, 1)), 0x11},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			alloctest.CheckClaim(t, tt.data, alloctest.Limit{PerByte: 4, Fixed: 1024}, tt.off, formatOff,
				func() (err error) { _, err = NewFile(tt.data); return })
		})
	}
}

// The densest valid binary: sections of two bytes (an id and a size of 0),
// each a 56-byte Section: 28 bytes per byte, allocated once at its size.
// Each section used to cost two formatted names as well, and the table grew
// by append: 193 bytes per byte.
func TestAmplification(t *testing.T) {
	data := append(module(), bytes.Repeat([]byte{byte(WASM_SEC_TYPE), 0}, 200000)...)
	var f *File
	var err error
	got := alloctest.Min(2, func() { f, err = NewFile(data) })
	if err != nil || len(f.Sections) != 200000 {
		t.Fatal(err)
	}
	if k := float64(got) / float64(len(data)); k > 28.1 {
		t.Errorf("%d bytes, %d allocated: %.2f per byte, more than 28", len(data), got, k)
	}
	// Custom sections of one-byte names: 3 bytes, a Section and a name.
	data = append(module(), bytes.Repeat([]byte{byte(WASM_SEC_CUSTOM), 2, 1, 'n'}, 100000)...)
	got = alloctest.Min(2, func() { f, err = NewFile(data) })
	if err != nil || len(f.Sections) != 100000 {
		t.Fatal(err)
	}
	if k := float64(got) / float64(len(data)); k > 14.01 {
		t.Errorf("%d bytes, %d allocated: %.2f per byte, more than 14", len(data), got, k)
	}
}

// NewFile of n sections takes time linear in n.
func BenchmarkSections(b *testing.B) {
	for _, n := range []int{1e3, 1e4, 1e5, 1e6} {
		sec := append([]byte{byte(WASM_SEC_CUSTOM), 8}, custom(".llvmbc", nil)...)
		data := append(module(), bytes.Repeat(sec, n)...)
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
