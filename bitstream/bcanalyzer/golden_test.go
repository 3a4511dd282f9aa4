package bcanalyzer

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestGolden compares Text with llvm-bcanalyzer-22's output on every
// fixture of testdata/bc (the goldens of testdata/gen.sh, made from
// testdata as "bc/NAME"), byte for byte, partial output included; an input
// it rejects (a .exit file other than 0) must give an error.
func TestGolden(t *testing.T) {
	variants := []struct {
		suffix string
		o      Options
	}{
		{"dump", Options{Dump: true}},
		{"stats", Options{}},
		{"dump-nonsym", Options{Dump: true, NonSymbolic: true}},
		{"dump-blobs", Options{Dump: true, ShowBinaryBlobs: true}},
		{"dump-blockinfo", Options{Dump: true, DumpBlockinfo: true}},
		{"dump-nohist", Options{Dump: true, NoHistogram: true}},
		{"stats-nohist", Options{NoHistogram: true}},
	}
	files, _ := filepath.Glob("../../testdata/bc/*")
	if len(files) == 0 {
		t.Fatal("no fixtures in testdata/bc")
	}
	for _, f := range files {
		name := filepath.Base(f)
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range variants {
			golden := filepath.Join("../../testdata/golden", name+"."+v.suffix)
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			rejected := false
			if b, err := os.ReadFile(golden + ".exit"); err == nil {
				rejected = string(bytes.TrimSpace(b)) != "0"
			}
			var got bytes.Buffer
			err = Text(&got, "bc/"+name, data, v.o)
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("%s %s: output differs from %s", v.suffix, name, golden)
			}
			if (err != nil) != rejected {
				t.Errorf("%s %s: error %v; llvm-bcanalyzer-22 rejects it: %v", v.suffix, name, err, rejected)
			}
		}
	}
}
