package bcwrite

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// The MemProf records of a per-module summary, as LLVM 22's writer lays
// them out:
//
//   - FS_STACK_IDS, the stack id table: each id as two 32-bit halves, the
//     high one first, with an abbreviation [Array, Fixed(32)] defined
//     before those of the function summaries;
//   - FS_CONTEXT_RADIX_TREE_ARRAY, the contexts of all allocations of the
//     module (the MIBs, in function, allocation and MIB order) as one radix
//     tree of stack id indexes (radixTree);
//   - per function summary, before its FS_PERMODULE_PROFILE record, its
//     FS_PERMODULE_CALLSITE_INFO records [callee value ID, stack id
//     indexes], then for each allocation FS_ALLOC_CONTEXT_IDS (when it
//     has context sizes) and FS_PERMODULE_ALLOC_INFO [MIB count, (alloc
//     type, radix tree index) per MIB, then with sizes (count, sizes) per
//     MIB].
//
// LLVM 22 defines an abbreviation for FS_ALLOC_CONTEXT_IDS only when the
// writing process runs with -memprof-report-hinted-sizes (or a cloning
// threshold under 100%), whatever the module holds; by default, as `opt-22
// --module-summary` writes it, the record is unabbreviated, as here.

// checkMemProf returns what in the MemProf records of a per-module
// summary gs this writer cannot write: those that only a combined index
// holds (versions of cloned functions, unknown callees).
func checkMemProf(gs *ir.GlobalSummary) error {
	unsupported := func(what string) error { return &UnsupportedError{What: what} }
	for _, a := range gs.Allocs {
		if len(a.Versions) > 1 || len(a.Versions) == 1 && a.Versions[0] != ir.AllocNone {
			return unsupported("a per-module MemProf allocation summary with versions")
		}
		if len(a.ContextSizes) > 0 && len(a.ContextSizes) != len(a.MIBs) {
			return unsupported("a MemProf allocation summary with context sizes for some of its contexts")
		}
	}
	for _, c := range gs.Callsites {
		if !c.HasCallee {
			return unsupported("a per-module MemProf callsite summary without a callee")
		}
		if len(c.Clones) > 1 || len(c.Clones) == 1 && c.Clones[0] != 0 {
			return unsupported("a per-module MemProf callsite summary with clones")
		}
	}
	return nil
}

// A memprofWriter holds what the MemProf records of a per-module summary
// share: the stack id table and the positions of the allocation contexts
// in the radix tree.
type memprofWriter struct {
	stackIDTable
	// pos is the radix tree index of each allocation context, in the
	// order the summaries are written; next is the next one's.
	pos  []uint32
	next int
}

// newMemprofWriter makes the stack id table of sum: the one read
// (Summary.StackIDs), each id at its first index, then the ids the
// records name that it lacks, in the order of their first use (values by
// GUID, allocations before callsites, as llvm-dis prints them).
func newMemprofWriter(sum *ir.Summary) *memprofWriter {
	mw := &memprofWriter{}
	mw.start(sum.StackIDs)
	for _, v := range sum.Values {
		for _, gs := range v.Summaries {
			for _, a := range gs.Allocs {
				for _, m := range a.MIBs {
					mw.add(m.StackIDs)
				}
			}
			for _, c := range gs.Callsites {
				mw.add(c.StackIDs)
			}
		}
	}
	return mw
}

// A stackIDTable is the stack id table of MemProf records
// (FS_STACK_IDS): the ids in order, and the index of each in it.
type stackIDTable struct {
	table []uint64
	index map[uint64]uint32
}

// start makes t the table read (Summary.StackIDs), each id at its first
// index (a table read may hold one twice).
func (t *stackIDTable) start(read []uint64) {
	t.index = map[uint64]uint32{}
	for _, id := range read {
		if _, ok := t.index[id]; !ok {
			t.index[id] = uint32(len(t.table))
		}
		t.table = append(t.table, id)
	}
}

