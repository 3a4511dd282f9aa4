package bitstream

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	bw "github.com/bcextract/bcextract/internal/bitwriter"
)

var irMagic = [4]byte{'B', 'C', 0xC0, 0xDE}

// The spec's triple example: abbreviation [Fixed(4), Array, Char6] and the
// record [4, 2, 4, 'a','b','c','d'] take 3+4+6+4*6 = 37 bits with a 3-bit
// abbreviation width.
func TestSpecTripleExample(t *testing.T) {
	w := bw.New()
	w.Magic(irMagic)
	w.EnterBlock(8, 3)
	w.DefineAbbrev(bw.FixedOp(4), bw.Array, bw.Char6)
	before := w.BitLen()
	w.Abbrev(4)
	w.Fixed(2, 4)
	w.VBR(4, 6)
	for _, c := range []byte("abcd") {
		w.Char6(c)
	}
	if n := w.BitLen() - before; n != 37 {
		t.Fatalf("record written in %d bits; want 37", n)
	}
	w.EndBlock()

	r := NewReader(w.Bytes)
	if k, err := ReadMagic(r.Cursor()); err != nil || k != LLVMIRStream {
		t.Fatalf("ReadMagic = %v, %v", k, err)
	}
	mustEntry(t, r, Entry{EntrySubBlock, 8})
	if n, err := r.EnterBlock(8); err != nil || r.CodeWidth() != 3 || n != uint32(len(w.Bytes)-12)/4 {
		t.Fatalf("EnterBlock = %d words, %v, width %d", n, err, r.CodeWidth())
	}
	mustEntry(t, r, Entry{EntryDefineAbbrev, DEFINE_ABBREV})
	a, err := r.DefineAbbrev()
	if err != nil {
		t.Fatal(err)
	}
	wantAbbrev := &Abbrev{Ops: []AbbrevOp{{Enc: Fixed, Value: 4}, {Enc: Array}, {Enc: Char6}}, ArrayIndex: 1}
	if !reflect.DeepEqual(a, wantAbbrev) {
		t.Errorf("abbrev = %+v; want %+v", a, wantAbbrev)
	}
	mustEntry(t, r, Entry{EntryRecord, 4})
	start := r.BitPos()
	rec, err := r.ReadRecord(4, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Code != 2 || !reflect.DeepEqual(rec.Ops, []uint64{'a', 'b', 'c', 'd'}) || rec.Abbrev != a || rec.HasBlob {
		t.Errorf("record = %+v", rec)
	}
	if got := r.BitPos() - start; got != 34 {
		t.Errorf("record body took %d bits; want 34", got)
	}
	mustEntry(t, r, Entry{EntryEndBlock, 0})
	if !r.AtEnd() {
		t.Errorf("not at end: bit %d of %d", r.BitPos(), r.Cursor().BitLen())
	}
}

func mustEntry(t *testing.T, r *Reader, want Entry) {
	t.Helper()
	e, err := r.Next()
	if err != nil || e != want {
		t.Fatalf("Next = %+v, %v; want %+v", e, err, want)
	}
}

// abbrevStream builds a stream that uses every operand kind, BLOCKINFO
// abbreviations and names, and returns it with the records it holds.
func abbrevStream() []byte {
	w := bw.New()
	w.Magic(irMagic)
	w.EnterBlock(8, 4)
	w.EnterBlock(0, 2) // BLOCKINFO
	w.Unabbrev(1, 9)   // SETBID 9
	w.DefineAbbrev(bw.Lit(7), bw.VBROp(3))
	w.Unabbrev(2, 'n', 'i', 'n', 'e')    // BLOCKNAME "nine"
	w.Unabbrev(3, 7, 's', 'e', 'v', 'n') // SETRECORDNAME 7 "sevn"
	w.Unabbrev(3, 7, 'x')                // a second name for 7: ignored
	w.EndBlock()
	// Abbrev 4: literal code, Fixed(0), VBR(0), Fixed(5), VBR(4), Char6.
	w.DefineAbbrev(bw.Lit(20), bw.FixedOp(0), bw.VBROp(0), bw.FixedOp(5), bw.VBROp(4), bw.Char6)
	// Abbrev 5: Char6 code, array of VBR6.
	w.DefineAbbrev(bw.Char6, bw.Array, bw.VBROp(6))
	// Abbrev 6: VBR code, blob.
	w.DefineAbbrev(bw.VBROp(2), bw.Blob)
	// Abbrev 7: literal code, blob, array of Fixed(8).
	w.DefineAbbrev(bw.Lit(21), bw.Blob, bw.Array, bw.FixedOp(8))
	w.Abbrev(4)
	w.Fixed(31, 5)
	w.VBR(100, 4)
	w.Char6('Z')
	w.Abbrev(5)
	w.Char6('b') // code 'b' (98)
	w.VBR(3, 6)
	w.VBR(0, 6)
	w.VBR(1<<63, 6)
	w.VBR(^uint64(0), 6)
	w.Abbrev(6)
	w.VBR(9, 2)
	w.Blob([]byte("hello"))
	w.Abbrev(6)
	w.VBR(0, 2)
	w.Blob(nil)
	w.Abbrev(7)
	w.Blob([]byte{0, 1, 2})
	w.VBR(2, 6)
	w.Fixed('o', 8)
	w.Fixed('k', 8)
	w.Unabbrev(22, 1, 2, 3)
	w.EnterBlock(9, 3)
	w.Abbrev(4) // abbreviation 4 of block 9 comes from BLOCKINFO
	w.VBR(5, 3)
	w.EndBlock()
	w.EndBlock()
	return w.Bytes
}

type recordSummary struct {
	Block, Code, AbbrevID uint32
	Ops                   []uint64
	Blob                  string
	HasBlob               bool
}

type collector struct {
	nopVisitor
	recs []recordSummary
}

func (c *collector) Record(b *BlockEvent, rec *RecordEvent) error {
	c.recs = append(c.recs, recordSummary{b.ID, rec.Code, rec.AbbrevID, append([]uint64(nil), rec.Ops...), string(rec.Blob), rec.HasBlob})
	return nil
}

func TestEveryOperandKind(t *testing.T) {
	data := abbrevStream()
	r := NewReader(data)
	if _, err := ReadMagic(r.Cursor()); err != nil {
		t.Fatal(err)
	}
	var c collector
	stats, err := Walk(r, &c)
	if err != nil {
		t.Fatal(err)
	}
	want := []recordSummary{
		{0, 1, 3, []uint64{9}, "", false},
		{0, 2, 3, []uint64{'n', 'i', 'n', 'e'}, "", false},
		{0, 3, 3, []uint64{7, 's', 'e', 'v', 'n'}, "", false},
		{0, 3, 3, []uint64{7, 'x'}, "", false},
		{8, 20, 4, []uint64{0, 0, 31, 100, 'Z'}, "", false},
		{8, 'b', 5, []uint64{0, 1 << 63, ^uint64(0)}, "", false},
		{8, 9, 6, []uint64{}, "hello", true},
		{8, 0, 6, []uint64{}, "", true},
		{8, 21, 7, []uint64{'o', 'k'}, "\x00\x01\x02", true},
		{8, 22, 3, []uint64{1, 2, 3}, "", false},
		{9, 7, 4, []uint64{5}, "", false},
	}
	for i := range want {
		if want[i].Ops == nil {
			want[i].Ops = []uint64{}
		}
	}
	for i := range c.recs {
		if len(c.recs[i].Ops) == 0 {
			c.recs[i].Ops = []uint64{}
		}
	}
	if !reflect.DeepEqual(c.recs, want) {
		t.Errorf("records:\n got %+v\nwant %+v", c.recs, want)
	}
	bi := r.BlockInfo()
	if n, ok := bi.BlockName(9); !ok || n != "nine" {
		t.Errorf("BlockName(9) = %q, %v", n, ok)
	}
	if n, ok := bi.RecordName(9, 7); !ok || n != "sevn" {
		t.Errorf("RecordName(9, 7) = %q, %v; want the first name", n, ok)
	}
	if stats.TopLevelBlocks != 1 || stats.TotalBits != uint64(len(data))*8 {
		t.Errorf("stats = %+v", stats)
	}
	b8 := stats.block(8)
	if b8.Instances != 1 || b8.Abbrevs != 4 || b8.Records != 6 || b8.AbbreviatedRecords != 5 || b8.SubBlocks != 2 {
		t.Errorf("block 8 stats = %+v", b8)
	}
	if b0 := stats.block(0); b0.Abbrevs != 1 || b0.Records != 4 {
		t.Errorf("BLOCKINFO stats = %+v", b0)
	}
	// Histogram order: count descending, then code descending.
	codes := b8.Codes()
	var order []uint32
	for _, cs := range codes {
		order = append(order, cs.Code)
	}
	if !reflect.DeepEqual(order, []uint32{'b', 22, 21, 20, 9, 0}) {
		t.Errorf("histogram order = %v", order)
	}
}

// Iterating records reuses the caller's buffer: no allocation per record.
func TestReadRecordDoesNotAllocate(t *testing.T) {
	w := bw.New()
	w.Magic(irMagic)
	w.EnterBlock(8, 3)
	w.DefineAbbrev(bw.Lit(5), bw.Array, bw.Char6)
	w.DefineAbbrev(bw.Lit(6), bw.VBROp(6), bw.Blob)
	for i := 0; i < 100; i++ {
		w.Abbrev(4)
		w.VBR(3, 6)
		w.Char6('a')
		w.Char6('b')
		w.Char6('c')
		w.Unabbrev(7, 1, 2, 3, 4)
		w.Abbrev(5)
		w.VBR(9, 6)
		w.Blob([]byte("blobby"))
	}
	w.EndBlock()
	r := NewReader(w.Bytes)
	ReadMagic(r.Cursor())
	r.Next()
	r.EnterBlock(8)
	for i := 0; i < 2; i++ {
		r.Next()
		r.DefineAbbrev()
	}
	vals := make([]uint64, 0, 16)
	allocs := testing.AllocsPerRun(50, func() {
		for i := 0; i < 3; i++ {
			e, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			rec, err := r.ReadRecord(e.ID, vals)
			if err != nil {
				t.Fatal(err)
			}
			vals = rec.Ops
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per 3 records; want 0", allocs)
	}
}

func TestMalformed(t *testing.T) {
	tests := []struct {
		name  string
		build func(w *bw.Writer)
		cause error
	}{
		{"undefined abbrev", func(w *bw.Writer) { w.EnterBlock(8, 3); w.Abbrev(4) }, nil},
		{"end block at top level", func(w *bw.Writer) { w.Abbrev(0) }, nil},
		{"record at top level", func(w *bw.Writer) { w.Abbrev(3) }, nil},
		{"invalid encoding", func(w *bw.Writer) { w.EnterBlock(8, 3); w.DefineAbbrev(bw.Op{Enc: 6}) }, nil},
		{"fixed too wide", func(w *bw.Writer) { w.EnterBlock(8, 3); w.DefineAbbrev(bw.FixedOp(33)) }, nil},
		{"no operands", func(w *bw.Writer) { w.EnterBlock(8, 3); w.DefineAbbrev() }, nil},
		{"width 0", func(w *bw.Writer) { w.EnterBlock(8, 0) }, nil},
		{"blockinfo abbrev before setbid", func(w *bw.Writer) { w.EnterBlock(0, 2); w.DefineAbbrev(bw.Lit(1)); w.EndBlock() }, ErrMalformedBlockInfo},
		{"array not second to last", func(w *bw.Writer) {
			w.EnterBlock(8, 3)
			w.DefineAbbrev(bw.Lit(1), bw.Array, bw.Char6, bw.Char6)
			w.Abbrev(4)
			w.VBR(0, 6)
		}, nil},
		{"array of blobs", func(w *bw.Writer) {
			w.EnterBlock(8, 3)
			w.DefineAbbrev(bw.Lit(1), bw.Array, bw.Blob)
			w.Abbrev(4)
			w.VBR(0, 6)
		}, nil},
		{"code is a blob", func(w *bw.Writer) { w.EnterBlock(8, 3); w.DefineAbbrev(bw.Blob); w.Abbrev(4) }, nil},
		{"blob past end", func(w *bw.Writer) {
			w.EnterBlock(8, 3)
			w.DefineAbbrev(bw.Lit(1), bw.Blob)
			w.Abbrev(4)
			w.VBR(1000, 6)
		}, nil},
		{"implausible array", func(w *bw.Writer) {
			w.EnterBlock(8, 3)
			w.DefineAbbrev(bw.Lit(1), bw.Array, bw.FixedOp(1))
			w.Abbrev(4)
			w.VBR(1<<30, 6)
		}, nil},
		{"too deep", func(w *bw.Writer) {
			for i := 0; i <= MaxDepth; i++ {
				w.EnterBlock(8, 2)
			}
		}, ErrTooDeep},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := bw.New()
			w.Magic(irMagic)
			tt.build(w)
			w.Align32()
			w.Fixed(0, 32) // something left, so that no error is a plain EOF
			r := NewReader(w.Bytes)
			ReadMagic(r.Cursor())
			_, err := Walk(r, nil)
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("Walk = %v; want a *FormatError", err)
			}
			if fe.BitPos > uint64(len(w.Bytes))*8 {
				t.Errorf("error at bit %d, past the end (%d bits)", fe.BitPos, len(w.Bytes)*8)
			}
			if tt.cause != nil && !errors.Is(err, tt.cause) {
				t.Errorf("Walk = %v; want cause %v", err, tt.cause)
			}
		})
	}
}

