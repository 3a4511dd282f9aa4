package bbmap

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/bcextract/bcextract/sections"
)

// FuzzReadSamples: any input gives samples and nil, or a *SampleError whose
// line exists and whose offset is the start of that line; the samples are
// those of the lines before it, and the addresses round-trip.
func FuzzReadSamples(f *testing.F) {
	for _, s := range []string{
		"", "0x401000 12\n4198404 3\n", "# c\n\n 0x10\t2\r\n", "0x 1", "1 2 3", "0xffffffffffffffff 18446744073709551615",
		"0x10000000000000000 1", "\n\n\nzz\n", string(bytes.Repeat([]byte{' '}, MaxSampleLine+1)),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		lines := 0
		err := ReadSamples(bytes.NewReader(in), func(addr, count uint64) error {
			lines++
			return nil
		})
		if err == nil {
			return
		}
		var se *SampleError
		if !errors.As(err, &se) {
			t.Fatalf("error %v is not a *SampleError", err)
		}
		if se.Line < 1 || se.Line > bytes.Count(in, []byte{'\n'})+1 {
			t.Fatalf("error at line %d of an input of %d newlines", se.Line, bytes.Count(in, []byte{'\n'}))
		}
		if se.Off < 0 || se.Off > int64(len(in)) || se.Off > 0 && in[se.Off-1] != '\n' {
			t.Fatalf("error at byte %d, not a line start", se.Off)
		}
		if n := bytes.Count(in[:se.Off], []byte{'\n'}); n != se.Line-1 {
			t.Fatalf("error at line %d, but byte %d is on line %d", se.Line, se.Off, n+1)
		}
		if lines > se.Line-1 {
			t.Fatalf("%d samples before an error at line %d", lines, se.Line)
		}
	})
}

// FuzzIndex builds an index from fuzzed blocks (and a fuzzed sample file)
// and checks each lookup against a linear scan.
func FuzzIndex(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0x10, 0, 8, 0, 4, 0, 2, 0}, uint64(0x10))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 3, 0, 9, 0, 0, 0}, uint64(1<<64-2))
	f.Fuzz(func(t *testing.T, data []byte, probe uint64) {
		// 8 bytes of base, then (offset, size) pairs of 16-bit values.
		if len(data) < 8 || len(data) > 8+4*64 {
			return
		}
		base := binary.LittleEndian.Uint64(data)
		var entries []sections.BBEntry
		for i := 8; i+4 <= len(data); i += 4 {
			entries = append(entries, sections.BBEntry{
				ID:     uint32(i),
				Offset: uint32(binary.LittleEndian.Uint16(data[i:])),
				Size:   uint32(binary.LittleEndian.Uint16(data[i+2:])),
			})
		}
		m := &sections.BBAddrMap{Ranges: []sections.BBRange{{BaseAddress: base, Entries: entries}}}
		x := NewIndex([]Func{{Map: m}, {Map: m}})
		for _, addr := range []uint64{probe, base, base + 1, base - 1, probe + 7} {
			want := scan(x, addr)
			loc, ok := x.Lookup(addr)
			if (want >= 0) != ok || ok && (loc.Block != want || loc.Start+loc.Offset != addr) {
				t.Fatalf("Lookup(%#x) = %+v, %v; want block %d", addr, loc, ok, want)
			}
		}
	})
}
