package bcwrite

import (
	"bytes"
	"slices"
	"strconv"
	"testing"

	"github.com/bcextract/bcextract/internal/xxh3"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// TestOlderProducers writes older producers' modules and compares them
// with what opt-22 writes (testdata/older/regen.sh): modules whose
// function symbol tables LLVM 22's reader builds otherwise than their
// bodies name their values (names taken as the body is read, names let go
// by upgraded calls), and one whose invalid debug info it strips once it
// has read every body, registering a metadata kind last.
func TestOlderProducers(t *testing.T) {
	for _, c := range []struct{ name, path string }{
		{"constexpr-order", "../../testdata/ir/bodies/constexpr-order.bc"},
		{"amdgpu-llvm19", "../../testdata/ir/upgrade/amdgpu-llvm19.bc"},
		{"amdgpu-llvm14", "../../testdata/ir/upgrade/amdgpu-llvm14.bc"},
		{"x86-ir-llvm14", "../../testdata/ir/upgrade/x86-ir-llvm14.bc"},
		{"inlined-loop-llvm7-O2", "../../testdata/ir/upgrade/strip/inlined-loop-llvm7-O2.bc"},
	} {
		data := readFile(t, c.path)
		var got []byte
		_, err := bitcode.ReadAgain(openReader(t, data), func(r *bitcode.Reader) error {
			m, err := r.Module()
			if err != nil {
				return err
			}
			got, err = Write(m, Options{Loader: r, ModuleID: c.name + ".bc"})
			return err
		})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if want := readFile(t, "testdata/older/"+c.name+".opt.bc"); !bytes.Equal(got, want) {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Errorf("%s: written otherwise than opt-22, from byte 0x%x of 0x%x", c.name, i, len(want))
		}
	}
}

// openReader returns a Reader, with Options.Reread, of the module data
// holds.
func openReader(t *testing.T, data []byte) *bitcode.Reader {
	t.Helper()
	f, err := bitcode.Options{Reread: true}.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	return f.Modules[0]
}

// TestNameTableTombstones: a name let go leaves a tombstone, which the
// next name whose probe passes it takes rather than the empty bucket
// after it; the table doubles once more than three quarters full, and is
// rebuilt at its size, its tombstones dropped, once no more than an eighth
// of its buckets are empty (StringMap::LookupBucketFor, RehashTable).
// Names are picked by their home bucket, the low 4 bits of their hash in
// a table of 16; probes go +1, +2, ...
func TestNameTableTombstones(t *testing.T) {
	home := func(s string) int { return int(uint32(xxh3.String(s)) & 15) }
	// pick returns the first name "nN" not in used whose home bucket ok
	// accepts.
	var used []string
	pick := func(ok func(int) bool) string {
		for i := 0; ; i++ {
			s := "n" + strconv.Itoa(i)
			if !slices.Contains(used, s) && ok(home(s)) {
				used = append(used, s)
				return s
			}
		}
	}
	a := pick(func(int) bool { return true })
	h := home(a)
	at := func(n int) func(int) bool { return func(b int) bool { return b == n } }
	b, c, d := pick(at(h)), pick(at(h)), pick(at(h))
	var tb nameTable
	for _, s := range []string{a, b, c} {
		tb.insert(s)
	}
	for s, want := range map[string]int{a: h, b: (h + 1) & 15, c: (h + 3) & 15} {
		if got := tb.find(s); got != want {
			t.Errorf("%s (home %d) in bucket %d, want %d", s, h, got, want)
		}
	}
	tb.remove(b)
	tb.insert(d) // passes the tombstone at h+1 and takes it
	if got := tb.find(d); got != (h+1)&15 || tb.find(b) >= 0 || tb.items != 3 || tb.tombs != 0 {
		t.Errorf("%s in bucket %d (want the tombstone's, %d); %s found: %v; %d items, %d tombstones (want 3, 0)",
			d, got, (h+1)&15, b, tb.find(b) >= 0, tb.items, tb.tombs)
	}
	tb.remove(a)
	if got := tb.find(c); got != (h+3)&15 || tb.tombs != 1 {
		t.Errorf("%s found in bucket %d past a tombstone, want %d", c, got, (h+3)&15)
	}

	// Twelve names fit 16 buckets (12*4 = 16*3); the 13th doubles them.
	var grow nameTable
	for range 12 {
		grow.insert(pick(func(int) bool { return true }))
	}
	if len(grow.slots) != 16 {
		t.Fatalf("12 names: %d buckets, want 16", len(grow.slots))
	}
	grow.remove(used[len(used)-1])
	grow.remove(used[len(used)-2])
	// 10 names and 2 tombstones: one more name in an empty bucket leaves
	// 3 of 16 empty; the next, 2 (<= 16/8): the table is rebuilt.
	free := func(n int) bool { return grow.slots[n] == emptySlot }
	grow.insert(pick(free))
	if grow.tombs != 2 || len(grow.slots) != 16 {
		t.Fatalf("11 names: %d tombstones, %d buckets, want 2, 16", grow.tombs, len(grow.slots))
	}
	grow.insert(pick(free))
	if grow.tombs != 0 || len(grow.slots) != 16 || grow.items != 12 {
		t.Errorf("12 names and 2 tombstones: %d tombstones, %d buckets, %d items, want 0, 16, 12", grow.tombs, len(grow.slots), grow.items)
	}
	grow.insert(pick(func(int) bool { return true }))
	if len(grow.slots) != 32 {
		t.Errorf("13 names: %d buckets, want 32", len(grow.slots))
	}
}
