// Package bbmap answers questions about code addresses from LLVM's basic
// block address maps (SHT_LLVM_BB_ADDR_MAP, decoded by package sections):
// which function, address range and basic block holds an address, and how
// many profile samples fall into each block and function.
//
// [NewIndex] builds an [Index] once from the functions of the decoded maps
// (each a [Func]: a sections.BBAddrMap and its symbol name), and the Index
// answers each lookup ([Index.Lookup], [Index.LookupSection]) with a binary
// search over a sorted table, without allocating. [Index.Aggregate] sums a
// sample file ("ADDR COUNT" lines, see [ReadSamples]) per block and function
// into a [Profile]. The package never opens files and never prints: samples
// are read from an io.Reader, and a malformed line gives a *[SampleError]
// with its 1-based line number and its byte offset in the input.
//
// The maps of an ELF file held in memory (a container/elf.File) are decoded
// with [LoadELFSection], one section at a time, their ranges placed by the
// section's relocations in a relocatable object, and their functions named
// with [FuncSymbols], as llvm-readobj-22 names them; [OpenELFSection]
// prepares a section for sections.BBAddrMapReader instead. Package
// bbmap/objdump prints the maps as `bcextract bbmap` does.
package bbmap

import (
	"cmp"
	"math"
	"slices"

	"github.com/bcextract/bcextract/sections"
)

// A Func is one function of a BB address map, as handed to NewIndex.
type Func struct {
	Name string // symbol name, "" when unknown
	Map  *sections.BBAddrMap
	// Sections gives, for each range of Map, the address space its
	// addresses belong to. In a relocatable object, where a range's address
	// is an offset into the section holding its code, that is the section's
	// index; in a linked file every address is in one space, 0. A nil or
	// short slice means 0 for the ranges it does not cover.
	Sections []int
}

// Section returns the address space of range r of f.
func (f *Func) Section(r int) int {
	if r < len(f.Sections) {
		return f.Sections[r]
	}
	return 0
}

// A Block is one basic block of an Index. Blocks are numbered in the order
// of their functions, ranges and entries.
type Block struct {
	Func    int32  // index of the function in the slice given to NewIndex
	Range   int32  // index of the range in the function's map
	Entry   int32  // index of the entry in the range
	ID      uint32 // the block's ID in the map
	Section int    // address space (see Func.Sections)
	Start   uint64 // address: range base plus the entry's offset
	Size    uint32
}

// End returns the address just past the block, or math.MaxUint64 if that
// does not fit in 64 bits.
func (b *Block) End() uint64 {
	e := b.Start + uint64(b.Size)
	if e < b.Start {
		return math.MaxUint64
	}
	return e
}

// A Location is where an address lies: the block that holds it and the
// offset from the block's start.
type Location struct {
	Block  int    // index of the block in the Index (see Index.Block)
	Func   int    // index of the function in the slice given to NewIndex
	Range  int    // range of the function's map
	Entry  int    // entry of the range
	ID     uint32 // the block's ID in the map
	Start  uint64 // the block's address
	Offset uint64 // the address minus Start
}

// An Index maps addresses to basic blocks. It is immutable once built and
// safe for concurrent lookups.
type Index struct {
	funcs     []Func
	blocks    []Block
	funcFirst []int // blocks of function i are funcFirst[i]:funcFirst[i+1]

	// The lookup table: each address space is cut into segments, each
	// covered by one block or by none (-1). Segments are sorted by space,
	// then start; spaces holds each space's run of them.
	segStart []uint64
	segBlock []int32
	spaces   []space
	// buckets cut each space into equal stretches of 1<<space.shift
	// addresses from its first segment on; buckets[space.bucket+i] is the
	// last segment starting at or below the start of stretch i, so that a
	// lookup searches only the few segments of one stretch.
	buckets  []uint32
	overlaps int
}

type space struct {
	section int
	lo, hi  int    // segStart[lo:hi]
	base    uint64 // segStart[lo]
	shift   uint8
	bucket  int // its first bucket
	nbucket int
}