// add appends to t the ids of ids it lacks, in order.
func (t *stackIDTable) add(ids []uint64) {
	for _, id := range ids {
		if _, ok := t.index[id]; !ok {
			t.index[id] = uint32(len(t.table))
			t.table = append(t.table, id)
		}
	}
}

// indexes appends to dst the table indexes of ids.
func (mw *memprofWriter) indexes(dst []uint64, ids []uint64) []uint64 {
	for _, id := range ids {
		dst = append(dst, uint64(mw.index[id]))
	}
	return dst
}

// writeTable writes FS_STACK_IDS, if the table is not empty, with its
// abbreviation.
func (mw *memprofWriter) writeTable(b *bitstream.Writer) {
	if len(mw.table) == 0 {
		return
	}
	abbrev := b.DefineAbbrev(bitstream.MakeAbbrev(lit(uint64(llvmir.FS_STACK_IDS)), bitstream.AbbrevOp{Enc: bitstream.Array}, fixed(32)))
	ops := make([]uint64, 0, 2*len(mw.table))
	for _, id := range mw.table {
		ops = append(ops, id>>32, id&0xFFFFFFFF)
	}
	b.WriteAbbrevRecord(abbrev, uint32(llvmir.FS_STACK_IDS), ops, nil)
}

// writeRadixTree writes FS_CONTEXT_RADIX_TREE_ARRAY, with abbreviation
// abbrev, for the allocation contexts of the function summaries fns (in
// the module's function order), if there are any, and keeps their
// positions.
func (mw *memprofWriter) writeRadixTree(b *bitstream.Writer, abbrev uint32, fns []*ir.GlobalSummary) {
	mw.pos = writeContexts(b, abbrev, mw.index, fns)
}

// writeContexts writes FS_CONTEXT_RADIX_TREE_ARRAY, with abbreviation
// abbrev, for the allocation contexts (MIBs) of the function summaries
// fns in their order, each stack id given its index in the stack id table
// (index), if there are any, and returns their positions in the tree.
// A per-module summary and a combined index write it alike.
func writeContexts(b *bitstream.Writer, abbrev uint32, index map[uint64]uint32, fns []*ir.GlobalSummary) []uint32 {
	var stacks [][]uint32
	for _, gs := range fns {
		if gs.Kind != ir.SummaryFunction {
			continue
		}
		for _, a := range gs.Allocs {
			for _, m := range a.MIBs {
				st := make([]uint32, len(m.StackIDs))
				for i, id := range m.StackIDs {
					st[i] = index[id]
				}
				stacks = append(stacks, st)
			}
		}
	}
	if len(stacks) == 0 {
		return nil
	}
	arr, pos := radixTree(stacks)
	ops := make([]uint64, len(arr))
	for i, v := range arr {
		ops[i] = uint64(v)
	}
	b.WriteAbbrevRecord(abbrev, uint32(llvmir.FS_CONTEXT_RADIX_TREE_ARRAY), ops, nil)
	return pos
}

