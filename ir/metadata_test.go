package ir

import (
	"fmt"
	"sync"
	"testing"
	"unsafe"
)

// TestMetadataSizes holds the sizes of the nodes a module has millions
// of: a tuple and a field in 32 bytes each (a size class of Go's
// allocator: one byte more and they take 48).
func TestMetadataSizes(t *testing.T) {
	for _, c := range []struct {
		what       string
		got, limit uintptr
	}{
		{"MDTuple", unsafe.Sizeof(MDTuple{}), 32},
		{"Field", unsafe.Sizeof(Field{}), 32},
	} {
		if c.got > c.limit {
			t.Errorf("%s is %d bytes, more than %d", c.what, c.got, c.limit)
		}
	}
}

// TestFieldNameSnapshots registers many names: the lock-free table is
// copied a number of times logarithmic in their count (it was copied per
// name: ir/assembly's schemas took 3 ms and 476 kB at start-up), and a
// name looked up again and again is soon in it.
func TestFieldNameSnapshots(t *testing.T) {
	fieldNamesMu.Lock()
	before := fieldNameSnapshots
	fieldNamesMu.Unlock()
	const n = 4096
	for i := range n {
		FieldNameOf(fmt.Sprintf("snapshot test %d", i))
	}
	fieldNamesMu.Lock()
	made := fieldNameSnapshots - before
	fieldNamesMu.Unlock()
	// Each snapshot follows lookups that missed a quarter of the names
	// at least: the names grow by a quarter from one to the next.
	if made > 40 {
		t.Errorf("%d names made %d snapshots, want at most 40", n, made)
	}
	name := "snapshot test hot"
	want := FieldNameOf(name)
	for range 8 {
		if FieldNameOf(name) != want {
			t.Fatalf("FieldNameOf(%q) changed", name)
		}
	}
	if got, ok := fieldNames.Load().index[name]; !ok || got != want {
		t.Errorf("%q looked up 9 times is not in the snapshot", name)
	}
	if want.String() != name {
		t.Errorf("String() = %q, want %q", want.String(), name)
	}
}

// TestFieldName gives names from many goroutines at once: each name gets
// one FieldName, whose String is the name; "" is the zero FieldName.
func TestFieldName(t *testing.T) {
	if n := FieldNameOf(""); n != 0 || n.String() != "" {
		t.Errorf(`FieldNameOf("") = %d (%q), want 0`, n, n.String())
	}
	const k = 64
	got := make([][k]FieldName, 8)
	var wg sync.WaitGroup
	for g := range got {
		wg.Go(func() {
			for i := range k {
				got[g][i] = FieldNameOf(fmt.Sprintf("test name %d", (i+g)%k))
			}
		})
	}
	wg.Wait()
	for i := range k {
		name := fmt.Sprintf("test name %d", i)
		want := FieldNameOf(name)
		if want.String() != name {
			t.Errorf("FieldNameOf(%q).String() = %q", name, want.String())
		}
		for g := range got {
			if n := got[g][(i-g+k)%k]; n != want {
				t.Errorf("goroutine %d: %q is %d, want %d", g, name, n, want)
			}
		}
	}
	if s := FieldName(65535).String(); s != "" {
		t.Errorf("an unknown FieldName is %q, want \"\"", s)
	}
	f := Field{Name: FieldNameOf("name"), MD: &MDString{Value: "x"}, Kind: FieldString}
	if f.Text() != "x" || (&Field{Kind: FieldString}).Text() != "" {
		t.Errorf("Text: %q", f.Text())
	}
}

// TestIsNilMetadata: nil, and nil pointers of each metadata type, are nil;
// nodes are not.
func TestIsNilMetadata(t *testing.T) {
	for _, c := range []struct {
		m    Metadata
		want bool
	}{
		{nil, true}, {(*MDTuple)(nil), true}, {(*SpecializedNode)(nil), true}, {(*DILocation)(nil), true},
		{(*MDString)(nil), true}, {(*ValueAsMetadata)(nil), true}, {(*DIArgList)(nil), true},
		{&MDTuple{}, false}, {&MDString{Value: "x"}, false}, {&DILocation{Line: 1}, false},
	} {
		if got := IsNilMetadata(c.m); got != c.want {
			t.Errorf("IsNilMetadata(%#v) = %v, want %v", c.m, got, c.want)
		}
	}
}
