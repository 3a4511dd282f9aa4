package bitcode

import (
	"os"
	"slices"
	"testing"

	"github.com/bcextract/bcextract/internal/irfixtures"

	"github.com/bcextract/bcextract/ir"
)

// FuzzModule reads a module and every function body: whatever the input,
// the reader must return, without a panic, a hang or a large allocation.
// The bodies are then released and each loaded again into the memory of
// those released, which must give it the shape of its first load.
func FuzzModule(f *testing.F) {
	bcs := irfixtures.IR("../../testdata/ir")
	for _, bc := range bcs {
		data, err := os.ReadFile(bc)
		if err == nil && len(data) < 64<<10 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Open(data)
		if err != nil {
			return
		}
		for _, r := range file.Modules {
			m, err := r.Module()
			if err != nil {
				continue
			}
			shapes := map[*ir.Function][]int{}
			for _, fn := range m.Functions {
				if fn.HasBody && r.LoadBody(fn) == nil {
					shapes[fn] = shape(fn)
				}
			}
			for _, fn := range m.Functions {
				r.ReleaseBody(fn)
			}
			for _, fn := range m.Functions {
				want, ok := shapes[fn]
				if !ok {
					continue
				}
				if err := r.LoadBody(fn); err != nil {
					t.Fatalf("@%s: loaded once, not again: %v", fn.Name, err)
				}
				if got := shape(fn); !slices.Equal(got, want) {
					t.Fatalf("@%s: blocks of %v instructions loaded again, %v at first", fn.Name, got, want)
				}
				r.ReleaseBody(fn)
			}
			_ = r.Skipped()
		}
	})
}

// shape returns the number of instructions of each block of f.
func shape(f *ir.Function) []int {
	n := make([]int, len(f.Blocks))
	for i, b := range f.Blocks {
		n[i] = len(b.Instrs)
	}
	return n
}
