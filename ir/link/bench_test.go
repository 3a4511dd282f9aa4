package link

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// BenchmarkLinkChain links 200 copies of testdata/chain.bc (100
// functions, 100 variables and 100 declarations each), renamed so that
// each copy's declarations are the next one's functions: every
// declaration is replaced as the link goes, which a linker that takes
// replaced values out of its lists one at a time pays for quadratically.
func BenchmarkLinkChain(b *testing.B) {
	data, err := os.ReadFile("testdata/chain.bc")
	if err != nil {
		b.Fatal(err)
	}
	const copies = 200
	for b.Loop() {
		b.StopTimer()
		mods := make([]*ir.Module, copies)
		for i := range mods {
			m := readModule(b, data)
			n := "." + strconv.Itoa(i)
			for _, f := range m.Functions {
				if f.HasBody {
					f.Name += n
				} else {
					f.Name = "f" + strings.TrimPrefix(f.Name, "d") + "." + strconv.Itoa(i+1)
				}
			}
			for _, g := range m.Globals {
				g.Name += n
			}
			mods[i] = m
		}
		b.StartTimer()
		l := New()
		for i, m := range mods {
			if err := l.Link(m, "chain"+strconv.Itoa(i)+".bc", Flags{}); err != nil {
				b.Fatal(err)
			}
		}
		if m := l.Module(); len(m.Functions) != copies*100+100 {
			b.Fatalf("%d functions linked, want %d", len(m.Functions), copies*100+100)
		}
	}
}
