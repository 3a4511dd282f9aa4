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
