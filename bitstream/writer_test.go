package bitstream

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A wentry is one call a copy of a stream makes to a Writer.
type wentry struct {
	kind   uint8 // one of the wk constants
	id     uint32
	width  uint
	abbrev *Abbrev
	code   uint32
	ops    []uint64
	blob   []byte
}

const (
	wkEnter = iota
	wkExit
	wkDefine
	wkRecord
	wkAbbrevRecord
	wkEnterInfo
	wkInfoAbbrev
	wkInfoRecord
)

// copyStream reads the stream data record by record and writes each
// entry again with the same abbreviation: the DEFINE_ABBREVs, BLOCKINFO
// and records as they were. It returns what the writer wrote, which for a
// stream LLVM wrote is the stream itself, and the bit where the reader
// stopped (the end of the last top-level block).
func copyStream(data []byte) ([]byte, uint64, error) {
	kind, entries, end, err := readEntries(data)
	if err != nil {
		return nil, 0, err
	}
	w := NewWriter(nil)
	w.WriteMagic(kind)
	writeEntries(w, entries)
	return w.Bytes(), end, w.Err()
}

// writeEntries makes the calls entries list.
func writeEntries(w *Writer, entries []wentry) {
	for i := range entries {
		e := &entries[i]
		switch e.kind {
		case wkEnter:
			w.EnterBlock(e.id, e.width)
		case wkExit:
			w.ExitBlock()
		case wkDefine:
			w.DefineAbbrev(e.abbrev)
		case wkRecord:
			w.WriteRecord(e.code, e.ops)
		case wkAbbrevRecord:
			w.WriteAbbrevRecord(e.id, e.code, e.ops, e.blob)
		case wkEnterInfo:
			w.EnterBlockInfo()
		case wkInfoAbbrev:
			w.BlockInfoAbbrev(e.id, e.abbrev)
		case wkInfoRecord:
			w.BlockInfoRecord(e.id, e.code, e.ops)
		}
	}
}

