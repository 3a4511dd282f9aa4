package bbmap

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/alloctest"
)

// Resource limits of the index: NewIndex allocates a fixed amount per block
// however the blocks overlap, and building it and aggregating samples take
// time n log n in the blocks and linear in the samples.

// blocksOf returns one function of n blocks: disjoint blocks of 4 bytes, or
// with overlap, n blocks all starting at the function's address with sizes
// 1 to n (each holding the next).
func blocksOf(n int, overlap bool) []Func {
	var bl []uint32
	for i := range n {
		if overlap {
			bl = append(bl, 0, uint32(i+1))
		} else {
			bl = append(bl, uint32(4*i), 4)
		}
	}
	return []Func{{Name: "f", Map: mapOf(0x1000, bl...)}}
}

// An encoded block takes at least 4 bytes of a BB address map section and
// decodes to a 48-byte BBEntry; the index adds a 40-byte Block, up to two
// segments (12 bytes each) and a bucket per segment (4 bytes, grown by
// append), a sort order and the sweep's heap (4 bytes each): measured 108
// bytes per block, 27 per section byte, however the blocks overlap.
func TestNewIndexAmplification(t *testing.T) {
	const n = 100000
	for _, overlap := range []bool{false, true} {
		funcs := blocksOf(n, overlap)
		var x *Index
		got := alloctest.Min(2, func() { x = NewIndex(funcs) })
		if x.NumBlocks() != n {
			t.Fatalf("%d blocks", x.NumBlocks())
		}
		per := float64(got) / n
		t.Logf("overlap %v: %d blocks, %d allocated, %.1f per block, %d overlaps", overlap, n, got, per, x.Overlaps())
		if per > 112 {
			t.Errorf("overlap %v: %.1f bytes allocated per block, more than 112", overlap, per)
		}
	}
}

// ReadSamples reads lines of at most MaxSampleLine bytes: a longer one is
// an error, whatever the reader holds, without buffering it.
func TestReadSamplesLongLine(t *testing.T) {
	line := strings.Repeat("1", 1<<20) + "\n"
	var err error
	got := alloctest.Min(2, func() {
		err = ReadSamples(strings.NewReader(line), func(addr, count uint64) error { return nil })
	})
	if err == nil {
		t.Fatal("a line of 1 MiB read without an error")
	}
	if got > 2*MaxSampleLine+4096 {
		t.Errorf("%d bytes allocated for a line of 1 MiB", got)
	}
}

// NewIndex of n blocks, disjoint or all overlapping, takes time n log n;
// ns/item grows with log n only.
func BenchmarkNewIndexBlocks(b *testing.B) {
	for _, overlap := range []bool{false, true} {
		for _, n := range []int{1e3, 1e4, 1e5, 1e6} {
			funcs := blocksOf(n, overlap)
			b.Run(fmt.Sprintf("overlap=%v/%d", overlap, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if NewIndex(funcs).NumBlocks() != n {
						b.Fatal("blocks")
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
			})
		}
	}
}

// Aggregate of n sample lines takes time linear in n.
func BenchmarkAggregate(b *testing.B) {
	x := NewIndex(blocksOf(1000, false))
	for _, n := range []int{1e3, 1e4, 1e5, 1e6} {
		var buf bytes.Buffer
		for i := range n {
			fmt.Fprintf(&buf, "0x%x 1\n", 0x1000+i%4000)
		}
		data := buf.Bytes()
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				p, err := x.Aggregate(bytes.NewReader(data))
				if err != nil || p.Samples != n {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}
