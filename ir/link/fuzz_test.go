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
func fuzzModule(data []byte, o bitcode.Options) *ir.Module {
	f, err := o.Open(data)
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
// and the writer writes reads back (with no invalid !tbaa tag left). The bits of how choose llvm-link's
// flags for the second module (1 --only-needed, 2 --internalize, 4
// --override) and whether it comes by way of an archive (8).
func FuzzLink(f *testing.F) {
	pairs := [][2]string{{"order-a", "order-b"}, {"types-a", "types-b"}, {"flags-a", "flags-b"},
		{"weak-a", "weak-b"}, {"lazy", "lifo"}, {"multi-a", "conflict-b"}, {"needed-main", "needed-lib"},
		{"nest-main", "nest-c"}, {"iso-b", "iso-c"}, {"comdat-a", "comdat-b"}, {"ifunc-a", "ifunc-b"},
		{"redirect-a", "redirect-b"}, {"redirect-a", "redirect-c"}, {"cycle-a", "cycle-b"}, {"tbaa-a", "tbaa-b"},
		{"comdat-b", "comdat-a"}, {"largest-a", "largest-b"}, {"largest-any", "largest-any-b"},
		{"alias-unlinked-a", "alias-unlinked-b"}, {"ifunc-unlinked-a", "ifunc-unlinked-b"}, {"alias-indirect-a", "alias-indirect-b"},
		{"indirect-a", "indirect-b"}, {"flags-append-a", "flags-append-b"},
		{"nodedup-a", "nodedup-b"}, {"nodedup-c", "nodedup-c"},
		{"comdat-private-a", "comdat-private-b"}}
	for i, p := range pairs {
		a, err := os.ReadFile(filepath.Join("testdata", p[0]+".bc"))
		if err != nil {
			f.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join("testdata", p[1]+".bc"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(a, b, byte(i))
	}
	f.Fuzz(func(t *testing.T, a, b []byte, how byte) {
		// Read as the link command reads; the linked module must read
		// back as anything else is read (its !tbaa tags all valid).
		in := bitcode.Options{DropSummary: true, DebugTypeODRUniquing: true, LinkerTBAA: true}
		ma, mb := fuzzModule(a, in), fuzzModule(b, in)
		if ma == nil || mb == nil {
			return
		}
		l := New()
		if l.Link(ma, "a.bc", Flags{}) != nil {
			return
		}
		name := "b.bc"
		if how&8 != 0 {
			ar := l.Nested()
			if ar.Link(mb, name, Flags{}) != nil {
				return
			}
			mb, name = ar.Module(), ArchiveName
		}
		flags := Flags{OnlyNeeded: how&1 != 0, Internalize: how&2 != 0, OverrideFromSrc: how&4 != 0}
		if l.Link(mb, name, flags) != nil || l.Broken() != nil {
			return
		}
		out, err := bcwrite.Write(l.Module(), bcwrite.Options{NoAsmParser: true, UseListsAsGiven: true})
		if err != nil {
			return
		}
		if fuzzModule(out, bitcode.Options{}) == nil {
			t.Fatalf("the linked module, written, does not read back")
		}
		l.Resolutions()
	})
}
