package assembly_test

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// FuzzWrite prints whatever module the reader returns: the printer must
// not panic, hang or allocate without bound on any model read from any
// input, however malformed.
func FuzzWrite(f *testing.F) {
	bcs, _ := filepath.Glob("../../testdata/ir/*.bc")
	for _, bc := range bcs {
		data, err := os.ReadFile(bc)
		if err == nil && len(data) < 64<<10 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := bitcode.Open(data)
		if err != nil {
			return
		}
		for _, r := range file.Modules {
			m, err := r.Module()
			if err != nil {
				continue
			}
			_ = assembly.Write(io.Discard, m, assembly.Options{ModuleID: "fuzz", Loader: r})
		}
	})
}