// NewIndex indexes every block of every range of funcs, which it keeps
// (without copying the maps). Blocks of size 0 hold no address. Where
// blocks overlap, which LLVM never emits, an address belongs to the block
// that starts last, the shortest one if several start there, the first in
// function order if several of those are alike; Overlaps counts such
// blocks.
func NewIndex(funcs []Func) *Index {
	x := &Index{funcs: funcs, funcFirst: make([]int, 0, len(funcs)+1)}
	n := 0
	for i := range funcs {
		for _, r := range funcs[i].Map.Ranges {
			n += len(r.Entries)
		}
	}
	x.blocks = make([]Block, 0, n)
	for fi := range funcs {
		f := &funcs[fi]
		x.funcFirst = append(x.funcFirst, len(x.blocks))
		for ri, r := range f.Map.Ranges {
			sec := f.Section(ri)
			for ei, e := range r.Entries {
				x.blocks = append(x.blocks, Block{
					Func: int32(fi), Range: int32(ri), Entry: int32(ei), ID: e.ID,
					Section: sec, Start: r.BaseAddress + uint64(e.Offset), Size: e.Size,
				})
			}
		}
	}
	x.funcFirst = append(x.funcFirst, len(x.blocks))
	x.buildSegments()
	return x
}

// buildSegments sweeps the blocks of each address space in address order
// and records, for each stretch of addresses, the block holding it.
func (x *Index) buildSegments() {
	order := make([]int32, 0, len(x.blocks))
	for i := range x.blocks {
		if x.blocks[i].Size > 0 {
			order = append(order, int32(i))
		}
	}
	slices.SortFunc(order, func(i, j int32) int {
		a, b := &x.blocks[i], &x.blocks[j]
		if c := cmp.Compare(a.Section, b.Section); c != 0 {
			return c
		}
		return cmp.Compare(a.Start, b.Start)
	})
	x.segStart = make([]uint64, 0, 2*len(order))
	x.segBlock = make([]int32, 0, 2*len(order))
	for lo := 0; lo < len(order); {
		sec := x.blocks[order[lo]].Section
		hi := lo
		for hi < len(order) && x.blocks[order[hi]].Section == sec {
			hi++
		}
		segLo := len(x.segStart)
		x.sweep(order[lo:hi])
		x.spaces = append(x.spaces, x.bucketize(space{section: sec, lo: segLo, hi: len(x.segStart)}))
		lo = hi
	}
}

// bucketize fills in the buckets of space sp, about one per segment.
func (x *Index) bucketize(sp space) space {
	sp.base = x.segStart[sp.lo]
	span := x.segStart[sp.hi-1] - sp.base
	n := uint64(sp.hi - sp.lo)
	for span>>sp.shift >= n {
		sp.shift++
	}
	sp.bucket = len(x.buckets)
	sp.nbucket = int(span>>sp.shift) + 1
	j := sp.lo
	for i := 0; i < sp.nbucket; i++ {
		at := sp.base + uint64(i)<<sp.shift
		for j+1 < sp.hi && x.segStart[j+1] <= at {
			j++
		}
		x.buckets = append(x.buckets, uint32(j))
	}
	return sp
}

// sweep adds the segments of one address space; blocks is sorted by start.
// The covering block can change only where a block starts or where the
// block on top of the heap ends, so those are the points visited, in
// increasing order.
func (x *Index) sweep(blocks []int32) {
	h := &activeHeap{x: x}
	last := int32(-2) // block of the last segment added (-1 is a gap)
	var maxEnd uint64
	next := 0
	for next < len(blocks) || h.Len() > 0 {
		var at uint64
		switch {
		case h.Len() == 0:
			at = x.blocks[blocks[next]].Start
		case next < len(blocks):
			at = min(x.blocks[blocks[next]].Start, x.blocks[h.ids[0]].End())
		default:
			at = x.blocks[h.ids[0]].End()
		}
		for ; next < len(blocks) && x.blocks[blocks[next]].Start == at; next++ {
			b := &x.blocks[blocks[next]]
			if b.Start < maxEnd {
				x.overlaps++
			}
			maxEnd = max(maxEnd, b.End())
			h.push(blocks[next])
		}
		for h.Len() > 0 && x.blocks[h.ids[0]].End() <= at {
			h.pop()
		}
		cover := int32(-1)
		if h.Len() > 0 {
			cover = h.ids[0]
		}
		if cover != last {
			x.segStart = append(x.segStart, at)
			x.segBlock = append(x.segBlock, cover)
			last = cover
		}
	}
}

