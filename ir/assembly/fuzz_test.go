package assembly_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// FuzzWrite prints whatever module the reader returns: the printer must
// not panic, hang or allocate without bound on any model read from any
// input, however malformed; and it must print the same with the bodies
// loaded ahead (Options.Prefetch) as without.
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
			// Printed twice, the second time with the bodies loaded
			// ahead: the text and the error must not change.
			var one, two bytes.Buffer
			err1 := assembly.Write(&one, m, assembly.Options{ModuleID: "fuzz", Loader: r})
			err2 := assembly.Write(&two, m, assembly.Options{ModuleID: "fuzz", Loader: r, Prefetch: 2})
			if !bytes.Equal(one.Bytes(), two.Bytes()) || fmt.Sprint(err1) != fmt.Sprint(err2) {
				line, a, b := firstDifference(one.String(), two.String())
				t.Fatalf("prefetching changes the output at line %d:\n%s\n%s\nerrors: %v, %v", line, a, b, err1, err2)
			}
		}
	})
}