// readEntries reads the stream data into the Writer calls that copy it,
// up to the end of its last top-level block (the bit returned): trailing
// zero padding is left out.
func readEntries(data []byte) (StreamKind, []wentry, uint64, error) {
	r := NewReader(data)
	kind, err := ReadMagic(r.Cursor())
	if err != nil {
		return 0, nil, 0, err
	}
	var out []wentry
	for !(r.Depth() == 0 && (r.AtEnd() || allZero(data[r.BitPos()/8:]))) {
		at := r.BitPos()
		e, err := r.Next()
		if err != nil {
			return 0, nil, 0, err
		}
		switch e.Kind {
		case EntryEndBlock:
			out = append(out, wentry{kind: wkExit})
		case EntrySubBlock:
			if e.ID == BLOCKINFO_BLOCK_ID {
				if out, err = readBlockInfo(data, at, r.CodeWidth(), out); err != nil {
					return 0, nil, 0, err
				}
				bi, err := r.ReadBlockInfoBlock(true)
				if err != nil {
					return 0, nil, 0, err
				}
				r.SetBlockInfo(bi)
				continue
			}
			if _, err := r.EnterBlock(e.ID); err != nil {
				return 0, nil, 0, err
			}
			out = append(out, wentry{kind: wkEnter, id: e.ID, width: r.CodeWidth()})
		case EntryDefineAbbrev:
			a, err := r.DefineAbbrev()
			if err != nil {
				return 0, nil, 0, err
			}
			out = append(out, wentry{kind: wkDefine, abbrev: a})
		case EntryRecord:
			rec, err := r.ReadRecord(e.ID, nil)
			if err != nil {
				return 0, nil, 0, err
			}
			if rec.Abbrev == nil {
				out = append(out, wentry{kind: wkRecord, code: rec.Code, ops: rec.Ops})
				break
			}
			var blob []byte
			if rec.HasBlob {
				blob = rec.Blob
				if blob == nil {
					blob = []byte{}
				}
			}
			out = append(out, wentry{kind: wkAbbrevRecord, id: rec.AbbrevID, code: rec.Code, ops: rec.Ops, blob: blob})
		}
	}
	return kind, out, r.BitPos(), nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// readBlockInfo appends to out the calls that copy the BLOCKINFO block
// whose ENTER_SUBBLOCK starts at bit at (read in abbreviation width
// width).
func readBlockInfo(data []byte, at uint64, width uint, out []wentry) ([]wentry, error) {
	r := NewReader(data)
	if err := r.JumpToBit(at); err != nil {
		return nil, err
	}
	r.codeWidth = width
	e, err := r.Next()
	if err != nil {
		return nil, err
	}
	if _, err := r.EnterBlock(e.ID); err != nil {
		return nil, err
	}
	if r.CodeWidth() != 2 {
		return nil, fmt.Errorf("BLOCKINFO with abbreviation width %d", r.CodeWidth())
	}
	out = append(out, wentry{kind: wkEnterInfo})
	var cur uint32
	for {
		e, err := r.Next()
		if err != nil {
			return nil, err
		}
		switch e.Kind {
		case EntryEndBlock:
			return append(out, wentry{kind: wkExit}), nil
		case EntryDefineAbbrev:
			a, err := r.DefineAbbrev()
			if err != nil {
				return nil, err
			}
			out = append(out, wentry{kind: wkInfoAbbrev, id: cur, abbrev: a})
		case EntryRecord:
			rec, err := r.ReadRecord(e.ID, nil)
			if err != nil {
				return nil, err
			}
			if rec.Code == BLOCKINFO_CODE_SETBID && len(rec.Ops) > 0 {
				cur = uint32(rec.Ops[0])
				continue
			}
			out = append(out, wentry{kind: wkInfoRecord, id: cur, code: rec.Code, ops: rec.Ops})
		default:
			return nil, fmt.Errorf("block in BLOCKINFO")
		}
	}
}

// bitcodeFiles returns the LLVM IR streams of the .bc files under root,
// their Darwin wrapper headers removed, by path.
func bitcodeFiles(t testing.TB, root string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".bc") {
			return err
		}
		if filepath.Dir(path) == "../testdata/bc" {
			// Streams made by hand with internal/bitwriter (mkstream),
			// many malformed on purpose: not LLVM's.
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if len(data) >= 20 && binary.LittleEndian.Uint32(data) == 0x0B17C0DE {
			off, size := binary.LittleEndian.Uint32(data[8:]), binary.LittleEndian.Uint32(data[12:])
			if uint64(off)+uint64(size) > uint64(len(data)) {
				return nil
			}
			data = data[off : off+size]
		}
		if bytes.HasPrefix(data, []byte{'B', 'C', 0xc0, 0xde}) {
			out[path] = data
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCopyFixtures re-encodes every bitcode fixture, LLVM 13 to 22's
// writers' output, entry by entry with the abbreviations it was written
// with: the bytes must be the input's, which shows that the Writer lays
// out blocks, abbreviations, records, blobs and BLOCKINFO as LLVM's
// BitstreamWriter does.
func TestCopyFixtures(t *testing.T) {
	fixtures := bitcodeFiles(t, "../testdata")
	if len(fixtures) < 200 {
		t.Fatalf("%d bitcode fixtures found, want the repository's 210 or so", len(fixtures))
	}
	testCopy(t, fixtures)
}

// TestCopyDirs is TestCopyFixtures over the .bc files under the
// directories BCX_COPY_DIRS lists (separated by colons), for
// scripts/conformance.sh: the Rust toolchain's modules and packages'
// bitcode. It is skipped when the variable is not set.
func TestCopyDirs(t *testing.T) {
	dirs := os.Getenv("BCX_COPY_DIRS")
	if dirs == "" {
		t.Skip("BCX_COPY_DIRS is not set")
	}
	files := map[string][]byte{}
	for _, dir := range strings.Split(dirs, ":") {
		for path, data := range bitcodeFiles(t, dir) {
			files[path] = data
		}
	}
	if len(files) == 0 {
		t.Fatalf("no .bc files under %s", dirs)
	}
	testCopy(t, files)
}

func testCopy(t *testing.T, fixtures map[string][]byte) {
	copied := 0
	for path, data := range fixtures {
		out, end, err := copyStream(data)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		want := data[:end/8]
		if !bytes.Equal(out, want) {
			i := 0
			for i < len(out) && i < len(want) && out[i] == want[i] {
				i++
			}
			t.Errorf("%s: the copy differs from byte 0x%x (%d bytes, want %d)", path, i, len(out), len(want))
			continue
		}
		copied++
	}
	t.Logf("%d of %d streams copied byte for byte", copied, len(fixtures))
}

// TestWriterBytes checks streams worked out by hand.
func TestWriterBytes(t *testing.T) {
	tests := []struct {
		name  string
		write func(w *Writer)
		want  []byte
	}{{
		// The stream of ExampleWalk.
		name: "block, abbreviation, records",
		write: func(w *Writer) {
			w.WriteMagic(LLVMIRStream)
			w.EnterBlock(8, 3)
			id := w.DefineAbbrev(MakeAbbrev(AbbrevOp{Enc: Literal, Value: 2}, AbbrevOp{Enc: Array}, AbbrevOp{Enc: Char6}))
			w.WriteRecord(1, []uint64{2})
			w.WriteAbbrevRecord(id, 2, []uint64{'x', '8', '6'}, nil)
			w.ExitBlock()
		},
		want: []byte{
			0x42, 0x43, 0xc0, 0xde, 0x21, 0x0c, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00,
			0x1a, 0x05, 0x0c, 0x17, 0x04, 0x02, 0x87, 0x8b, 0xd7, 0x01, 0x00, 0x00,
		},
	}, {
		// Fixed(3) 5 at bit 0; VBR(4) 100 = 0b1_100_100 in 3-bit
		// pieces, low first, with the continuation bit: 12, 12, 1 at
		// bits 3, 7 and 11. 5 + 12<<3 + 12<<7 + 1<<11 = 0x0e65.
		name: "fields",
		write: func(w *Writer) {
			w.Emit(5, 3)
			w.EmitVBR(100, 4)
			w.Align32()
		},
		want: []byte{0x65, 0x0e, 0, 0},
	}, {
		// Block 9 of width 3 with the abbreviation [Fixed(1), Blob] and
		// the record [code 1, blob "abcde"].
		name: "blob",
		write: func(w *Writer) {
			w.EnterBlock(9, 3)
			id := w.DefineAbbrev(MakeAbbrev(AbbrevOp{Enc: Fixed, Value: 1}, AbbrevOp{Enc: Blob}))
			w.WriteAbbrevRecord(id, 1, nil, []byte("abcde"))
			w.ExitBlock()
		},
		want: []byte{
			// ENTER_SUBBLOCK 1 (2 bits), ID 9 (VBR8), width 3 (VBR4):
			// 1 | 9<<2 | 3<<10 = 0x0c25, aligned.
			0x25, 0x0c, 0x00, 0x00,
			// The length: 4 words follow.
			0x04, 0x00, 0x00, 0x00,
			// DEFINE_ABBREV 2 (3 bits) at 0, 2 operands (VBR5) at 3;
			// Fixed: 0 at 8, 1 (3 bits) at 9, width 1 (VBR5) at 12;
			// Blob: 0 at 17, 5 (3 bits) at 18. The record: ID 4 (3
			// bits) at 21, code 1 (Fixed(1)) at 24, length 5 (VBR6) at
			// 25: 0x0b941212. Aligned, the bytes, padded to a word.
			0x12, 0x12, 0x94, 0x0b,
			'a', 'b', 'c', 'd',
			'e', 0, 0, 0,
			// END_BLOCK 0, aligned.
			0x00, 0x00, 0x00, 0x00,
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := NewWriter(nil)
			tt.write(w)
			if w.Err() != nil {
				t.Fatal(w.Err())
			}
			if !bytes.Equal(w.Bytes(), tt.want) {
				t.Errorf("bytes\n% x\nwant\n% x", w.Bytes(), tt.want)
			}
		})
	}
}

// BenchmarkWriter writes the largest bitcode fixture again from its
// entries, read beforehand (reading is the reader's benchmarks): bytes
// per second of stream.
func BenchmarkWriter(b *testing.B) {
	var data []byte
	for _, d := range bitcodeFiles(b, "../testdata") {
		if len(d) > len(data) {
			data = d
		}
	}
	kind, entries, _, err := readEntries(data)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		w := NewWriter(buf)
		w.WriteMagic(kind)
		writeEntries(w, entries)
		if w.Err() != nil {
			b.Fatal(w.Err())
		}
		buf = w.Bytes()
	}
}

// memOutput is a StreamOutput in memory.
type memOutput struct{ b []byte }

func (m *memOutput) WriteAt(p []byte, off int64) (int, error) {
	if end := int(off) + len(p); end > len(m.b) {
		m.b = append(m.b, make([]byte, end-len(m.b))...)
	}
	return copy(m.b[off:], p), nil
}

func (m *memOutput) ReadAt(p []byte, off int64) (int, error) {
	if int(off)+len(p) > len(m.b) {
		return 0, io.ErrUnexpectedEOF
	}
	return copy(p, m.b[off:]), nil
}

// failOutput fails every write after the first n bytes.
type failOutput struct {
	memOutput
	n int
}

var errFull = errors.New("device full")

func (f *failOutput) WriteAt(p []byte, off int64) (int, error) {
	if int(off)+len(p) > f.n {
		return 0, errFull
	}
	return f.memOutput.WriteAt(p, off)
}

// TestStreamWriter: a stream writer writing out every chunk bytes makes
// the bytes a Writer makes in memory, its patches of bytes written out
// (block length words, Patch32 and Patch64 at bits not on a byte
// boundary) read back and written again; the patched fields read back
// as the values patched in.
func TestStreamWriter(t *testing.T) {
	write := func(w *Writer) (p32, p64 uint64) {
		w.WriteMagic(LLVMIRStream)
		w.EnterBlock(8, 3)
		w.WriteRecord(1, []uint64{0}) // code 1, 1 op, 0: placeholders follow
		p32 = w.BitPos() + 3          // not on a byte boundary
		w.Emit(0, 35)
		for i := range 40 {
			w.WriteRecord(2, []uint64{uint64(i), uint64(i) << 20})
		}
		w.EnterBlock(9, 4)
		a := w.DefineAbbrev(MakeAbbrev(AbbrevOp{Enc: Literal, Value: 3}, AbbrevOp{Enc: Blob}))
		w.WriteAbbrevRecord(a, 3, nil, []byte("a blob of some length"))
		p64 = w.BitPos() + 1
		w.Emit(0, 65)
		w.Patch64(p64, 0x0123456789abcdef)
		w.ExitBlock()
		w.Patch32(p32, 0xdeadbeef)
		w.Align32()
		w.ExitBlock()
		return p32, p64
	}
	mem := NewWriter(nil)
	p32, p64 := write(mem)
	if mem.Err() != nil {
		t.Fatal(mem.Err())
	}
	c := NewCursor(mem.Bytes())
	for _, f := range []struct {
		bit   uint64
		width uint
		want  uint64
	}{{p32, 32, 0xdeadbeef}, {p64, 64, 0x0123456789abcdef}} {
		c.JumpToBit(f.bit)
		if v, err := c.Read(f.width); err != nil || v != f.want {
			t.Errorf("bits [%d,+%d): %#x, %v; want %#x", f.bit, f.width, v, err, f.want)
		}
	}
	for _, chunk := range []int{1, 4, 8, 12, 20, 64, 1 << 20} {
		out := &memOutput{}
		w := NewStreamWriter(out, chunk)
		write(w)
		if err := w.Flush(); err != nil {
			t.Fatalf("chunk %d: %v", chunk, err)
		}
		if !bytes.Equal(out.b, mem.Bytes()) {
			t.Errorf("chunk %d: bytes\n% x\nwant\n% x", chunk, out.b, mem.Bytes())
		}
		if got := w.BitPos(); got != uint64(len(mem.Bytes()))*8 {
			t.Errorf("chunk %d: BitPos %d, want %d", chunk, got, len(mem.Bytes())*8)
		}
	}
	// An output that fails is the writer's error, wrapped.
	w := NewStreamWriter(&failOutput{n: 16}, 8)
	write(w)
	if err := w.Flush(); !errors.Is(err, errFull) {
		t.Errorf("failing output: %v, want %v", err, errFull)
	}
}