// Every prefix of a valid stream is rejected with an error inside the prefix.
// Only whole words are cut off: a cut inside the final END_BLOCK's padding
// leaves a stream LLVM accepts too (it aligns to the end of a short word).
func TestTruncation(t *testing.T) {
	data := abbrevStream()
	for n := 0; n < len(data); n += 4 {
		r := NewReader(data[:n])
		if _, err := ReadMagic(r.Cursor()); err != nil {
			continue
		}
		_, err := Walk(r, nil)
		if n == 4 && err == nil {
			continue // the magic alone is a valid, empty stream
		}
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Fatalf("prefix %d: Walk = %v; want a *FormatError", n, err)
		}
		if fe.BitPos > uint64(n)*8 {
			t.Errorf("prefix %d: error at bit %d", n, fe.BitPos)
		}
	}
}

func TestReadMagic(t *testing.T) {
	tests := []struct {
		in   string
		want StreamKind
	}{
		{"BC\xC0\xDE", LLVMIRStream},
		{"CPCH", ClangASTStream},
		{"DIAG", ClangDiagStream},
		{"RMRK", LLVMRemarksStream},
		{"CPCX", UnknownStream},
		{"BC\xC0\xDF", UnknownStream},
		{"\xDE\xC0\x17\x0B", UnknownStream},
	}
	for _, tt := range tests {
		c := NewCursor([]byte(tt.in))
		got, err := ReadMagic(&c)
		if err != nil || got != tt.want || c.BitPos() != 32 {
			t.Errorf("ReadMagic(%q) = %v, %v at bit %d; want %v at 32", tt.in, got, err, c.BitPos(), tt.want)
		}
	}
	c := NewCursor([]byte("BC"))
	if _, err := ReadMagic(&c); err == nil {
		t.Error("ReadMagic of 2 bytes: want an error")
	}
}