// activeHeap holds the blocks covering the current point, the one that
// wins (latest start, then shortest, then first) at ids[0].
type activeHeap struct {
	x   *Index
	ids []int32
}

func (h *activeHeap) Len() int { return len(h.ids) }

// above reports whether block a wins over block b.
func (h *activeHeap) above(a, b int32) bool {
	p, q := &h.x.blocks[a], &h.x.blocks[b]
	if p.Start != q.Start {
		return p.Start > q.Start
	}
	if pe, qe := p.End(), q.End(); pe != qe {
		return pe < qe
	}
	return a < b
}

func (h *activeHeap) push(id int32) {
	h.ids = append(h.ids, id)
	for i := len(h.ids) - 1; i > 0; {
		parent := (i - 1) / 2
		if !h.above(h.ids[i], h.ids[parent]) {
			break
		}
		h.ids[i], h.ids[parent] = h.ids[parent], h.ids[i]
		i = parent
	}
}

func (h *activeHeap) pop() {
	n := len(h.ids) - 1
	h.ids[0] = h.ids[n]
	h.ids = h.ids[:n]
	for i := 0; ; {
		l, best := 2*i+1, i
		if l < n && h.above(h.ids[l], h.ids[best]) {
			best = l
		}
		if r := l + 1; r < n && h.above(h.ids[r], h.ids[best]) {
			best = r
		}
		if best == i {
			return
		}
		h.ids[i], h.ids[best] = h.ids[best], h.ids[i]
		i = best
	}
}

// Funcs returns the functions the index was built from.
func (x *Index) Funcs() []Func { return x.funcs }

// NumBlocks returns the number of blocks.
func (x *Index) NumBlocks() int { return len(x.blocks) }

// Block returns block i, 0 <= i < NumBlocks().
func (x *Index) Block(i int) Block { return x.blocks[i] }

// FuncBlocks returns the blocks of function fn as the range [lo, hi) of
// block indexes, in the order of the function's ranges and entries.
func (x *Index) FuncBlocks(fn int) (lo, hi int) { return x.funcFirst[fn], x.funcFirst[fn+1] }

// Sections returns the address spaces that hold blocks of non-zero size,
// in increasing order: {0} for a linked file, section indexes for a
// relocatable object.
func (x *Index) Sections() []int {
	out := make([]int, len(x.spaces))
	for i, s := range x.spaces {
		out[i] = s.section
	}
	return out
}

// Overlaps returns the number of blocks that start inside an earlier block
// of the same address space.
func (x *Index) Overlaps() int { return x.overlaps }

// Lookup finds the block holding addr in a linked file (address space 0).
func (x *Index) Lookup(addr uint64) (Location, bool) { return x.LookupSection(0, addr) }

// LookupSection finds the block holding addr in address space section (in
// a relocatable object, the offset addr of that section). It reports false
// for an address outside every block: in a gap between blocks, before the
// first or after the last.
func (x *Index) LookupSection(section int, addr uint64) (Location, bool) {
	// Spaces are few in a linked file (one) and sorted in any case.
	i, j := 0, len(x.spaces)
	for i < j {
		mid := int(uint(i+j) >> 1)
		if x.spaces[mid].section < section {
			i = mid + 1
		} else {
			j = mid
		}
	}
	if i == len(x.spaces) || x.spaces[i].section != section {
		return Location{}, false
	}
	sp := &x.spaces[i]
	if addr < sp.base {
		return Location{}, false
	}
	// The last segment starting at or below addr lies between the
	// segments found for the start of addr's stretch and of the next one.
	d := (addr - sp.base) >> sp.shift
	lo, hi := 0, sp.hi
	if d < uint64(sp.nbucket) {
		lo = int(x.buckets[sp.bucket+int(d)])
		if int(d)+1 < sp.nbucket {
			hi = int(x.buckets[sp.bucket+int(d)+1]) + 1
		}
	} else {
		lo = sp.hi - 1
	}
	lo++ // segStart[lo-1] <= addr is known
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if x.segStart[mid] <= addr {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	bi := x.segBlock[lo-1]
	if bi < 0 {
		return Location{}, false
	}
	b := &x.blocks[bi]
	return Location{
		Block: int(bi), Func: int(b.Func), Range: int(b.Range), Entry: int(b.Entry),
		ID: b.ID, Start: b.Start, Offset: addr - b.Start,
	}, true
}
