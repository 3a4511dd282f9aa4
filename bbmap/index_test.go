package bbmap

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/bcextract/bcextract/sections"
)

// mapOf builds a one-range map at base with blocks given as (offset, size)
// pairs; block IDs are 10, 11, 12... so that they differ from indexes.
func mapOf(base uint64, blocks ...uint32) *sections.BBAddrMap {
	r := sections.BBRange{BaseAddress: base}
	for i := 0; i+1 < len(blocks); i += 2 {
		r.Entries = append(r.Entries, sections.BBEntry{ID: uint32(10 + i/2), Offset: blocks[i], Size: blocks[i+1]})
	}
	return &sections.BBAddrMap{Version: 5, Ranges: []sections.BBRange{r}}
}

// The blocks of testdata/sections/bbmap-x86_64's sum and sq, as
// llvm-readobj-22 prints them (sum: 0x201170, 8 blocks; sq: 0x2011c0).
func x86Funcs() []Func {
	sum := &sections.BBAddrMap{Version: 5, Ranges: []sections.BBRange{{BaseAddress: 0x201170, Entries: []sections.BBEntry{
		{ID: 0, Offset: 0x0, Size: 0xc}, {ID: 1, Offset: 0xc, Size: 0xe}, {ID: 5, Offset: 0x20, Size: 0x3},
		{ID: 6, Offset: 0x23, Size: 0x8}, {ID: 3, Offset: 0x2b, Size: 0x8}, {ID: 4, Offset: 0x33, Size: 0xa},
		{ID: 7, Offset: 0x3d, Size: 0x3}, {ID: 2, Offset: 0x40, Size: 0xf},
	}}}}
	sq := &sections.BBAddrMap{Version: 5, Ranges: []sections.BBRange{{BaseAddress: 0x2011c0, Entries: []sections.BBEntry{
		{ID: 0, Offset: 0, Size: 6},
	}}}}
	return []Func{{Name: "sum", Map: sum}, {Name: "sq", Map: sq}}
}

func TestLookup(t *testing.T) {
	x := NewIndex(x86Funcs())
	tests := []struct {
		addr   uint64
		found  bool
		fn     int
		id     uint32
		offset uint64
	}{
		{0x0, false, 0, 0, 0},
		{0x20116f, false, 0, 0, 0},         // just before the first block
		{0x201170, true, 0, 0, 0},          // first block's start
		{0x20117b, true, 0, 0, 0xb},        // its last byte
		{0x20117c, true, 0, 1, 0},          // the next block starts at its end
		{0x201189, true, 0, 1, 0xd},        // block 1's last byte
		{0x20118a, false, 0, 0, 0},         // padding between blocks 1 and 5
		{0x20118f, false, 0, 0, 0},         // last padding byte
		{0x201190, true, 0, 5, 0},          // block 5
		{0x2011a3, true, 0, 4, 0},          // the block with the call
		{0x2011a7, true, 0, 4, 4},          // inside the call
		{0x2011be, true, 0, 2, 0xe},        // the ret, last byte of sum
		{0x2011bf, false, 0, 0, 0},         // the nop after sum
		{0x2011c0, true, 1, 0, 0},          // sq
		{0x2011c5, true, 1, 0, 5},          // sq's ret
		{0x2011c6, false, 0, 0, 0},         // past the last block
		{math.MaxUint64, false, 0, 0, 0},   // the top of the address space
		{0x201170 + 1<<32, false, 0, 0, 0}, // far away
	}
	for _, tt := range tests {
		loc, ok := x.Lookup(tt.addr)
		if ok != tt.found {
			t.Errorf("Lookup(%#x) found=%v, want %v (%+v)", tt.addr, ok, tt.found, loc)
			continue
		}
		if !ok {
			continue
		}
		if loc.Func != tt.fn || loc.ID != tt.id || loc.Offset != tt.offset || loc.Start+loc.Offset != tt.addr {
			t.Errorf("Lookup(%#x) = func %d BB %d +%#x (start %#x), want func %d BB %d +%#x", tt.addr, loc.Func, loc.ID, loc.Offset, loc.Start, tt.fn, tt.id, tt.offset)
		}
		if b := x.Block(loc.Block); b.ID != loc.ID || b.Start != loc.Start || int(b.Func) != loc.Func {
			t.Errorf("Lookup(%#x): Block(%d) = %+v, does not match %+v", tt.addr, loc.Block, b, loc)
		}
	}
	if _, ok := x.LookupSection(3, 0x201170); ok {
		t.Errorf("LookupSection(3, ...) found a block in a linked file's index")
	}
	if got := x.Sections(); len(got) != 1 || got[0] != 0 {
		t.Errorf("Sections() = %v, want [0]", got)
	}
	if x.Overlaps() != 0 {
		t.Errorf("Overlaps() = %d, want 0", x.Overlaps())
	}
	if lo, hi := x.FuncBlocks(1); lo != 8 || hi != 9 || x.NumBlocks() != 9 {
		t.Errorf("FuncBlocks(1) = %d, %d; NumBlocks() = %d; want 8, 9; 9", lo, hi, x.NumBlocks())
	}
}