// fixtures returns the bitstream fixtures under testdata/bc.
func fixtures(tb testing.TB) map[string][]byte {
	paths, _ := filepath.Glob("../testdata/bc/*")
	out := map[string][]byte{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		out[filepath.Base(p)] = b
	}
	return out
}

// stream strips a wrapper header the simple way (tests only).
func stream(b []byte) []byte {
	if len(b) >= 20 && bytes.Equal(b[:4], []byte{0xDE, 0xC0, 0x17, 0x0B}) {
		off := uint32(b[8]) | uint32(b[9])<<8 | uint32(b[10])<<16 | uint32(b[11])<<24
		size := uint32(b[12]) | uint32(b[13])<<8 | uint32(b[14])<<16 | uint32(b[15])<<24
		if uint64(off)+uint64(size) <= uint64(len(b)) {
			return b[off : off+size]
		}
	}
	return b
}

func FuzzWalk(f *testing.F) {
	f.Add(abbrevStream())
	for _, b := range fixtures(f) {
		if len(b) < 64<<10 {
			f.Add(stream(b))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(data)
		if _, err := ReadMagic(r.Cursor()); err != nil {
			return
		}
		stats, err := Walk(r, nil)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *FormatError", err)
			}
			if fe.BitPos > uint64(len(data))*8 {
				t.Fatalf("error at bit %d past the end (%d bits)", fe.BitPos, len(data)*8)
			}
			return
		}
		var bits uint64
		for _, b := range stats.Blocks() {
			bits += b.Bits
		}
		if bits > stats.TotalBits {
			t.Fatalf("blocks hold %d bits of %d", bits, stats.TotalBits)
		}
	})
}

