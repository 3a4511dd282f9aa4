package bcwrite

import (
	"errors"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// neg is the 32-bit value of a negative radix tree entry.
func neg(d int32) uint32 { return uint32(d) }

// TestRadixTree checks radixTree against arrays LLVM 22 wrote and arrays
// worked out by hand.
func TestRadixTree(t *testing.T) {
	tests := []struct {
		name   string
		stacks [][]uint32
		arr    []uint32
		pos    []uint32
	}{
		{
			// testdata/ir/summary/summary-memprof.bc, as
			// llvm-bcanalyzer-22 -dump shows its
			// CONTEXT_RADIX_TREE_ARRAY and PERMODULE_ALLOC_INFO.
			name:   "summary-memprof",
			stacks: [][]uint32{{0, 1, 2}, {0, 1, 3}, {4, 5, 2}, {4, 5, 3}, {6}, {7}},
			arr:    []uint32{1, 6, 1, 7, 3, 0, 1, neg(-4), 3, 4, 5, 2, 3, 0, 1, neg(-4), 3, 4, 5, 3},
			pos:    []uint32{4, 12, 8, 16, 0, 2},
		},
		{
			// Frame 0 is in two stacks, so the stacks under it come
			// last and are encoded first: [0 2], then [0 1] as a jump
			// to its 0, then [3].
			name:   "shared root",
			stacks: [][]uint32{{1, 0}, {2, 0}, {3}},
			arr:    []uint32{1, 3, 2, 1, neg(-3), 2, 2, 0},
			pos:    []uint32{2, 5, 0},
		},
		{
			// The same stack twice: the first in order is a jump to
			// the whole of the second.
			name:   "duplicate",
			stacks: [][]uint32{{5}, {5}},
			arr:    []uint32{1, neg(-2), 1, 5},
			pos:    []uint32{0, 2},
		},
		{
			// A stack is less than a longer one it is a root part of,
			// and encoded after it.
			name:   "prefix",
			stacks: [][]uint32{{0}, {1, 0}},
			arr:    []uint32{1, neg(-3), 2, 1, 0},
			pos:    []uint32{0, 2},
		},
		{
			name:   "empty stack",
			stacks: [][]uint32{{}},
			arr:    []uint32{0},
			pos:    []uint32{0},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			arr, pos := radixTree(tt.stacks)
			if !slices.Equal(arr, tt.arr) || !slices.Equal(pos, tt.pos) {
				t.Errorf("radixTree(%v) = %v, %v; want %v, %v", tt.stacks, arr, pos, tt.arr, tt.pos)
			}
			for i, st := range tt.stacks {
				if got := decodeRadix(arr, pos[i]); !slices.Equal(got, st) {
					t.Errorf("stack %d decodes as %v, want %v", i, got, st)
				}
			}
		})
	}
}

// TestRadixTreeRandom checks that every stack of random sets, with
// frames, whole stacks and root parts shared, decodes from the array as
// it was given.
func TestRadixTreeRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for range 200 {
		stacks := make([][]uint32, 1+rng.Intn(60))
		for i := range stacks {
			if i > 0 && rng.Intn(4) == 0 {
				// A copy or a root part of another.
				o := stacks[rng.Intn(i)]
				stacks[i] = slices.Clone(o[rng.Intn(len(o)+1):])
				continue
			}
			st := make([]uint32, rng.Intn(6))
			for j := range st {
				st[j] = uint32(rng.Intn(8))
			}
			stacks[i] = st
		}
		arr, pos := radixTree(stacks)
		for i, st := range stacks {
			if got := decodeRadix(arr, pos[i]); !slices.Equal(got, st) {
				t.Fatalf("stacks %v: stack %d decodes as %v from %v", stacks, i, got, arr)
			}
		}
	}
}

