package bcwrite

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// TestBlockUseOrder checks the orders blockUseOrder makes of a block's
// order as read, given where LLVM's reader makes the block's
// blockaddress's use and where its writer expects it, against those
// opt-22 wrote for modules assembled by llvm-as-22 (uselistorder_bb).
func TestBlockUseOrder(t *testing.T) {
	tests := []struct {
		name             string
		n                int // uses in the function's body
		made, numbered   int
		shuffle, written []uint64
	}{
		// Made and numbered before the body (a global's initializer,
		// an earlier body): kept.
		{"initializer", 3, 3, 3, []uint64{1, 3, 0, 2}, []uint64{1, 3, 0, 2}},
		// Made and numbered by a later body: dropped on reading (three
		// uses then), none written.
		{"later body", 3, baLate, 0, []uint64{1, 2, 3, 0}, nil},
		// An order of the body's uses only, then the blockaddress's use
		// at the head.
		{"later body, order of the body", 3, baLate, 0, []uint64{2, 0, 1}, []uint64{0, 3, 1, 2}},
		// Made with module metadata, numbered by a later body.
		{"metadata, later body", 3, 3, 0, []uint64{0, 1, 3, 2}, []uint64{2, 0, 1, 3}},
		{"metadata, later body, sorted", 3, 3, 0, []uint64{1, 2, 3, 0}, nil},
		{"metadata, later body, none read", 3, 3, 0, nil, []uint64{3, 0, 1, 2}},
		// Made with module metadata, numbered by the body itself at its
		// second instruction (one use of the block after it).
		{"metadata, own body", 3, 3, 2, []uint64{3, 1, 0, 2}, []uint64{3, 1, 2, 0}},
		// Made with module metadata only: not numbered; the read order,
		// of all four uses, is dropped.
		{"named metadata", 3, 3, baNone, []uint64{1, 2, 0}, nil},
		// The body's own, at an instruction: kept.
		{"own body", 3, 1, 1, []uint64{0, 2, 3, 1}, []uint64{0, 2, 3, 1}},
		{"own body, wrong length", 3, 1, 1, []uint64{0, 2, 1}, nil},
	}
	for _, tt := range tests {
		got := blockUseOrder(tt.n, tt.made, tt.numbered, tt.shuffle)
		if !slices.Equal(got, tt.written) {
			t.Errorf("%s: blockUseOrder(%d, %d, %d, %v) = %v, want %v", tt.name, tt.n, tt.made, tt.numbered, tt.shuffle, got, tt.written)
		}
	}
}

// TestBlockAddrFixtures writes the fixtures of blocks whose blockaddress
// other bodies or module metadata use, reads back what was written, and
// checks each block's use-list order against opt-22's (none for a block
// not listed).
func TestBlockAddrFixtures(t *testing.T) {
	tests := []struct {
		file   string
		orders map[string][]uint64 // by "@function %block"
	}{
		{"blockaddr-uses", map[string][]uint64{"@f1 %b1": {1, 2, 0}}},
		{"blockaddr-local", map[string][]uint64{
			"@f0 %b1": {4, 5, 2, 1, 6, 3, 0, 7},
			"@f1 %b2": {1, 0, 3, 4, 2},
		}},
		{"blockaddr-made", map[string][]uint64{
			"@f0 %b1": {1, 3, 0, 2},
			"@f0 %b2": {1, 2, 0, 3},
		}},
	}
	for _, tt := range tests {
		m, r := openModule(t, readFile(t, "../../testdata/ir/bodies/"+tt.file+".bc"))
		out, err := Write(m, Options{Loader: r, ModuleID: tt.file + ".bc"})
		if err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		m2, r2 := openModule(t, out)
		got := map[string][]uint64{}
		for _, f := range m2.Functions {
			if !f.HasBody {
				continue
			}
			if err := r2.LoadBody(f); err != nil {
				t.Fatalf("%s: @%s: %v", tt.file, f.Name, err)
			}
			for _, o := range f.UseListOrders {
				if b, ok := o.Value.(*ir.Block); ok {
					got[fmt.Sprintf("@%s %%%s", f.Name, b.Name)] = o.Shuffle
				}
			}
		}
		for k, want := range tt.orders {
			if !slices.Equal(got[k], want) {
				t.Errorf("%s: %s: written %v, opt-22 writes %v", tt.file, k, got[k], want)
			}
		}
		for k, s := range got {
			if _, ok := tt.orders[k]; !ok {
				t.Errorf("%s: %s: written %v, opt-22 writes none", tt.file, k, s)
			}
		}
	}
}

// predsAsSets sorts the predecessors of each block of a module's text:
// written as opt-22 writes it, a block whose blockaddress LLVM's reader
// makes at another time than its writer expects has its use-list order
// as opt-22 leaves it, which a reader that reads the bodies in another
// order (llvm-dis-22, package bitcode) may print otherwise than the
// input's (as it does opt-22's output).
func predsAsSets(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		j := strings.Index(l, "; preds = ")
		if j < 0 {
			continue
		}
		j += len("; preds = ")
		preds := strings.Split(l[j:], ", ")
		sort.Strings(preds)
		lines[i] = l[:j] + strings.Join(preds, ", ")
	}
	return strings.Join(lines, "\n")
}

// TestOlderBlockOrdersDropped checks that for an older reader the
// use-list orders of blockaddr-made's three blocks, whose blockaddresses
// module metadata or other bodies' metadata hold (an older reader adds
// their uses at another time than LLVM 22's writer expects), are left out
// and said (conformance_older found LLVM 16 reading them otherwise when
// only the blocks other bodies' instructions take were left out), and
// that LLVM 22 keeps writing them.
func TestOlderBlockOrdersDropped(t *testing.T) {
	const lost = "use-list order of a block whose blockaddress is made outside its function's instructions (dropped)"
	for _, v := range []int{15, 16, 19, 22} {
		_, _, losses := writeFor(t, readFile(t, "../../testdata/ir/bodies/blockaddr-made.bc"), v)
		n := 0
		for _, l := range losses {
			if l.What == lost {
				n = l.Count
			}
		}
		want := 3
		if v == LatestVersion {
			want = 0
		}
		if n != want {
			t.Errorf("LLVM %d: %d block orders left out, want %d (%v)", v, n, want, losses)
		}
	}
}
