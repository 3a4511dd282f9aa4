package bitstream

import (
	"errors"
	"fmt"
	"testing"

	"github.com/bcextract/bcextract/internal/alloctest"
	bw "github.com/bcextract/bcextract/internal/bitwriter"
)

// Resource limits: whatever a stream claims, reading it allocates at most a
// small multiple of its size, nests at most MaxDepth blocks, and takes time
// linear in its size. These tests pin the multiple for each kind of input;
// the benchmarks below show the time per item staying flat as inputs grow.

// walkStream walks data (magic included) and returns the error.
func walkStream(data []byte) error {
	r := NewReader(data)
	if _, err := ReadMagic(r.Cursor()); err != nil {
		return err
	}
	_, err := Walk(r, nil)
	return err
}

// built returns the stream build writes after the LLVM IR magic.
func built(build func(w *bw.Writer)) []byte {
	w := bw.New()
	w.Magic(irMagic)
	build(w)
	return w.Bytes
}

// Counts and lengths that claim far more than the stream holds are errors
// with a position inside the stream, found before anything is allocated
// for them. The allocation bound is 16 bytes per input byte plus 4 KiB:
// nothing here may be sized by the claim.
func TestClaims(t *testing.T) {
	tests := []struct {
		name  string
		build func(w *bw.Writer)
		cause error
	}{
		{"array of 2^32-1 fixed elements", func(w *bw.Writer) {
			w.EnterBlock(8, 3)
			w.DefineAbbrev(bw.Lit(1), bw.Array, bw.FixedOp(8))
			w.Abbrev(4)
			w.VBR(1<<32-1, 6)
		}, nil},
		{"array of 2^32-1 VBR elements", func(w *bw.Writer) {
			w.EnterBlock(8, 3)
			w.DefineAbbrev(bw.Lit(1), bw.Array, bw.VBROp(6))
			w.Abbrev(4)
			w.VBR(1<<32-1, 6)
		}, nil},
		{"array of 2^31 char6 elements", func(w *bw.Writer) {
			w.EnterBlock(8, 3)
			w.DefineAbbrev(bw.Lit(1), bw.Array, bw.Char6)
			w.Abbrev(4)
			w.VBR(1<<31, 6)
		}, nil},
		{"array just longer than the stream", func(w *bw.Writer) {
			w.EnterBlock(8, 3)
			w.DefineAbbrev(bw.Lit(1), bw.Array, bw.VBROp(6))
			w.Abbrev(4)
			w.VBR(1000, 6) // 1000 elements of at least 6 bits; 16 bytes follow
		}, nil},
		{"blob of 2^31 bytes", func(w *bw.Writer) {
			w.EnterBlock(8, 3)
			w.DefineAbbrev(bw.Lit(1), bw.Blob)
			w.Abbrev(4)
			w.VBR(1<<31, 6)
		}, nil},
		{"blob of 2^32-1 bytes", func(w *bw.Writer) {
			w.EnterBlock(8, 3)
			w.DefineAbbrev(bw.Lit(1), bw.Blob)
			w.Abbrev(4)
			w.VBR(1<<32-1, 6)
		}, nil},
		{"unabbreviated record of 2^32-1 operands", func(w *bw.Writer) {
			w.EnterBlock(8, 2)
			w.Abbrev(UNABBREV_RECORD)
			w.VBR(1, 6)
			w.VBR(1<<32-1, 6)
		}, nil},
		{"unabbreviated record just longer than the stream", func(w *bw.Writer) {
			w.EnterBlock(8, 2)
			w.Abbrev(UNABBREV_RECORD)
			w.VBR(1, 6)
			w.VBR(30, 6) // 30 operands of at least 6 bits; 16 bytes follow
		}, nil},
		{"abbreviation of 2^32-1 operands", func(w *bw.Writer) {
			w.EnterBlock(8, 2)
			w.Abbrev(DEFINE_ABBREV)
			w.VBR(1<<32-1, 5)
		}, nil},
		{"abbreviation in BLOCKINFO of 2^32-1 operands", func(w *bw.Writer) {
			w.EnterBlock(BLOCKINFO_BLOCK_ID, 2)
			w.Unabbrev(BLOCKINFO_CODE_SETBID, 8)
			w.Abbrev(DEFINE_ABBREV)
			w.VBR(1<<32-1, 5)
		}, nil},
		{"BLOCKINFO name of 2^32-1 characters", func(w *bw.Writer) {
			w.EnterBlock(BLOCKINFO_BLOCK_ID, 2)
			w.Unabbrev(BLOCKINFO_CODE_SETBID, 8)
			w.Abbrev(UNABBREV_RECORD)
			w.VBR(BLOCKINFO_CODE_BLOCKNAME, 6)
			w.VBR(1<<32-1, 6)
		}, nil},
		{"block of 2^32-1 words", func(w *bw.Writer) {
			w.EnterBlock(8, 2)
			w.Patch(w.BlockLenPos(), 1<<32-1, 32)
			w.EnterBlock(9, 2) // skipped by its length as the walk enters it
		}, nil},
		{"BLOCKINFO block of 2^32-1 words", func(w *bw.Writer) {
			w.EnterBlock(BLOCKINFO_BLOCK_ID, 2)
			w.Patch(w.BlockLenPos(), 1<<32-1, 32)
		}, nil},
		{"sub-block of BLOCKINFO of 2^32-1 words", func(w *bw.Writer) {
			w.EnterBlock(BLOCKINFO_BLOCK_ID, 2)
			w.EnterBlock(9, 2)
			w.Patch(w.BlockLenPos(), 1<<32-1, 32)
		}, nil},
		{"abbreviation width 2^32-1", func(w *bw.Writer) {
			w.Abbrev(ENTER_SUBBLOCK)
			w.VBR(8, 8)
			w.VBR(1<<32-1, 4)
		}, nil},
		{"block ID 2^32-1 nested 2000 deep", func(w *bw.Writer) {
			for range 2000 {
				w.EnterBlock(1<<32-1, 2)
			}
		}, ErrTooDeep},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := bw.New()
			w.Magic(irMagic)
			tt.build(w)
			w.Align32()
			w.Fixed(0, 128) // 16 bytes left, so that no error is a plain EOF
			data := w.Bytes
			var err error
			limit := alloctest.Limit{PerByte: 16, Fixed: 4 << 10}
			if tt.cause == ErrTooDeep {
				// A scope of 64 bytes per level: up to MaxDepth of them.
				limit.Fixed += MaxDepth * 160
			}
			got, ok := limit.Check(len(data), func() { err = walkStream(data) })
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("Walk = %v; want a *FormatError", err)
			}
			if fe.BitPos > uint64(len(data))*8 {
				t.Errorf("error at bit %d, past the end (%d bits)", fe.BitPos, len(data)*8)
			}
			if tt.cause != nil && !errors.Is(err, tt.cause) {
				t.Errorf("Walk = %v; want cause %v", err, tt.cause)
			}
			if !ok {
				t.Errorf("%d bytes allocated for %d bytes of input (%v), more than %d", got, len(data), err, limit.Bound(len(data)))
			}
		})
	}
}

