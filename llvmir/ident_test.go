package llvmir

import (
	"os"
	"testing"
)

func TestReadIdent(t *testing.T) {
	tests := []struct {
		file string
		want Ident
	}{
		// Triples as llvm-dis-22 prints them.
		{"plain.bc", Ident{"LLVM22.1.8", "x86_64-pc-linux-gnu"}},
		{"darwin.bc", Ident{"LLVM22.1.8", "x86_64-apple-macosx11.0.0"}},
		{"darwin-arm64.bc", Ident{"LLVM22.1.8", "arm64-apple-macosx11.0.0"}},
		{"llvm14.bc", Ident{"LLVM14.0.6", "x86_64-pc-linux-gnu"}},
	}
	for _, tt := range tests {
		data, err := os.ReadFile("../testdata/bc/" + tt.file)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ReadIdent(data)
		if err != nil || got != tt.want {
			t.Errorf("ReadIdent(%s) = %+v, %v; want %+v", tt.file, got, err, tt.want)
		}
	}
	for _, bad := range []string{"diag.dia", "bad-wrapper-past-end.bc", "bad-trunc-block.bc"} {
		data, err := os.ReadFile("../testdata/bc/" + bad)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := ReadIdent(data); err == nil {
			t.Errorf("ReadIdent(%s) = %+v, want an error", bad, got)
		}
	}
}

func FuzzReadIdent(f *testing.F) {
	for _, name := range []string{"plain.bc", "darwin.bc", "multi.bc", "debug.bc"} {
		if data, err := os.ReadFile("../testdata/bc/" + name); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		id, err := ReadIdent(data)
		if err == nil && len(id.Producer)+len(id.Triple) > 2*len(data) {
			t.Fatalf("ident longer than the input: %+v", id)
		}
	})
}
