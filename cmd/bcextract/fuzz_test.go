package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/bitstream"
)

// FuzzDump runs the text and JSON printers over arbitrary input: each must end
// with output or an error, and JSON output must stay valid either way.
func FuzzDump(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/bc/*")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil && len(b) < 16<<10 {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		o := dumpOptions{dump: true, showBinaryBlobs: len(data)%2 == 0, nonSymbolic: len(data)%3 == 0}
		w := bufio.NewWriter(io.Discard)
		if err := analyzeText(w, "fuzz", data, o); err != nil {
			var fe *bitstream.FormatError
			if errors.As(err, &fe) && fe.BitPos > uint64(len(data))*8 {
				t.Fatalf("error past the end: %v", err)
			}
		}
		var out jsonBuffer
		jw := bufio.NewWriter(&out)
		analyzeJSON(jw, "fuzz", data, o)
		jw.Flush()
		if !json.Valid(out) {
			t.Fatalf("invalid JSON: %.200q", out)
		}
	})
}

type jsonBuffer []byte

func (b *jsonBuffer) Write(p []byte) (int, error) { *b = append(*b, p...); return len(p), nil }

// FuzzCommands runs every command the sweeps run (list, extract, dump,
// stats, sections, inspect, bbmap, dis, scan) over arbitrary input, with the
// sweeps' rules: success, or exit 1 with error lines that name the file and an
// offset; no panic, no hang, no write outside the output directory.
func FuzzCommands(f *testing.F) {
	for _, name := range append(append([]string{}, sweepQuick...), sweepWideSet...) {
		if b, err := os.ReadFile(filepath.Join("../..", name)); err == nil && !strings.Contains(name, "/thin/") {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		in := filepath.Join(dir, "in.o")
		if err := os.WriteFile(in, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out")
		for _, c := range sweepCmds {
			if msg := sweepRun(c, in, out); msg != "" {
				t.Fatalf("%s: %s", c.name, msg)
			}
		}
		ents, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			if e.Name() != "in.o" && e.Name() != "out" {
				t.Fatalf("a command wrote %s outside its output directory", e.Name())
			}
		}
	})
}
