package bcwrite

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"testing"
)

// memOutput is an Output in memory that counts the bytes written out.
type memOutput struct {
	b       []byte
	written int
}

func (m *memOutput) WriteAt(p []byte, off int64) (int, error) {
	if end := int(off) + len(p); end > len(m.b) {
		m.b = append(m.b, make([]byte, end-len(m.b))...)
	}
	m.written += len(p)
	return copy(m.b[off:], p), nil
}

func (m *memOutput) ReadAt(p []byte, off int64) (int, error) {
	if int(off)+len(p) > len(m.b) {
		return 0, io.ErrUnexpectedEOF
	}
	return copy(p, m.b[off:]), nil
}

// TestWriteTo: WriteTo writes the bytes Write returns, streamed (bodies
// loaded one at a time, for LLVM 22 and 14), and also for the modules it
// makes in memory first: a Darwin one (its wrapper) and one whose hash
// is computed anew (Rehash). A module larger than streamChunk is written
// out in more than one piece, and an output that fails is WriteTo's
// error.
func TestWriteTo(t *testing.T) {
	defer func(c int) { streamChunk = c }(streamChunk)
	streamChunk = 64
	for _, tc := range []struct {
		file    string
		version int
		rehash  bool
	}{
		{"di-coro-O0.bc", 22, false},
		{"di-coro-O0.bc", 14, false},
		{"cxx-stl-O2.bc", 22, false},
		{"darwin-arm64.bc", 22, false},
		{"summary-switch-O2.bc", 22, true},
		{"summary-switch-O2.bc", 22, false},
	} {
		data := readFile(t, filepath.Join("../../testdata/ir", tc.file))
		write := func(out Output) ([]byte, int64) {
			m, r := openModule(t, data)
			opts := Options{ModuleID: "m", Loader: r, Version: tc.version, Rehash: tc.rehash}
			if out == nil {
				b, err := Write(m, opts)
				if err != nil {
					t.Fatal(err)
				}
				return b, int64(len(b))
			}
			n, err := WriteTo(m, opts, out)
			if err != nil {
				t.Fatal(err)
			}
			return nil, n
		}
		want, _ := write(nil)
		out := &memOutput{}
		_, n := write(out)
		if !bytes.Equal(out.b, want) || n != int64(len(want)) {
			t.Errorf("%s for %d (rehash %t): WriteTo wrote %d bytes (said %d), Write %d; the same: %t",
				tc.file, tc.version, tc.rehash, len(out.b), n, len(want), bytes.Equal(out.b, want))
		}
		// Streamed, block lengths and offsets are patched in bytes
		// written out: more is written than the output's size.
		streamed := tc.file != "darwin-arm64.bc" && !tc.rehash
		if got := out.written > len(want); got != streamed {
			t.Errorf("%s for %d (rehash %t): %d bytes written out for %d: streamed %t, want %t",
				tc.file, tc.version, tc.rehash, out.written, len(want), got, streamed)
		}
	}
}

// failingOutput fails once more than n bytes are written.
type failingOutput struct {
	memOutput
	n int
}

var errFull = errors.New("no space left on device")

func (f *failingOutput) WriteAt(p []byte, off int64) (int, error) {
	if int(off)+len(p) > f.n {
		return 0, errFull
	}
	return f.memOutput.WriteAt(p, off)
}

// TestWriteToFails: an output that fails is WriteTo's error, whether it
// fails on a chunk written out or a patch; nothing panics.
func TestWriteToFails(t *testing.T) {
	defer func(c int) { streamChunk = c }(streamChunk)
	streamChunk = 64
	data := readFile(t, "../../testdata/ir/di-coro-O0.bc")
	for _, n := range []int{0, 100, 5000} {
		m, r := openModule(t, data)
		if _, err := WriteTo(m, Options{Loader: r}, &failingOutput{n: n}); !errors.Is(err, errFull) {
			t.Errorf("output failing after %d bytes: %v, want %v", n, err, errFull)
		}
	}
}
