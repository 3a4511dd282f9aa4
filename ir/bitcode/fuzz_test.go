package bitcode

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzModule reads a module and every function body: whatever the input,
// the reader must return, without a panic, a hang or a large allocation.
func FuzzModule(f *testing.F) {
	bcs, _ := filepath.Glob("../../testdata/ir/*.bc")
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
			for _, fn := range m.Functions {
				if fn.HasBody {
					_ = r.LoadBody(fn)
				}
			}
			_ = r.Skipped()
		}
	})
}
