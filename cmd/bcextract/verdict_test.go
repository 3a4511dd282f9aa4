package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/container/elf"
)

// atByte finds the offsets of an error line.
var atByte = regexp.MustCompile(`at (?:bit [0-9]+ \()?byte (0x[0-9a-f]+)`)

// errorOffsets returns the byte offsets named by the error lines of
// stderr, scan's summary left out.
func errorOffsets(stderr string) []string {
	var offs []string
	for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if !strings.HasPrefix(line, "bcextract: ") || strings.HasPrefix(line, "bcextract scan: ") {
			continue
		}
		m := atByte.FindAllStringSubmatch(line, -1)
		if len(m) == 0 {
			offs = append(offs, "none")
			continue
		}
		offs = append(offs, m[len(m)-1][1])
	}
	return offs
}

// verdictCommands are the commands that read a bitcode file, each given
// the file.
var verdictCommands = [][]string{
	{"list"}, {"list", "--json"}, {"scan"}, {"extract", "-o", os.DevNull}, {"inspect"}, {"dump"}, {"stats"},
	{"dis"}, {"funcs"}, {"callgraph"},
}

// A bitcode file of the magic number and zeros is one verdict for every
// command: exit 1, the first zero byte being an invalid record at top
// level (llvm-bcanalyzer-22: "Invalid record at top-level", llvm-dis-22:
// "Malformed block"). list and scan said before that it held a 4-byte
// module.
func TestVerdictMagicZeros(t *testing.T) {
	name := filepath.Join(t.TempDir(), "zeros.bc")
	if err := os.WriteFile(name, append([]byte("BC\xc0\xde"), make([]byte, 1<<20)...), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range verdictCommands {
		code, _, stderr := runCmd(t, append(c, name)...)
		offs := errorOffsets(stderr)
		if code != exitFailure || len(offs) != 1 || offs[0] != "0x4" {
			t.Errorf("%s: exit %d, offsets %q, stderr %q; want exit 1, one error at byte 0x4", c, code, offs, stderr)
		}
	}
}

// One bitcode file cut short gets one offset from every command: the end
// of the data, where it ends early (before, the file of the issue, plain
// bitcode cut at 1500 bytes, was at byte 0x20 for list, 0x491 for
// inspect, 0x5db for dump and 0x21 for dis).
func TestVerdictTruncated(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		src  string
		cuts []int
	}{
		{"../../testdata/bc/plain.bc", []int{5, 8, 33, 36, 100, 101, 1000, 1500, 1501, 3356, 3359}},
		{"../../testdata/bc/debug.bc", []int{200, 999, 1500, 4287}},
		{"../../testdata/bc/darwin.bc", []int{10, 21, 30, 1001, 3600, 3653}}, // wrapped
	} {
		data, err := os.ReadFile(c.src)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range c.cuts {
			name := filepath.Join(dir, fmt.Sprintf("cut%d-%s", n, filepath.Base(c.src)))
			if err := os.WriteFile(name, data[:n], 0o644); err != nil {
				t.Fatal(err)
			}
			want := fmt.Sprintf("%#x", n)
			for _, cmd := range verdictCommands {
				code, _, stderr := runCmd(t, append(cmd, name)...)
				offs := errorOffsets(stderr)
				if code != exitFailure || len(offs) == 0 || slices.ContainsFunc(offs, func(o string) bool { return o != want }) {
					t.Errorf("%s cut at %d: %s: exit %d, offsets %q, stderr %q; want exit 1, every error at byte %s", filepath.Base(c.src), n, cmd, code, offs, stderr, want)
				}
			}
		}
	}
}

// bbmap --json names an architecture as list, scan and package container
// do, as LLVM's triples do (it said "amd64" for x86_64).
func TestBBMapArchSpelling(t *testing.T) {
	for _, name := range []string{
		"../../testdata/sections/bbmap-pgo.o", "../../testdata/sections/bbmap-i686.o", "../../testdata/sections/bbmap-aarch64.o",
		"../../testdata/bbmap/bbmap-armv7", "../../testdata/bbmap/bbmap-ppc64", "../../testdata/bbmap/bbmap-ppc64le", "../../testdata/bbmap/bbmap-riscv64",
	} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := elf.NewFile(data)
		if err != nil {
			t.Fatal(err)
		}
		_, out, _ := runCmd(t, "bbmap", "--json", name)
		var doc struct{ Arch string }
		if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.Arch != f.Arch || f.Arch == "" {
			t.Errorf("%s: bbmap says %q (%v), container/elf %q", name, doc.Arch, err, f.Arch)
		}
	}
}
