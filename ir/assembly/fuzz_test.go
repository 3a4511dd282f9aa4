package assembly_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// FuzzWrite prints whatever module the reader returns: the printer must
// not panic, hang or allocate without bound on any model read from any
// input, however malformed; and loading bodies ahead (as dis does) must
// not change the output.
func FuzzWrite(f *testing.F) {
	bcs, _ := filepath.Glob("../../testdata/ir/*.bc")
	for _, bc := range bcs {
		data, err := os.ReadFile(bc)
		if err == nil && len(data) < 64<<10 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var outs [2]bytes.Buffer
		var errs [2]error
		for k := range outs {
			file, err := bitcode.Open(data)
			if err != nil {
				return
			}
			for _, r := range file.Modules {
				m, err := r.Module()
				if err != nil {
					continue
				}
				err = assembly.Write(&outs[k], m, assembly.Options{ModuleID: "fuzz", Loader: r, LoadAhead: k == 1})
				if err != nil && errs[k] == nil {
					errs[k] = err
				}
			}
		}
		if (errs[0] == nil) != (errs[1] == nil) || !bytes.Equal(outs[0].Bytes(), outs[1].Bytes()) {
			t.Fatalf("LoadAhead changes the output: errors %v and %v", errs[0], errs[1])
		}
	})
}