// writeRecords writes the callsite and allocation records of the function
// summary gs (writeFunctionHeapProfileRecords), naming callees by
// s.id, with the abbreviations given.
func (mw *memprofWriter) writeRecords(s *summaryWriter, gs *ir.GlobalSummary, callsiteAbbrev, allocAbbrev uint32) error {
	b := s.w.bs
	var ops []uint64
	for _, c := range gs.Callsites {
		id, err := s.id(c.Callee)
		if err != nil {
			return err
		}
		ops = mw.indexes(append(ops[:0], id), c.StackIDs)
		b.WriteAbbrevRecord(callsiteAbbrev, uint32(llvmir.FS_PERMODULE_CALLSITE_INFO), ops, nil)
	}
	for _, a := range gs.Allocs {
		ops = append(ops[:0], uint64(len(a.MIBs)))
		for _, m := range a.MIBs {
			if mw.next >= len(mw.pos) {
				return fmt.Errorf("bcwrite: MemProf context %d of %d in the radix tree", mw.next, len(mw.pos))
			}
			ops = append(ops, uint64(m.AllocType), uint64(mw.pos[mw.next]))
			mw.next++
		}
		if len(a.ContextSizes) > 0 {
			var ctx []uint64
			for _, sizes := range a.ContextSizes {
				if len(sizes) == 0 {
					// A context without sizes among others with
					// them: LLVM's summary holds a zero id and size,
					// which the reader leaves out.
					sizes = []ir.ContextTotalSize{{}}
				}
				ops = append(ops, uint64(len(sizes)))
				for _, cs := range sizes {
					ctx = append(ctx, cs.FullStackID>>32, cs.FullStackID&0xFFFFFFFF)
					ops = append(ops, cs.TotalSize)
				}
			}
			b.WriteRecord(uint32(llvmir.FS_ALLOC_CONTEXT_IDS), ctx)
		}
		b.WriteAbbrevRecord(allocAbbrev, uint32(llvmir.FS_PERMODULE_ALLOC_INFO), ops, nil)
	}
	return nil
}

// radixTree lays out call stacks of stack id indexes (each the
// allocation's caller first, as MIBInfo.StackIDs) as one array, as
// LLVM's CallStackRadixTreeBuilder does, and returns it with the index of
// each stack in it. At a stack's index is its length, then its frames,
// the caller of the allocation first; a frame that is a negative 32-bit
// value d says that the rest of the stack, shared with another, is at d
// entries further on.
//
// The stacks are sorted root first, frames compared by how many stacks
// hold them (fewer first) then by index, and encoded from the last: each
// stack after the first written as a jump to the part it shares with the
// one written before it, then the rest. The array is then reversed.
func radixTree(stacks [][]uint32) (arr, pos []uint32) {
	count := map[uint32]uint64{}
	for _, st := range stacks {
		for _, f := range st {
			count[f]++
		}
	}
	frameLess := func(a, b uint32) bool {
		if ca, cb := count[a], count[b]; ca != cb {
			return ca < cb
		}
		return a < b
	}
	stackLess := func(x, y int) bool {
		l, r := stacks[x], stacks[y]
		for i := 0; i < len(l) && i < len(r); i++ {
			a, b := l[len(l)-1-i], r[len(r)-1-i]
			if a != b {
				return frameLess(a, b)
			}
		}
		return len(l) < len(r)
	}
	order := make([]int, len(stacks))
	for i := range order {
		order[i] = i
	}
	introsort(order, stackLess)

	pos = make([]uint32, len(stacks))
	var where []uint32 // the array index of each frame of prev, root first
	var prev []uint32
	for k := len(order) - 1; k >= 0; k-- {
		st := stacks[order[k]]
		common := 0
		if k < len(order)-1 {
			for common < len(prev) && common < len(st) && prev[len(prev)-1-common] == st[len(st)-1-common] {
				common++
			}
		}
		where = where[:common]
		if common > 0 {
			arr = append(arr, where[common-1]-uint32(len(arr)))
		}
		for i := len(st) - 1 - common; i >= 0; i-- {
			where = append(where, uint32(len(arr)))
			arr = append(arr, st[i])
		}
		arr = append(arr, uint32(len(st)))
		pos[order[k]] = uint32(len(arr) - 1)
		prev = st
	}
	slices.Reverse(arr)
	for i := range pos {
		pos[i] = uint32(len(arr)-1) - pos[i]
	}
	return arr, pos
}

// introsortThreshold is the length under which introsort leaves a range
// to the final insertion sort.
const introsortThreshold = 16

