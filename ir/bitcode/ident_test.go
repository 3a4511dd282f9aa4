package bitcode

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadIdent(t *testing.T) {
	tests := []struct {
		file string
		want Ident
	}{
		// Triples and source file names as llvm-dis-22 prints them.
		{"plain.bc", Ident{Producer: "LLVM22.1.8", Triple: "x86_64-pc-linux-gnu", SourceFilename: "src/prog.c"}},
		{"darwin.bc", Ident{Producer: "LLVM22.1.8", Triple: "x86_64-apple-macosx11.0.0", SourceFilename: "src/prog.c"}},
		{"darwin-arm64.bc", Ident{Producer: "LLVM22.1.8", Triple: "arm64-apple-macosx11.0.0", SourceFilename: "src/prog.c"}},
		{"llvm14.bc", Ident{Producer: "LLVM14.0.6", Triple: "x86_64-pc-linux-gnu", SourceFilename: "src/llvm14.ll"}},
	}
	for _, tt := range tests {
		data, err := os.ReadFile("../../testdata/bc/" + tt.file)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ReadIdent(data)
		if err != nil || got != tt.want {
			t.Errorf("ReadIdent(%s) = %+v, %v; want %+v", tt.file, got, err, tt.want)
		}
	}
	for _, bad := range []string{"diag.dia", "bad-wrapper-past-end.bc", "bad-trunc-block.bc"} {
		data, err := os.ReadFile("../../testdata/bc/" + bad)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := ReadIdent(data); err == nil {
			t.Errorf("ReadIdent(%s) = %+v, want an error", bad, got)
		}
	}
}

// TestReadIdentFacts checks ReadIdent against the producer, triple and
// source_filename lines of the first module of every testdata/inspect
// fixture's .facts golden (what llvm-dis-22 and llvm-bcanalyzer-22 say).
func TestReadIdentFacts(t *testing.T) {
	names, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "inspect", "*.bc"))
	if len(names) < 15 {
		t.Fatalf("found %d fixtures", len(names))
	}
	for _, path := range names {
		t.Run(filepath.Base(path), func(t *testing.T) {
			facts, err := os.ReadFile(path + ".facts")
			if err != nil {
				t.Fatal(err)
			}
			var want Ident
			sc := bufio.NewScanner(bytes.NewReader(facts))
			for sc.Scan() {
				key, val, _ := strings.Cut(sc.Text(), " ")
				if key == "module" && val != "1" {
					break
				}
				switch key {
				case "producer":
					want.Producer = val
				case "triple":
					want.Triple = val
				case "source_filename":
					want.SourceFilename = val
				}
			}
			if want.SourceFilename == "" {
				t.Fatalf("%s.facts has no source_filename", path)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ReadIdent(data)
			if err != nil || got != want {
				t.Errorf("ReadIdent = %+v, %v; want %+v", got, err, want)
			}
		})
	}
}

func FuzzReadIdent(f *testing.F) {
	for _, name := range []string{"plain.bc", "darwin.bc", "multi.bc", "debug.bc"} {
		if data, err := os.ReadFile("../../testdata/bc/" + name); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		id, err := ReadIdent(data)
		if err == nil && len(id.Producer)+len(id.Triple)+len(id.SourceFilename) > 2*len(data) {
			t.Fatalf("ident longer than the input: %+v", id)
		}
	})
}