// literalStream defines an abbreviation of nlit literal operands (after a
// literal code), then a fixed field of width bits if width > 0, and uses it
// in nrec records of 3+width bits each.
func literalStream(nlit, width, nrec int) []byte {
	return built(func(w *bw.Writer) {
		w.EnterBlock(8, 3)
		ops := make([]bw.Op, nlit+1)
		for i := range ops {
			ops[i] = bw.Lit(uint64(i))
		}
		if width > 0 {
			ops = append(ops, bw.FixedOp(uint64(width)))
		}
		w.DefineAbbrev(ops...)
		for i := range nrec {
			w.Abbrev(4)
			w.Fixed(uint64(i), uint(width))
		}
		w.EndBlock()
	})
}

// An abbreviation of many literal operands, used by many records of a few
// bits each, would make the operands delivered grow as the product of the
// two: quadratic in the stream's size. The reader stops at LiteralSlack
// plus one literal operand per bit of the stream.
func TestLiteralBudget(t *testing.T) {
	// 20,000 literals (22 KB) used by 200,000 records (75 KB): 4e9
	// operands, stopped after about 8e5.
	data := literalStream(20000, 0, 200000)
	var err error
	got := alloctest.Min(2, func() { err = walkStream(data) })
	if !errors.Is(err, ErrLiteralBudget) {
		t.Fatalf("Walk = %v; want ErrLiteralBudget", err)
	}
	var fe *FormatError
	if !errors.As(err, &fe) || fe.BitPos > uint64(len(data))*8 {
		t.Errorf("Walk = %v; want a *FormatError inside the stream", err)
	}
	// The operand buffer holds one record's 20,000 operands.
	if limit := uint64(len(data))*16 + 4<<10; got > limit {
		t.Errorf("%d bytes allocated for %d bytes of input, more than %d", got, len(data), limit)
	}

	// A stream within the budget reads to the end: records of 8 bits
	// (a 3-bit abbreviation ID and a 5-bit field) with 4 literal operands
	// each, half a literal per bit, far denser than LLVM's writers make
	// them.
	if err := walkStream(literalStream(4, 5, 100000)); err != nil {
		t.Errorf("Walk of 4e5 literal operands in 8e5 bits = %v", err)
	}
}