func BenchmarkWalk(b *testing.B) {
	var data []byte
	for name, f := range fixtures(b) {
		if len(f) > len(data) && filepath.Ext(name) == ".bc" && !strings.HasPrefix(name, "bad") {
			data = stream(f)
		}
	}
	if data == nil {
		data = abbrevStream()
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(data)
		ReadMagic(r.Cursor())
		stats, err := Walk(r, nil)
		if err != nil || stats.TopLevelBlocks == 0 {
			b.Fatal(err)
		}
	}
}

// Code statistics are the same whichever store (slice or map) holds a code,
// including codes that move from the map to the slice.
func TestCodeStatsStores(t *testing.T) {
	var b BlockStats
	seq := []uint32{200, 50, 1, 2, 3, 50, 200, 5000, 7, 50}
	for _, c := range seq {
		b.Records++
		cs := b.code(c)
		cs.Count++
		cs.Bits += uint64(c)
	}
	got := map[uint32]CodeStats{}
	for _, cs := range b.Codes() {
		got[cs.Code] = cs
	}
	want := map[uint32]uint64{200: 2, 50: 3, 1: 1, 2: 1, 3: 1, 5000: 1, 7: 1}
	if len(got) != len(want) {
		t.Fatalf("codes = %v", got)
	}
	for c, n := range want {
		if got[c].Count != n || got[c].Bits != n*uint64(c) {
			t.Errorf("code %d: %+v; want count %d", c, got[c], n)
		}
	}
}

