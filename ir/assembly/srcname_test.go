package assembly

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// The expected heads are llvm-dis-22's, run on bitcode whose
// SOURCE_FILENAME record was removed (testdata/ir/srcname/nosrc.bc, copied
// to each name) or left empty (empty.bc), the name given as shown and
// "<stdin>" for standard input.
func TestSourceFilenameHead(t *testing.T) {
	tests := []struct {
		name string
		m    ir.Module
		id   string
		want string
	}{
		{"none", ir.Module{NoSourceFilename: true}, "gone.bc",
			"; ModuleID = 'gone.bc'\nsource_filename = \"gone.bc\"\n"},
		{"none, dot path", ir.Module{NoSourceFilename: true}, "./gone.bc",
			"; ModuleID = './gone.bc'\nsource_filename = \"./gone.bc\"\n"},
		{"none, stdin", ir.Module{NoSourceFilename: true}, "<stdin>",
			"; ModuleID = '<stdin>'\nsource_filename = \"<stdin>\"\n"},
		{"none, escapes", ir.Module{NoSourceFilename: true}, `we"i\rd.bc`,
			"; ModuleID = 'we\"i\\rd.bc'\nsource_filename = \"we\\22i\\\\rd.bc\"\n"},
		{"none, newline", ir.Module{NoSourceFilename: true}, "new\nline.bc",
			"source_filename = \"new\\0Aline.bc\"\n"},
		{"none, no identifier", ir.Module{NoSourceFilename: true}, "", ""},
		{"empty record", ir.Module{}, "empty.bc", "; ModuleID = 'empty.bc'\n"},
		{"record", ir.Module{SourceFilename: "a.c"}, "a.bc",
			"; ModuleID = 'a.bc'\nsource_filename = \"a.c\"\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Write(&buf, &tt.m, Options{ModuleID: tt.id}); err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); !strings.HasPrefix(got, tt.want) || strings.Contains(got[len(tt.want):], "source_filename") {
				t.Errorf("Write = %q, want it to start with %q", got, tt.want)
			}
		})
	}
}
