package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// The --json outputs carry each problem as a structured object: the file
// holding the bytes, the container path, the byte offset in the file, and
// the cause without them.
func TestJSONErrors(t *testing.T) {
	bad := containers + "bad-elf-secoff.o"
	code, out, stderr := runCmd(t, "list", "--json", bad)
	var doc struct{ Errors []jsonError }
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitFailure || len(doc.Errors) != 1 {
		t.Fatalf("list --json: exit %d, %v, %q", code, err, out)
	}
	e := doc.Errors[0]
	if e.File != bad || e.Path != bad || e.Offset == nil || *e.Offset != 0xcb8 ||
		strings.Contains(e.Error, "0xcb8") || e.Message+"\n" != strings.TrimPrefix(stderr, "bcextract: ") {
		t.Errorf("list --json error %+v (offset %v), stderr %q", e, *e.Offset, stderr)
	}

	// dump and stats: a document of its own for what yields no module.
	type errDoc struct {
		File  string `json:"file"`
		Error struct {
			Message string `json:"message"`
			File    string `json:"file"`
			Offset  *int64 `json:"offset"`
		} `json:"error"`
	}
	for _, tt := range []struct {
		args      []string
		msg, file string
		off       int64 // -1: none
	}{
		{[]string{"stats", "--json", bad}, e.Error, bad, 0xcb8},
		{[]string{"dump", "--json", containers + "elf-marker.o"}, "no bitcode module found", "", -1},
		{[]string{"bbmap", "--json", "../../testdata/bc/plain.bc"}, "not an ELF file", "../../testdata/bc/plain.bc", 0},
	} {
		code, out, _ := runCmd(t, tt.args...)
		var d errDoc
		err := json.Unmarshal([]byte(out), &d)
		if err != nil || code != exitFailure || d.File != tt.args[2] || d.Error.Message != tt.msg || d.Error.File != tt.file ||
			(d.Error.Offset == nil) != (tt.off < 0) || (d.Error.Offset != nil && *d.Error.Offset != tt.off) {
			t.Errorf("%q: exit %d, %v, output %q", tt.args, code, err, out)
		}
	}
}