func TestLeaveBlock(t *testing.T) {
	w := bw.New()
	w.EnterBlock(8, 3)
	w.EnterBlock(9, 4)
	w.Unabbrev(1, 10, 11)
	w.Unabbrev(2, 20)
	w.EndBlock()
	w.Unabbrev(3, 30)
	w.EndBlock()
	r := NewReader(w.Bytes)
	if err := r.LeaveBlock(); err == nil {
		t.Fatal("LeaveBlock outside any block: no error")
	}
	for _, id := range []uint32{8, 9} {
		if e, err := r.Next(); err != nil || e.Kind != EntrySubBlock || e.ID != id {
			t.Fatalf("Next: %+v, %v", e, err)
		}
		if _, err := r.EnterBlock(id); err != nil {
			t.Fatal(err)
		}
	}
	e, err := r.Next()
	if err != nil || e.Kind != EntryRecord {
		t.Fatalf("Next: %+v, %v", e, err)
	}
	if _, err := r.ReadRecord(e.ID, nil); err != nil {
		t.Fatal(err)
	}
	// Leave block 9 with its second record unread: the next entry is
	// block 8's record, read with block 8's abbreviation width.
	if err := r.LeaveBlock(); err != nil {
		t.Fatal(err)
	}
	if r.Depth() != 1 || r.CodeWidth() != 3 {
		t.Fatalf("after LeaveBlock: depth %d, width %d", r.Depth(), r.CodeWidth())
	}
	e, err = r.Next()
	if err != nil || e.Kind != EntryRecord {
		t.Fatalf("Next: %+v, %v", e, err)
	}
	rec, err := r.ReadRecord(e.ID, nil)
	if err != nil || rec.Code != 3 || len(rec.Ops) != 1 || rec.Ops[0] != 30 {
		t.Fatalf("record %+v, %v", rec, err)
	}
}

// With SetStrictLengths, an END_BLOCK must be where the block's length word
// says the block ends: a word too many or too few in the length is an error
// at the END_BLOCK (the block's words are 96 to 128: the record, then the
// END_BLOCK at bit 117, aligned to 128).
func TestStrictLengths(t *testing.T) {
	w := bw.New()
	w.Magic(irMagic)
	w.EnterBlock(8, 3)
	w.Unabbrev(1, 2)
	w.EndBlock()
	for _, c := range []struct {
		delta  int // added to the length word
		strict bool
		want   string
	}{
		{0, true, ""},
		{1, false, ""},
		{1, true, "END_BLOCK ends the block at bit 128, its length word at bit 160"},
		{-1, true, "END_BLOCK ends the block at bit 128, its length word at bit 96"},
	} {
		data := bytes.Clone(w.Bytes)
		data[8] = byte(int(data[8]) + c.delta) // the length word, little-endian
		r := NewReader(data)
		if _, err := ReadMagic(r.Cursor()); err != nil {
			t.Fatal(err)
		}
		r.SetStrictLengths(c.strict)
		mustEntry(t, r, Entry{EntrySubBlock, 8})
		if _, err := r.EnterBlock(8); err != nil {
			t.Fatal(err)
		}
		mustEntry(t, r, Entry{EntryRecord, UNABBREV_RECORD})
		if _, err := r.ReadRecord(UNABBREV_RECORD, nil); err != nil {
			t.Fatal(err)
		}
		_, err := r.Next()
		if got := fmt.Sprint(err); c.want == "" && err != nil || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("length %+d, strict %v: Next = %v, want %q", c.delta, c.strict, err, c.want)
		}
	}
}
