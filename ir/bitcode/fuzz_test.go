package bitcode

import (
	"errors"
	"os"
	"path/filepath"
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

// FuzzReread reads a module as dis and convert do (Options.Reread): when a
// body shows part of the module invalid that LLVM drops from the whole
// module, the module is read again with that part stripped, which must
// load every body the first read loaded, and ask for more only for a part
// not stripped yet (so rereads end).
func FuzzReread(f *testing.F) {
	bcs, _ := filepath.Glob("../../testdata/ir/upgrade/strip/*.bc")
	bcs = append(bcs, irfixtures.IR("../../testdata/ir")...)
	for _, bc := range bcs {
		data, err := os.ReadFile(bc)
		if err == nil && len(data) < 64<<10 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Options{Reread: true, DebugTypeODRUniquing: len(data)%2 == 1}.Open(data)
		if err != nil {
			return
		}
		for _, r := range file.Modules {
			loaded := -1
			var stripped Strip
			for range 3 {
				n, err := loadCount(r)
				var re *RereadError
				if !errors.As(err, &re) {
					if err == nil && n < loaded {
						t.Fatalf("read again without its %v: %d bodies loaded, %d before", stripped, n, loaded)
					}
					break
				}
				if re.Strip&^stripped == 0 {
					t.Fatalf("read without its %v: asked to strip %v again", stripped, re.Strip)
				}
				loaded, stripped = n, re.Strip
				r = r.Reread(re.Strip)
			}
			_ = r.Skipped()
		}
	})
}

// loadCount reads r's module and loads its bodies, returning how many
// loaded (a *RereadError counts the body it came with).
func loadCount(r *Reader) (int, error) {
	m, err := r.Module()
	if err != nil {
		return 0, err
	}
	n := 0
	for _, fn := range m.Functions {
		if !fn.HasBody {
			continue
		}
		err := r.LoadBody(fn)
		var re *RereadError
		if err == nil || errors.As(err, &re) {
			n++
		}
		if re != nil {
			return n, err
		}
	}
	return n, nil
}

// shape returns the number of instructions of each block of f.
func shape(f *ir.Function) []int {
	n := make([]int, len(f.Blocks))
	for i, b := range f.Blocks {
		n[i] = len(b.Instrs)
	}
	return n
}