// TestLookupSections: a relocatable object, where each section is an
// address space of its own and blocks of different sections share offsets.
func TestLookupSections(t *testing.T) {
	multi := &sections.BBAddrMap{Version: 5, Features: sections.MultiBBRange, Ranges: []sections.BBRange{
		{BaseAddress: 0, Entries: []sections.BBEntry{{ID: 0, Offset: 0, Size: 8}}},
		{BaseAddress: 0, Entries: []sections.BBEntry{{ID: 3, Offset: 0, Size: 4}, {ID: 4, Offset: 4, Size: 4}}},
	}}
	funcs := []Func{
		{Name: "f", Map: multi, Sections: []int{3, 5}},
		{Name: "g", Map: mapOf(0x10, 0, 6), Sections: []int{3}},
	}
	x := NewIndex(funcs)
	tests := []struct {
		sec   int
		addr  uint64
		found bool
		fn    int
		rng   int
		id    uint32
	}{
		{3, 0, true, 0, 0, 0},
		{3, 7, true, 0, 0, 0},
		{3, 8, false, 0, 0, 0},
		{3, 0x10, true, 1, 0, 10},
		{3, 0x15, true, 1, 0, 10},
		{3, 0x16, false, 0, 0, 0},
		{5, 0, true, 0, 1, 3},
		{5, 4, true, 0, 1, 4},
		{5, 7, true, 0, 1, 4},
		{5, 8, false, 0, 0, 0},
		{4, 0, false, 0, 0, 0},
		{0, 0, false, 0, 0, 0},
	}
	for _, tt := range tests {
		loc, ok := x.LookupSection(tt.sec, tt.addr)
		if ok != tt.found || ok && (loc.Func != tt.fn || loc.Range != tt.rng || loc.ID != tt.id) {
			t.Errorf("LookupSection(%d, %#x) = %+v, %v; want func %d range %d BB %d, %v", tt.sec, tt.addr, loc, ok, tt.fn, tt.rng, tt.id, tt.found)
		}
	}
	if got := x.Sections(); len(got) != 2 || got[0] != 3 || got[1] != 5 {
		t.Errorf("Sections() = %v, want [3 5]", got)
	}
}

// TestLookupOdd: empty blocks, overlaps and blocks at the top of the address
// space, which LLVM does not emit but a hostile file can.
func TestLookupOdd(t *testing.T) {
	funcs := []Func{
		{Map: mapOf(0x100, 0, 0, 0, 0x10)},      // an empty block, then one at the same address
		{Map: mapOf(0x104, 0, 4)},               // inside the block above: wins for 0x104-0x107
		{Map: mapOf(math.MaxUint64-3, 0, 10)},   // runs past the top: ends at MaxUint64
		{Map: mapOf(0x200, 0, 0x20, 0x10, 0x8)}, // a block starting inside the previous one of its function
		{Map: mapOf(0x200, 0, 0x20)},            // a duplicate of the first block above
	}
	x := NewIndex(funcs)
	tests := []struct {
		addr  uint64
		found bool
		fn    int
		id    uint32
	}{
		{0xff, false, 0, 0},
		{0x100, true, 0, 11},
		{0x103, true, 0, 11},
		{0x104, true, 1, 10},
		{0x107, true, 1, 10},
		{0x108, true, 0, 11},
		{0x10f, true, 0, 11},
		{0x110, false, 0, 0},
		{0x200, true, 3, 10},
		{0x210, true, 3, 11}, // 0x210+8 starts inside 0x200+0x20 and is shorter
		{0x217, true, 3, 11},
		{0x218, true, 3, 10},
		{0x21f, true, 3, 10},
		{0x220, false, 0, 0},
		{math.MaxUint64 - 4, false, 0, 0},
		{math.MaxUint64 - 3, true, 2, 10},
		{math.MaxUint64 - 1, true, 2, 10},
		{math.MaxUint64, false, 0, 0}, // End saturates at MaxUint64, which it excludes
	}
	for _, tt := range tests {
		loc, ok := x.Lookup(tt.addr)
		if ok != tt.found || ok && (loc.Func != tt.fn || loc.ID != tt.id) {
			t.Errorf("Lookup(%#x) = %+v, %v; want func %d BB %d, %v", tt.addr, loc, ok, tt.fn, tt.id, tt.found)
		}
	}
	// 0x104 in 0x100, 0x210 and the duplicate 0x200 in 0x200.
	if x.Overlaps() != 3 {
		t.Errorf("Overlaps() = %d, want 3", x.Overlaps())
	}
}

