package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A bare bitcode file may end with up to two zero words after its last
// block: llvm-dis-22 stops reading where at most 8 bytes are left and
// prints the module (checked by hand: plain.bc with 4 or 8 zero bytes
// prints as plain.bc; with 12 it is "Malformed block"). Every command that
// reads a module as LLVM's readers do agrees; dump and stats read as
// llvm-bcanalyzer-22, which says "Invalid record at top-level" at the
// first of them. A file of the magic number and at most two zero words
// holds no module: llvm-dis-22 prints nothing and exits with 0, and so
// does dis. Other bytes there llvm-dis-22 ignores too (4 bytes 0xff after
// plain.bc, or plain.bc cut 8 bytes into its first block); bcextract
// reads them as a block cut short, one error at their first byte.
func TestTrailingWords(t *testing.T) {
	plain, err := os.ReadFile("../../testdata/bc/plain.bc") // 3360 bytes
	if err != nil {
		t.Fatal(err)
	}
	magic := []byte("BC\xc0\xde")
	dir := t.TempDir()
	write := func(sub string, data []byte) string {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, sub, "m.bc")
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return name
	}
	clean := write("clean", plain)
	code, want, stderr := runCmd(t, "dis", clean)
	if code != 0 || want == "" {
		t.Fatalf("dis of plain.bc: exit %d, stderr %q", code, stderr)
	}
	readers := [][]string{{"list"}, {"list", "--json"}, {"scan"}, {"extract", "-o", os.DevNull}, {"inspect"}, {"funcs"}, {"callgraph"}}
	for _, tail := range [][]byte{make([]byte, 4), make([]byte, 8)} {
		name := write("tail", slices.Concat(plain, tail))
		if code, got, stderr := runCmd(t, "dis", name); code != 0 || got != strings.ReplaceAll(want, "/clean/", "/tail/") {
			t.Errorf("dis of plain.bc and % x: exit %d, stderr %q, output the same: %v", tail, code, stderr, got == want)
		}
		for _, c := range readers {
			if code, _, stderr := runCmd(t, append(c, name)...); code != 0 {
				t.Errorf("%s of plain.bc and % x: exit %d, stderr %q", c, tail, code, stderr)
			}
		}
		for _, c := range [][]string{{"dump"}, {"stats"}} {
			code, _, stderr := runCmd(t, append(c, name)...)
			if offs := errorOffsets(stderr); code != exitFailure || !slices.Equal(offs, []string{"0xd20"}) {
				t.Errorf("%s of plain.bc and % x: exit %d, offsets %q; want exit 1 at byte 0xd20", c, tail, code, offs)
			}
		}
	}
	// Three zero words are read, and are no block: one verdict at the
	// first byte. Other bytes are a block cut short, where it starts or
	// ends (0xd24: the readers of dis, funcs and callgraph say where the
	// data ends).
	for _, tail := range [][]byte{make([]byte, 12), {0xff, 0xff, 0xff, 0xff}} {
		name := write("bad", slices.Concat(plain, tail))
		for _, c := range verdictCommands {
			code, _, stderr := runCmd(t, append(c, name)...)
			offs := errorOffsets(stderr)
			ok := code == exitFailure && len(offs) > 0
			for _, o := range offs {
				ok = ok && (o == "0xd20" || tail[0] != 0 && o == "0xd24")
			}
			if !ok {
				t.Errorf("%s of plain.bc and % x: exit %d, offsets %q; want exit 1 at byte 0xd20", c, tail, code, offs)
			}
		}
	}
	for _, data := range [][]byte{magic, slices.Concat(magic, make([]byte, 4)), slices.Concat(magic, make([]byte, 8))} {
		name := write("magic", data)
		if code, got, stderr := runCmd(t, "dis", name); code != 0 || got != "" || stderr != "" {
			t.Errorf("dis of % x: exit %d, stdout %q, stderr %q; want nothing and exit 0", data, code, got, stderr)
		}
	}
	if code, _, _ := runCmd(t, "dis", write("magic12", slices.Concat(magic, make([]byte, 12)))); code != exitFailure {
		t.Errorf("dis of the magic number and 12 zero bytes: exit %d, want 1", code)
	}
}
