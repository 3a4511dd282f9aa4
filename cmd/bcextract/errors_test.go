package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
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

	// dump and stats: a document of its own for what yields no module,
	// whose error is the error object of list --json.
	type errDoc struct {
		File  string    `json:"file"`
		Error jsonError `json:"error"`
	}
	for _, tt := range []struct {
		args      []string
		msg, file string
		off       int64 // -1: none
	}{
		{[]string{"stats", "--json", bad}, e.Error, bad, 0xcb8},
		{[]string{"dump", "--json", containers + "elf-marker.o"}, "no bitcode module found", containers + "elf-marker.o", -1},
	} {
		code, out, stderr := runCmd(t, tt.args...)
		var d errDoc
		err := json.Unmarshal([]byte(out), &d)
		if err != nil || code != exitFailure || d.File != tt.args[2] || d.Error.Error != tt.msg || d.Error.File != tt.file || d.Error.Path != tt.file ||
			"bcextract: "+d.Error.Message+"\n" != stderr ||
			(d.Error.Offset == nil) != (tt.off < 0) || (d.Error.Offset != nil && *d.Error.Offset != tt.off) {
			t.Errorf("%q: exit %d, %v, output %q, stderr %q", tt.args, code, err, out, stderr)
		}
	}

	// sections: an "Error" in the object of the file it concerns, at a byte
	// of the file even for an archive's member, or in an object of its own.
	member, err := os.ReadFile(containers + "bad-elf-trunc.o")
	if err != nil {
		t.Fatal(err)
	}
	lib := filepath.Join(t.TempDir(), "lib.a")
	hdr := fmt.Sprintf("%-16s%-12s%-6s%-6s%-8s%-10d`\n", "m.o/", "0", "0", "0", "644", len(member))
	if err := os.WriteFile(lib, append([]byte("!<arch>\n"+hdr), member...), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr = runCmd(t, "sections", "--all", "--json", lib, containers+"bad-fat-off.o")
	var docs []struct {
		FileSummary struct{ File string }
		Error       *jsonError
	}
	if err := json.Unmarshal([]byte(out), &docs); err != nil || code != exitFailure || len(docs) != 2 {
		t.Fatalf("sections --json: exit %d, %v, %q", code, err, out)
	}
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	for i, want := range []struct {
		file, path string
		off        int64
	}{
		{lib, lib + "(m.o)", 0x44 + 0x28},                                  // 8-byte magic, 60-byte header, e_shoff
		{containers + "bad-fat-off.o", containers + "bad-fat-off.o", 0x24}, // the slice's fat_arch
	} {
		e := docs[i].Error
		if docs[i].FileSummary.File != want.path || e == nil || e.File != want.file || e.Path != want.path ||
			e.Offset == nil || *e.Offset != want.off || len(lines) != 2 || "bcextract: "+e.Message != lines[i] {
			t.Errorf("sections --json, %s: %+v, stderr %q", want.path, docs[i], stderr)
		}
	}
}
