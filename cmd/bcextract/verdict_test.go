package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