// decodeRadix reads the stack at index i of a radix tree array.
func decodeRadix(arr []uint32, i uint32) []uint32 {
	n := arr[i]
	i++
	st := []uint32{}
	for range n {
		if int32(arr[i]) < 0 {
			i -= arr[i]
		}
		st = append(st, arr[i])
		i++
	}
	return st
}

// TestIntrosort checks that elements neither less than the other end
// where libstdc++'s std::sort (with std::partial_sort over the whole
// range, its heapsort) puts them: 40 ids keyed (id*7+3)%5, as a g++
// program printed them.
func TestIntrosort(t *testing.T) {
	key := func(i int) int { return (i*7 + 3) % 5 }
	less := func(a, b int) bool { return key(a) < key(b) }
	tests := []struct {
		name string
		sort func([]int, func(x, y int) bool)
		want []int
	}{
		{"std::sort", introsort, []int{1, 36, 31, 6, 26, 21, 11, 16, 39, 34, 29, 24, 19, 14, 9, 4, 37, 12, 17, 2,
			32, 22, 7, 27, 0, 35, 30, 5, 25, 20, 10, 15, 28, 8, 23, 33, 3, 18, 38, 13}},
		{"std::partial_sort", heapSort, []int{26, 6, 21, 16, 11, 36, 1, 31, 39, 34, 9, 4, 24, 19, 29, 14, 32, 7, 17, 37,
			22, 12, 2, 27, 15, 35, 20, 10, 5, 25, 0, 30, 33, 3, 8, 18, 38, 23, 13, 28}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := make([]int, 40)
			for i := range a {
				a[i] = i
			}
			tt.sort(a, less)
			if !slices.Equal(a, tt.want) {
				t.Errorf("got %v\nwant %v", a, tt.want)
			}
		})
	}
	// Whatever the length, the result is sorted.
	rng := rand.New(rand.NewSource(1))
	for _, n := range []int{0, 1, 2, 15, 16, 17, 33, 100, 1000} {
		for _, sort := range []func([]int, func(x, y int) bool){introsort, heapSort} {
			a := make([]int, n)
			for i := range a {
				a[i] = rng.Intn(n/3 + 1)
			}
			sort(a, func(x, y int) bool { return x < y })
			if !slices.IsSorted(a) {
				t.Errorf("n=%d: not sorted: %v", n, a)
			}
		}
	}
}

// TestWriteMemProf writes the fixtures with MemProf records and reads
// them back: the summary must print the same, and the stack id table of
// summary-memprof.bc must be read in its order.
func TestWriteMemProf(t *testing.T) {
	// The FS_STACK_IDS of summary-memprof.bc, as llvm-bcanalyzer-22
	// -dump shows it (high halves first).
	halves := []uint64{1389338352, 1733924184, 1906405016, 497243709, 1403807710, 774104696,
		1767274409, 732141974, 3548433865, 1950363755, 820048447, 113221180, 522547180,
		2173378205, 1387502607, 445685939}
	var table []uint64
	for i := 0; i < len(halves); i += 2 {
		table = append(table, halves[i]<<32|halves[i+1])
	}
	tests := []struct {
		file  string
		table []uint64
	}{
		{"summary-memprof.bc", table},
		{"summary-memprof-llvm19.bc", nil},
		{"summary-memprof-llvm16.bc", nil},
		{"summary-hand.bc", nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data := readFile(t, "../../testdata/ir/summary/"+tt.file)
			want, m, r, ok := text(t, data)
			if !ok || m.Summary == nil {
				t.Fatalf("%s does not read", tt.file)
			}
			if tt.table != nil && !slices.Equal(m.Summary.StackIDs, tt.table) {
				t.Errorf("stack ids read %v, want %v", m.Summary.StackIDs, tt.table)
			}
			if !hasMemProf(m.Summary) || !strings.Contains(want, "allocs: (") {
				t.Fatalf("%s has no MemProf records", tt.file)
			}
			out, err := Write(m, Options{ModuleID: "m", Loader: r})
			if err != nil {
				t.Fatalf("Write: %v", err)
			}
			got, m2, _, ok := text(t, out)
			if !ok {
				t.Fatal("the module written does not read")
			}
			if got != want {
				t.Errorf("the module written prints otherwise:\n%s\nwant:\n%s", summaryLines(got), summaryLines(want))
			}
			if !slices.Equal(m2.Summary.StackIDs, newMemprofWriter(m.Summary).table) {
				t.Errorf("stack ids written %v, want %v", m2.Summary.StackIDs, m.Summary.StackIDs)
			}
		})
	}
}

