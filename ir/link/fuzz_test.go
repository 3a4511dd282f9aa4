package link

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bcwrite"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// fuzzModule reads the first module of data with its bodies, nil when it
// does not read cleanly.
func fuzzModule(data []byte) *ir.Module {
	f, err := bitcode.Options{}.Open(data)
	if err != nil {
		return nil
	}
	r := f.Modules[0]
	m, err := r.Module()
	if err != nil {
		return nil
	}
	for _, fn := range m.Functions {
		if fn.HasBody {
			if r.LoadBody(fn) != nil {
				return nil
			}
		}
	}
	if len(r.Skipped()) > 0 {
		return nil
	}
	return m
}

// FuzzLink links two modules: the linker never panics, and what it links
// and the writer writes reads back.
func FuzzLink(f *testing.F) {
	pairs := [][2]string{{"order-a", "order-b"}, {"types-a", "types-b"}, {"flags-a", "flags-b"},
		{"weak-a", "weak-b"}, {"lazy", "lifo"}, {"multi-a", "conflict-b"}}
	for _, p := range pairs {
		a, err := os.ReadFile(filepath.Join("testdata", p[0]+".bc"))
		if err != nil {
			f.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join("testdata", p[1]+".bc"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(a, b)
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		ma, mb := fuzzModule(a), fuzzModule(b)
		if ma == nil || mb == nil {
			return
		}
		l := New()
		if l.Link(ma, "a.bc", Flags{}) != nil || l.Link(mb, "b.bc", Flags{}) != nil {
			return
		}
		out, err := bcwrite.Write(l.Module(), bcwrite.Options{})
		if err != nil {
			return
		}
		if fuzzModule(out) == nil {
			t.Fatalf("the linked module, written, does not read back")
		}
	})
}