// TestLookupMatchesScan compares Lookup with a linear scan that applies the
// documented rule (latest start, then shortest, then first) on random maps
// with overlaps, in clusters far apart (so that most buckets are empty and
// a few hold many segments).
func TestLookupMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	clusters := []uint64{0, 1000, 1 << 40, math.MaxUint64 - 200}
	for round := 0; round < 300; round++ {
		var funcs []Func
		for f := 0; f < 1+rng.IntN(8); f++ {
			var bl []uint32
			for b := 0; b < 1+rng.IntN(6); b++ {
				bl = append(bl, uint32(rng.IntN(40)), uint32(rng.IntN(12)))
			}
			base := clusters[rng.IntN(1+round%len(clusters))] + uint64(rng.IntN(64))
			funcs = append(funcs, Func{Map: mapOf(base, bl...)})
		}
		x := NewIndex(funcs)
		for _, c := range clusters {
			for addr := c; addr < c+160 && addr >= c; addr++ {
				want := scan(x, addr)
				loc, ok := x.Lookup(addr)
				if (want >= 0) != ok || ok && loc.Block != want {
					t.Fatalf("round %d: Lookup(%#x) = block %d, %v; want %d", round, addr, loc.Block, ok, want)
				}
			}
		}
	}
}

// scan is the reference for Lookup: the winning block holding addr, or -1.
func scan(x *Index, addr uint64) int {
	best := -1
	for i := 0; i < x.NumBlocks(); i++ {
		b := x.Block(i)
		if b.Size == 0 || addr < b.Start || addr >= b.End() {
			continue
		}
		if best < 0 {
			best = i
			continue
		}
		c := x.Block(best)
		if b.Start > c.Start || b.Start == c.Start && b.End() < c.End() {
			best = i
		}
	}
	return best
}

func TestLookupAllocs(t *testing.T) {
	x := NewIndex(x86Funcs())
	var sink uint64
	n := testing.AllocsPerRun(1000, func() {
		loc, _ := x.Lookup(0x2011a7)
		sink += loc.Offset
		loc, _ = x.LookupSection(0, 0x20118a)
		sink += loc.Offset
	})
	if n != 0 {
		t.Errorf("Lookup allocates %v times per call, want 0", n)
	}
	_ = sink
}

// largeIndex builds an index of nfunc functions of 16 blocks each, laid out
// like compiled code: blocks of 2 to 33 bytes, 16-byte aligned functions,
// some alignment gaps. It returns the index and addresses to look up, 7 in
// 8 of them inside blocks.
func largeIndex(nfunc int) (*Index, []uint64) {
	rng := rand.New(rand.NewPCG(3, 4))
	funcs := make([]Func, nfunc)
	addr := uint64(0x401000)
	for i := range funcs {
		var bl []uint32
		off := uint32(0)
		for b := 0; b < 16; b++ {
			size := uint32(2 + rng.IntN(32))
			bl = append(bl, off, size)
			off += size
			if rng.IntN(4) == 0 {
				off = (off + 15) &^ 15
			}
		}
		funcs[i] = Func{Map: mapOf(addr, bl...)}
		addr = (addr + uint64(off) + 15) &^ 15
	}
	x := NewIndex(funcs)
	addrs := make([]uint64, 1<<16)
	for i := range addrs {
		addrs[i] = 0x401000 + rng.Uint64N(addr-0x401000)
	}
	return x, addrs
}

// BenchmarkLookup looks up random addresses in an index of 131,072 blocks
// (8,192 functions) and reports lookups per second.
func BenchmarkLookup(b *testing.B) {
	x, addrs := largeIndex(8192)
	if x.NumBlocks() < 100000 {
		b.Fatalf("only %d blocks", x.NumBlocks())
	}
	b.ReportAllocs()
	found := 0
	i := 0
	for b.Loop() {
		if _, ok := x.Lookup(addrs[i&(len(addrs)-1)]); ok {
			found++
		}
		i++
	}
	if i > len(addrs) && found < i/2 {
		b.Fatalf("only %d of %d addresses found", found, i)
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "lookups/s")
}

func BenchmarkNewIndex(b *testing.B) {
	x, _ := largeIndex(8192)
	funcs := x.Funcs()
	b.ReportAllocs()
	for b.Loop() {
		if NewIndex(funcs).NumBlocks() != x.NumBlocks() {
			b.Fatal("block count differs")
		}
	}
}