// Densest valid streams of one kind of item each, of about 128 KiB, and the
// bytes allocated per input byte by Walk. Where the ratio is large it is
// the size of the typed result per item against the few bits an item can
// take; each limit says why.
func TestAmplification(t *testing.T) {
	const size = 128 << 10
	fill := func(w *bw.Writer, item func(i uint64)) {
		for i := uint64(0); w.BitLen() < size*8; i++ {
			item(i)
		}
	}
	tests := []struct {
		name  string
		build func(w *bw.Writer)
		k     float64 // bytes allocated per input byte, measured, rounded up
		why   string
	}{
		{"records of one 3-bit abbreviation", func(w *bw.Writer) {
			w.EnterBlock(8, 3)
			w.DefineAbbrev(bw.Lit(1))
			fill(w, func(uint64) { w.Abbrev(4) })
			w.EndBlock()
		}, 0.1, "records reuse one operand buffer"},
		{"unabbreviated records", func(w *bw.Writer) {
			w.EnterBlock(8, 2)
			fill(w, func(uint64) { w.Unabbrev(1, 1, 2, 3) })
			w.EndBlock()
		}, 0.1, "records reuse one operand buffer"},
		{"a record of 1-bit array elements", func(w *bw.Writer) {
			w.EnterBlock(8, 3)
			w.DefineAbbrev(bw.Lit(1), bw.Array, bw.FixedOp(1))
			w.Abbrev(4)
			w.VBR(size*8-256, 6)
			for range size*8 - 256 {
				w.Fixed(1, 1)
			}
			w.EndBlock()
		}, 64.5, "each 1-bit element is a uint64 operand, as in LLVM"},
		{"abbreviations", func(w *bw.Writer) {
			w.EnterBlock(8, 2)
			fill(w, func(uint64) { w.DefineAbbrev(bw.EncOp(3)) }) // [Array]: 11 bits
			w.EndBlock()
		}, 72, "an 11-bit definition is a 32-byte Abbrev, a 16-byte AbbrevOp and a pointer"},
		{"abbreviations in BLOCKINFO", func(w *bw.Writer) {
			w.EnterBlock(BLOCKINFO_BLOCK_ID, 2)
			w.Unabbrev(BLOCKINFO_CODE_SETBID, 8)
			fill(w, func(uint64) { w.DefineAbbrev(bw.EncOp(3)) })
			w.EndBlock()
		}, 142, "as abbreviations, twice: Walk reads BLOCKINFO twice, as llvm-bcanalyzer does"},
		{"SETBIDs", func(w *bw.Writer) {
			w.EnterBlock(BLOCKINFO_BLOCK_ID, 2)
			fill(w, func(i uint64) { w.Unabbrev(BLOCKINFO_CODE_SETBID, i) })
			w.EndBlock()
		}, 0.1, "a block ID gets an entry only when something is defined for it"},
		{"record names", func(w *bw.Writer) {
			w.EnterBlock(BLOCKINFO_BLOCK_ID, 2)
			w.Unabbrev(BLOCKINFO_CODE_SETBID, 8)
			fill(w, func(i uint64) { w.Unabbrev(BLOCKINFO_CODE_SETRECORDNAME, i) })
			w.EndBlock()
		}, 32, "a 20-bit record makes a map entry (code to name), in a map grown by doubling"},
		{"block IDs", func(w *bw.Writer) {
			fill(w, func(i uint64) { w.EnterBlock(8+i, 2); w.EndBlock() })
		}, 32, "an 8-byte block makes the statistics of its ID: 96 bytes and a map entry"},
		{"record codes", func(w *bw.Writer) {
			w.EnterBlock(8, 2)
			fill(w, func(i uint64) { w.Unabbrev(300 + i) })
			w.EndBlock()
		}, 32, "a 4-byte record makes the statistics of its code: 32 bytes and a map entry"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := built(tt.build)
			var err error
			got := alloctest.Min(2, func() { err = walkStream(data) })
			if err != nil {
				t.Fatal(err)
			}
			k := float64(got) / float64(len(data))
			t.Logf("%d bytes: %d allocated, %.2f per byte (%s)", len(data), got, k, tt.why)
			if k > tt.k {
				t.Errorf("%.2f bytes allocated per input byte, more than %v (%s)", k, tt.k, tt.why)
			}
		})
	}
}

