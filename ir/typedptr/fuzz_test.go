package typedptr

import (
	"os"
	"testing"

	"github.com/bcextract/bcextract/internal/irfixtures"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// FuzzLower lowers whatever module the reader reads cleanly from the
// input: never a panic, and a module lowered without error has the
// types LLVM 14 checks (checkTyped).
func FuzzLower(f *testing.F) {
	for _, path := range irfixtures.IR("../../testdata/ir") {
		data, err := os.ReadFile(path)
		if err == nil && len(data) < 64<<10 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		bf, err := bitcode.Options{}.Open(data)
		if err != nil || len(bf.Modules) != 1 {
			return
		}
		r := bf.Modules[0]
		m, err := r.Module()
		if err != nil {
			return
		}
		for _, fn := range m.Functions {
			if fn.HasBody {
				if err := r.LoadBody(fn); err != nil {
					return
				}
			}
		}
		if len(r.Skipped()) > 0 {
			return
		}
		if _, err := Lower(m); err != nil {
			return
		}
		if err := checkTyped(m); err != nil {
			t.Fatalf("lowered module: %v", err)
		}
	})
}
