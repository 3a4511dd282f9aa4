package assembly_test

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"github.com/bcextract/bcextract/internal/irfixtures"

	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// FuzzWrite prints whatever module the reader returns: the printer must
// not panic, hang or allocate without bound on any model read from any
// input, however malformed; and it must print the same with the bodies
// loaded ahead (Options.Prefetch) and the strings shared with the input
// (bitcode.Options.ShareStrings) as without.
func FuzzWrite(f *testing.F) {
	bcs := irfixtures.IR("../../testdata/ir")
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
		shared, _ := bitcode.Options{ShareStrings: true}.Open(data)
		for i, r := range file.Modules {
			m, err := r.Module()
			if err != nil {
				continue
			}
			// Printed twice, the second time from a reader sharing
			// its strings and with the bodies loaded ahead: the text
			// and the error must not change.
			r2 := shared.Modules[i]
			m2, err := r2.Module()
			if err != nil {
				t.Fatalf("Module fails only with ShareStrings: %v", err)
			}
			var one, two bytes.Buffer
			err1 := assembly.Write(&one, m, assembly.Options{ModuleID: "fuzz", Loader: r})
			err2 := assembly.Write(&two, m2, assembly.Options{ModuleID: "fuzz", Loader: r2, Prefetch: 2})
			if !bytes.Equal(one.Bytes(), two.Bytes()) || fmt.Sprint(err1) != fmt.Sprint(err2) {
				line, a, b := firstDifference(one.String(), two.String())
				t.Fatalf("prefetching and shared strings change the output at line %d:\n%s\n%s\nerrors: %v, %v", line, a, b, err1, err2)
			}
		}
	})
}
