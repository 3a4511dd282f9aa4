package objdump

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/disasm"
)

// TestWriteGoldens: Write gives a Go program the bytes bcextract bbmap
// prints, the goldens of testdata/bbmap (cmd/bcextract's TestBBMapText
// checks the command against them too).
func TestWriteGoldens(t *testing.T) {
	samples, err := os.ReadFile("../../testdata/bbmap/samples.txt")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		golden, file string
		opts         Options
	}{
		{"x86_64.golden", "sections/bbmap-x86_64", Options{}},
		{"x86_64-disasm-sum.golden", "sections/bbmap-x86_64", Options{Disasm: true, Function: "sum"}},
		{"x86_64-intel-classify.golden", "sections/bbmap-x86_64", Options{Disasm: true, Syntax: disasm.Intel, Function: "^cl"}},
		{"aarch64-go-sq.golden", "bbmap/bbmap-aarch64", Options{Disasm: true, Syntax: disasm.Go, Function: "sq"}},
		{"samples.golden", "sections/bbmap-x86_64", Options{Samples: &Lines{Name: "samples.txt", Data: samples}}},
		{"lookups-rel.golden", "sections/bbmap-x86_64.o", Options{Addrs: []uint64{0x20, 0x1000}}},
		{"pgo-collatz.json.golden", "sections/bbmap-pgo.o", Options{JSON: true, Disasm: true, Function: "collatz", Addrs: []uint64{0x66},
			Samples: &Lines{Name: "../../testdata/bbmap/samples.txt", Data: samples}}},
	}
	for _, tt := range tests {
		want, err := os.ReadFile("../../testdata/bbmap/" + tt.golden)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile("../../testdata/" + tt.file)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		problems, err := Write(&out, "../../testdata/"+tt.file, data, &tt.opts)
		if err != nil || len(problems) > 0 {
			t.Errorf("%s: %v %v", tt.golden, problems, err)
		}
		if out.String() != string(want) {
			t.Errorf("%s: got\n%s\nwant\n%s", tt.golden, out.String(), want)
		}
	}
}

// TestWriteErrors: a pattern that names nothing and does not compile is
// a *PatternError and prints nothing; a file that is not ELF, or names no
// function, is a problem located in the file, and in JSON a document of
// its own.
func TestWriteErrors(t *testing.T) {
	data, err := os.ReadFile("../../testdata/sections/bbmap-x86_64")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	problems, err := Write(&out, "x", data, &Options{Function: "("})
	var pe *PatternError
	if !errors.As(err, &pe) || pe.Pattern != "(" || len(problems) != 0 || out.Len() != 0 ||
		!strings.HasPrefix(err.Error(), `no function is named "(", and it is not a regular expression: `) {
		t.Errorf("bad pattern: %v %v %q", problems, err, out.String())
	}
	for _, tt := range []struct {
		data []byte
		opts Options
		want string
	}{
		{data, Options{Function: "nosuch"}, `x: no function is named or matches "nosuch"`},
		{[]byte("not ELF"), Options{}, "x: not an ELF file at byte 0x0"},
		{[]byte("not ELF"), Options{JSON: true, Errors: []error{errors.New("samples")}}, "x: not an ELF file at byte 0x0"},
	} {
		out.Reset()
		problems, err := Write(&out, "x", tt.data, &tt.opts)
		var ce *container.Error
		if err != nil || len(problems) != 1 || !errors.As(problems[0], &ce) || problems[0].Error() != tt.want {
			t.Errorf("%+v: %v %v, want %q", tt.opts, problems, err, tt.want)
		}
		wantOut := ""
		if tt.opts.JSON {
			wantOut = `{"file": "x", "arch": null, "relocatable": null, "functions": [], "lookups": [], "samples": null, "errors": [` +
				`{"path": "", "file": "", "error": "samples", "message": "samples"}, ` +
				`{"path": "x", "file": "x", "offset": 0, "error": "not an ELF file", "message": "x: not an ELF file at byte 0x0"}]}` + "\n"
		}
		if out.String() != wantOut {
			t.Errorf("%+v: output %q, want %q", tt.opts, out.String(), wantOut)
		}
	}
}