// introsort sorts a by less exactly as the C++ standard library LLVM is
// built with (libstdc++'s std::sort) does: elements that are neither less
// than the other end in the same places as there. Median-of-three
// quicksort down to ranges of introsortThreshold, heapsort below a depth
// of twice the log of the length, then one insertion sort.
func introsort(a []int, less func(x, y int) bool) {
	if len(a) == 0 {
		return
	}
	introsortLoop(a, 2*(bits.Len(uint(len(a)))-1), less)
	if len(a) > introsortThreshold {
		insertionSort(a[:introsortThreshold], less)
		for i := introsortThreshold; i < len(a); i++ {
			linearInsert(a, i, less)
		}
	} else {
		insertionSort(a, less)
	}
}

// introsortLoop partitions a, sorting the second part of each partition
// before the first, until the ranges are short enough, with heapsort once
// depth partitions deep.
func introsortLoop(a []int, depth int, less func(x, y int) bool) {
	for len(a) > introsortThreshold {
		if depth == 0 {
			heapSort(a, less)
			return
		}
		depth--
		cut := partitionPivot(a, less)
		introsortLoop(a[cut:], depth, less)
		a = a[:cut]
	}
}

// partitionPivot moves the median of a[1], the middle and the last
// element to a[0] and partitions the rest about it, returning where the
// second part starts.
func partitionPivot(a []int, less func(x, y int) bool) int {
	x, y, z := 1, len(a)/2, len(a)-1
	m := y
	switch {
	case less(a[x], a[y]):
		switch {
		case less(a[y], a[z]):
			m = y
		case less(a[x], a[z]):
			m = z
		default:
			m = x
		}
	case less(a[x], a[z]):
		m = x
	case less(a[y], a[z]):
		m = z
	}
	a[0], a[m] = a[m], a[0]
	lo, hi := 1, len(a)
	for {
		for lo < len(a) && less(a[lo], a[0]) {
			lo++
		}
		hi--
		for hi > 0 && less(a[0], a[hi]) {
			hi--
		}
		if lo >= hi {
			return lo
		}
		a[lo], a[hi] = a[hi], a[lo]
		lo++
	}
}

// insertionSort sorts a, each element moved to the front when less than
// the first, else shifted down past the greater ones before it.
func insertionSort(a []int, less func(x, y int) bool) {
	for i := 1; i < len(a); i++ {
		if v := a[i]; less(v, a[0]) {
			copy(a[1:i+1], a[:i])
			a[0] = v
		} else {
			linearInsert(a, i, less)
		}
	}
}

// linearInsert shifts a[i] down past the elements before it that are
// greater.
func linearInsert(a []int, i int, less func(x, y int) bool) {
	v := a[i]
	j := i - 1
	for j >= 0 && less(v, a[j]) {
		a[j+1] = a[j]
		j--
	}
	a[j+1] = v
}

// heapSort sorts a with a max-heap: built from the last parent down, then
// its top swapped to the end one at a time.
func heapSort(a []int, less func(x, y int) bool) {
	n := len(a)
	if n < 2 {
		return
	}
	for parent := (n - 2) / 2; parent >= 0; parent-- {
		adjustHeap(a, parent, n, a[parent], less)
	}
	for last := n - 1; last > 0; last-- {
		v := a[last]
		a[last] = a[0]
		adjustHeap(a, 0, last, v, less)
	}
}

// adjustHeap fills the hole at hole of the heap a[:n] by moving the
// greater child up down to a leaf, then puts v there and sifts it up.
func adjustHeap(a []int, hole, n, v int, less func(x, y int) bool) {
	top, child := hole, hole
	for child < (n-1)/2 {
		child = 2 * (child + 1)
		if less(a[child], a[child-1]) {
			child--
		}
		a[hole] = a[child]
		hole = child
	}
	if n&1 == 0 && child == (n-2)/2 {
		child = 2 * (child + 1)
		a[hole] = a[child-1]
		hole = child - 1
	}
	parent := (hole - 1) / 2
	for hole > top && less(a[parent], v) {
		a[hole] = a[parent]
		hole = parent
		parent = (hole - 1) / 2
	}
	a[hole] = v
}
