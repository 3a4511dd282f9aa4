package wrapper

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/bcextract/bcextract/internal/alloctest"
)

// wrapped returns a wrapper header with the given Offset and Size, followed
// by pad zero bytes.
func wrapped(off, size uint32, pad int) []byte {
	b := make([]byte, HeaderSize+pad)
	binary.LittleEndian.PutUint32(b, Magic)
	binary.LittleEndian.PutUint32(b[8:], off)
	binary.LittleEndian.PutUint32(b[12:], size)
	return b
}

// rawBlock returns a raw file holding one empty top-level block whose
// length word says words.
func rawBlock(words uint32) []byte {
	b := []byte{'B', 'C', 0xC0, 0xDE, 0x21, 0x00, 0x00, 0x00, 0, 0, 0, 0}
	binary.LittleEndian.PutUint32(b[8:], words)
	return b
}

// Ranges and lengths that claim more than the data holds, or less than a
// header, are errors with an offset, and Split allocates nothing for them.
// The case of a wrapped range ending inside its header made Split loop for
// ever, appending empty spans.
func TestSplitClaims(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		off  int64 // of the error
	}{
		// A range past the end of the data is an error where the data ends.
		{"wrapper range of 2^32-1 bytes", wrapped(20, 1<<32-1, 12), 32},
		{"wrapper offset 2^32-1", wrapped(1<<32-1, 0, 12), 32},
		{"wrapper range empty", wrapped(0, 0, 12), 8},
		{"wrapper range inside its header", wrapped(4, 8, 12), 8},
		{"wrapper range inside its header, after a file", append(rawBlock(0), wrapped(0, 0, 0)...), 12 + 8},
		// At the end of the data, where it ends early.
		{"block of 2^32-1 words", rawBlock(1<<32 - 1), 12},
		{"second block of 2^32-1 words", append(rawBlock(0), rawBlock(1<<32 - 1)[4:]...), 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Nothing but the error and its message.
			alloctest.CheckClaim(t, tt.data, alloctest.Limit{Fixed: 1024}, tt.off, func(e *FormatError) int64 { return e.Off },
				func() (err error) { _, err = Split(tt.data); return })
		})
	}
}

// Split's result is exactly sized: 24 bytes per span, and a span takes at
// least 4 bytes: a raw file of nothing but its magic, or a word of padding.
func TestSplitAmplification(t *testing.T) {
	const k = 6.01 // 24 bytes per 4, measured 6.0006
	for _, unit := range [][]byte{{'B', 'C', 0xC0, 0xDE}, {'B', 'C', 0xC0, 0xDE, 0, 0, 0, 0}} {
		data := bytes.Repeat(unit, 800000/len(unit))
		var spans []Span
		var err error
		got := alloctest.Min(3, func() { spans, err = Split(data) })
		if err != nil || len(spans) != len(data)/4 {
			t.Fatalf("Split: %d spans, %v", len(spans), err)
		}
		if r := float64(got) / float64(len(data)); r > k {
			t.Errorf("%d bytes allocated for %d bytes, %.2f per byte, more than %v", got, len(data), r, k)
		}
	}
	data := bytes.Repeat([]byte{'B', 'C', 0xC0, 0xDE}, 100000)
	var spans []Span
	var err error
	got := alloctest.Min(3, func() { spans, err = Split(data) })
	if err != nil || len(spans) != 100000 {
		t.Fatalf("Split: %d spans, %v", len(spans), err)
	}
	if got > uint64(len(data))*6+512 {
		t.Errorf("%d bytes allocated for %d bytes", got, len(data))
	}
	// The iterator allocates nothing per span.
	got = alloctest.Min(3, func() {
		for _, err := range Spans(data) {
			if err != nil {
				t.Fatal(err)
			}
		}
	})
	if got > 512 {
		t.Errorf("iterating over %d spans allocated %d bytes", len(spans), got)
	}
}

// Split of n modules takes time linear in n; see ns/item. A linker's
// .llvmbc holds one module per object.
func BenchmarkSplitModules(b *testing.B) {
	module := append(rawBlock(2), 0, 0, 0, 0, 0, 0, 0, 0) // a block of 2 words
	for _, n := range []int{1e3, 1e4, 1e5, 1e6} {
		data := bytes.Repeat(module, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				spans, err := Split(data)
				if err != nil || len(spans) != n {
					b.Fatalf("%d spans, %v", len(spans), err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}
