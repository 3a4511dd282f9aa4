package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
