package wrapper

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../testdata/bc", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestUnwrapDarwin(t *testing.T) {
	data := readFixture(t, "darwin.bc")
	h, inner, err := Unwrap(data)
	if err != nil {
		t.Fatal(err)
	}
	// Values from llvm-bcanalyzer-22 -dump (testdata/golden/darwin.bc.dump).
	want := Header{Magic: 0x0b17c0de, Version: 0, Offset: 0x14, Size: 0xe38, CPUType: 0x01000007}
	if h != want {
		t.Errorf("header = %+v; want %+v", h, want)
	}
	if !IsRaw(inner) || len(inner) != int(want.Size) || &inner[0] != &data[20] {
		t.Errorf("inner stream: raw %v, %d bytes, aliasing the input %v", IsRaw(inner), len(inner), &inner[0] == &data[20])
	}
	if len(data)%16 != 0 {
		t.Errorf("wrapped file of %d bytes is not padded to 16", len(data))
	}
}

func TestUnwrapErrors(t *testing.T) {
	hdr := func(off, size uint32, total int) []byte {
		b := make([]byte, total)
		copy(b, []byte{0xDE, 0xC0, 0x17, 0x0B})
		b[8], b[12] = byte(off), byte(size)
		return b
	}
	tests := []struct {
		name string
		data []byte
		ok   bool
	}{
		{"exact", hdr(20, 12, 32), true},
		{"past end", hdr(20, 13, 32), false},
		{"short", hdr(20, 0, 16), false},
		{"offset past end", hdr(40, 0, 32), false},
		{"no magic", []byte("BC\xC0\xDE\x00\x00\x00\x00"), false},
	}
	for _, tt := range tests {
		_, _, err := Unwrap(tt.data)
		var fe *FormatError
		if tt.ok != (err == nil) || (err != nil && !errors.As(err, &fe)) {
			t.Errorf("%s: Unwrap error = %v; want ok=%v", tt.name, err, tt.ok)
		}
	}
}

func TestSplit(t *testing.T) {
	plain := readFixture(t, "plain.bc")
	debug := readFixture(t, "debug.bc")
	multi := readFixture(t, "multi.bc") // one file holding two modules
	darwin := readFixture(t, "darwin.bc")
	pad := func(n int) []byte { return make([]byte, n) }
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	n := func(b []byte) int64 { return int64(len(b)) }
	tests := []struct {
		name string
		data []byte
		want []Span
	}{
		{"one", plain, []Span{{0, n(plain), RawFile}}},
		{"multi-module file stays whole", multi, []Span{{0, n(multi), RawFile}}},
		{"two back to back", cat(plain, debug), []Span{{0, n(plain), RawFile}, {n(plain), n(debug), RawFile}}},
		{"padding between and after", cat(plain, pad(12), debug, pad(3)), []Span{
			{0, n(plain), RawFile}, {n(plain), 12, Padding}, {n(plain) + 12, n(debug), RawFile}, {n(plain) + 12 + n(debug), 3, Padding}}},
		{"wrapped then raw", cat(darwin, plain), []Span{{0, n(darwin), WrappedFile}, {n(darwin), n(plain), RawFile}}},
		{"raw then wrapped", cat(plain, darwin), []Span{{0, n(plain), RawFile}, {n(plain), n(darwin), WrappedFile}}},
		{"empty", nil, nil},
	}
	for _, tt := range tests {
		got, err := Split(tt.data)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Split = %v, %v; want %v", tt.name, got, err, tt.want)
		}
		// The spans cover the input exactly.
		var off int64
		for _, s := range got {
			if s.Off != off {
				t.Errorf("%s: span %v leaves a gap at %d", tt.name, s, off)
			}
			off += s.Size
		}
		if off != int64(len(tt.data)) {
			t.Errorf("%s: spans end at %d of %d", tt.name, off, len(tt.data))
		}
	}
}

func TestSplitErrors(t *testing.T) {
	plain := readFixture(t, "plain.bc")
	tests := []struct {
		name string
		data []byte
		off  int64
	}{
		{"garbage after a file", append(append([]byte(nil), plain...), 'x', 'y', 'z', 'w'), int64(len(plain))},
		{"truncated file", plain[:len(plain)-8], -1},
		{"not bitcode", []byte("hello world!"), 0},
	}
	for _, tt := range tests {
		_, err := Split(tt.data)
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%s: Split error = %v; want a *FormatError", tt.name, err)
			continue
		}
		if tt.off >= 0 && fe.Off != tt.off {
			t.Errorf("%s: error at byte %d; want %d", tt.name, fe.Off, tt.off)
		}
	}
}

func ExampleSplit() {
	// Two minimal bitcode files, each a magic number and one empty block
	// (block 8, abbreviation width 2, length 1 word: END_BLOCK), with zero
	// padding between them.
	file := []byte{'B', 'C', 0xC0, 0xDE, 0x21, 0x08, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}
	data := append(append(append([]byte(nil), file...), 0, 0, 0, 0), file...)
	spans, err := Split(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range spans {
		fmt.Printf("%-7v at %2d, %2d bytes\n", s.Kind, s.Off, s.Size)
	}
	// Output:
	// raw     at  0, 16 bytes
	// padding at 16,  4 bytes
	// raw     at 20, 16 bytes
}

func FuzzSplit(f *testing.F) {
	for _, name := range []string{"plain.bc", "darwin.bc", "multi.bc", "wrapped-odd.bc"} {
		f.Add(readFixture(f, name))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		spans, err := Split(data)
		var off int64
		for _, s := range spans {
			if s.Off != off || s.Size <= 0 {
				t.Fatalf("bad span %+v at %d", s, off)
			}
			off += s.Size
		}
		if err == nil && off != int64(len(data)) {
			t.Fatalf("spans cover %d of %d bytes", off, len(data))
		}
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Off < 0 || fe.Off > int64(len(data)) {
				t.Fatalf("error %v", err)
			}
		}
	})
}

func FuzzUnwrap(f *testing.F) {
	f.Add(readFixture(f, "darwin.bc"))
	f.Add(readFixture(f, "wrapped-odd.bc"))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, inner, err := Unwrap(data)
		if err != nil {
			return
		}
		if uint64(h.Offset)+uint64(h.Size) > uint64(len(data)) || len(inner) != int(h.Size) {
			t.Fatalf("header %+v accepted for %d bytes", h, len(data))
		}
	})
}