// Deep nesting stops at MaxDepth with ErrTooDeep, whatever depth the stream
// claims, without a deep recursion or memory beyond the scopes.
func TestDeepNesting(t *testing.T) {
	for _, depth := range []int{MaxDepth, MaxDepth + 1, 10000} {
		data := built(func(w *bw.Writer) {
			for range depth {
				w.EnterBlock(8, 2)
			}
			for range depth {
				w.EndBlock()
			}
		})
		var err error
		got := alloctest.Min(2, func() { err = walkStream(data) })
		if depth <= MaxDepth {
			if err != nil {
				t.Errorf("depth %d: %v", depth, err)
			}
		} else if !errors.Is(err, ErrTooDeep) {
			t.Errorf("depth %d: Walk = %v; want ErrTooDeep", depth, err)
		}
		if limit := uint64(len(data))*16 + 256<<10; got > limit {
			t.Errorf("depth %d: %d bytes allocated for %d bytes, more than %d", depth, got, len(data), limit)
		}
	}
}

// The benchmarks walk streams of n items of one kind; ns/op divided by n
// stays flat as n grows when the walk is linear. Run with
//
//	go test -run XXX -bench 'Many' -benchtime 1x ./bitstream
func benchmarkItems(b *testing.B, build func(w *bw.Writer, n int)) {
	for _, n := range []int{1e3, 1e4, 1e5, 1e6} {
		data := built(func(w *bw.Writer) { build(w, n) })
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if err := walkStream(data); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}

func BenchmarkManyRecords(b *testing.B) {
	benchmarkItems(b, func(w *bw.Writer, n int) {
		w.EnterBlock(8, 3)
		w.DefineAbbrev(bw.Lit(1), bw.VBROp(6))
		for i := range n {
			w.Abbrev(4)
			w.VBR(uint64(i&31), 6)
		}
		w.EndBlock()
	})
}

func BenchmarkManyAbbrevs(b *testing.B) {
	benchmarkItems(b, func(w *bw.Writer, n int) {
		w.EnterBlock(8, 2)
		for range n {
			w.DefineAbbrev(bw.Lit(1), bw.FixedOp(8))
		}
		w.EndBlock()
	})
}

func BenchmarkManyBlockInfoAbbrevs(b *testing.B) {
	benchmarkItems(b, func(w *bw.Writer, n int) {
		w.EnterBlock(BLOCKINFO_BLOCK_ID, 2)
		w.Unabbrev(BLOCKINFO_CODE_SETBID, 8)
		for range n {
			w.DefineAbbrev(bw.Lit(1), bw.FixedOp(8))
		}
		w.EndBlock()
		w.EnterBlock(8, 2) // inherits all n
		w.EndBlock()
	})
}

func BenchmarkManyBlocks(b *testing.B) {
	benchmarkItems(b, func(w *bw.Writer, n int) {
		w.EnterBlock(8, 2)
		for i := range n {
			w.EnterBlock(uint64(9+i%64), 2)
			w.EndBlock()
		}
		w.EndBlock()
	})
}