// TestWriteMemProfRefused checks what a per-module summary cannot hold.
func TestWriteMemProfRefused(t *testing.T) {
	tests := []struct {
		name string
		gs   ir.GlobalSummary
		want string
	}{
		{"versions", ir.GlobalSummary{Allocs: []ir.AllocInfo{{Versions: []uint8{ir.AllocCold}}}}, "versions"},
		{"sizes", ir.GlobalSummary{Allocs: []ir.AllocInfo{{Versions: []uint8{0}, MIBs: make([]ir.MIBInfo, 2),
			ContextSizes: [][]ir.ContextTotalSize{{{FullStackID: 1, TotalSize: 2}}}}}}, "context sizes"},
		{"no callee", ir.GlobalSummary{Callsites: []ir.CallsiteInfo{{Clones: []uint32{0}}}}, "without a callee"},
		{"clones", ir.GlobalSummary{Callsites: []ir.CallsiteInfo{{HasCallee: true, Clones: []uint32{0, 1}}}}, "clones"},
		{"per-module", ir.GlobalSummary{
			Allocs:    []ir.AllocInfo{{Versions: []uint8{0}, MIBs: []ir.MIBInfo{{AllocType: ir.AllocCold, StackIDs: []uint64{1}}}}},
			Callsites: []ir.CallsiteInfo{{HasCallee: true, Clones: []uint32{0}, StackIDs: []uint64{1}}}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkMemProf(&tt.gs)
			var ue *UnsupportedError
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("checkMemProf: %v, want nil", err)
			case tt.want != "" && (!errors.As(err, &ue) || !strings.Contains(ue.What, tt.want)):
				t.Errorf("checkMemProf: %v, want an UnsupportedError on %q", err, tt.want)
			}
		})
	}
}

// TestStackTable checks the stack id table of a summary: the one read,
// then the ids it lacks in the order of their first use.
func TestStackTable(t *testing.T) {
	gs := &ir.GlobalSummary{
		Allocs:    []ir.AllocInfo{{MIBs: []ir.MIBInfo{{StackIDs: []uint64{30, 10}}}}},
		Callsites: []ir.CallsiteInfo{{StackIDs: []uint64{20, 30}}},
	}
	tests := []struct {
		name string
		read []uint64
		want []uint64
	}{
		{"none read", nil, []uint64{30, 10, 20}},
		{"as read", []uint64{20, 10, 30}, []uint64{20, 10, 30}},
		{"some read", []uint64{10}, []uint64{10, 30, 20}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sum := &ir.Summary{StackIDs: tt.read, Values: []*ir.SummaryValue{{GUID: 1, Summaries: []*ir.GlobalSummary{gs}}}}
			if got := newMemprofWriter(sum).table; !slices.Equal(got, tt.want) {
				t.Errorf("table %v, want %v", got, tt.want)
			}
		})
	}
}

// hasMemProf reports whether a summary has MemProf records.
func hasMemProf(s *ir.Summary) bool {
	for _, v := range s.Values {
		for _, gs := range v.Summaries {
			if len(gs.Allocs) > 0 || len(gs.Callsites) > 0 {
				return true
			}
		}
	}
	return false
}

// summaryLines returns the summary lines ("^N = ...") of a module's text.
func summaryLines(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "^") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}
