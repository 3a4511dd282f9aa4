package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bcextract/bcextract/internal/elftest"
)

// Inputs that are not regular files are read: a FIFO, the /dev/fd/N of a
// shell's process substitution ("bcextract list <(cat x.o)"), standard
// input. Each gives what the regular file gives, under its own name.
func TestSpecialInputs(t *testing.T) {
	src := containers + "elf-x86_64.o"
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	_, want, _ := runCmd(t, "list", src)

	// A FIFO, its writer started before and after the reader.
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	for _, delay := range []time.Duration{0, 200 * time.Millisecond} {
		done := make(chan error, 1)
		go func() {
			time.Sleep(delay)
			f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err == nil {
				_, err = f.Write(data)
				f.Close()
			}
			done <- err
		}()
		code, out, stderr := runCmd(t, "list", fifo)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if code != exitOK || columns(strings.ReplaceAll(out, fifo, src)) != columns(want) {
			t.Errorf("list FIFO (writer after %v): exit %d, stderr %q, stdout:\n%s\nwant:\n%s", delay, code, stderr, out, want)
		}
	}

	// A pipe, named as process substitution names it.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() { w.Write(data); w.Close() }()
	name := fmt.Sprintf("/dev/fd/%d", r.Fd())
	if _, err := os.Stat(name); err != nil {
		t.Skip("no /dev/fd here")
	}
	code, out, stderr := runCmd(t, "list", name)
	if code != exitOK || columns(strings.ReplaceAll(out, name, src)) != columns(want) {
		t.Errorf("list %s: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", name, code, stderr, out, want)
	}

	// Standard input.
	var stdout, errb bytes.Buffer
	code = run(&env{stdin: bytes.NewReader(data), stdout: &stdout, stderr: &errb}, []string{"list", "-"})
	if code != exitOK || columns(strings.ReplaceAll(stdout.String(), "-:", src+":")) != columns(want) {
		t.Errorf("list -: exit %d, stderr %q, stdout:\n%s", code, errb.String(), stdout.String())
	}
}

// columns returns the table s with each run of blanks made one space.
func columns(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		b.WriteString(strings.Join(strings.Fields(line), " ") + "\n")
	}
	return b.String()
}

// An input that cannot be opened is one line, "bcextract: FILE: open:
// CAUSE", in every command.
func TestOpenErrorWording(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.o")
	for _, c := range [][]string{{"list"}, {"extract", "-d", dir}, {"inspect"}, {"sections", "--all"}, {"dump"}, {"stats"}, {"bbmap"}} {
		for _, tt := range []struct{ file, cause string }{
			{missing, "open: no such file or directory"},
			{dir, "open: is a directory"},
		} {
			code, _, stderr := runCmd(t, append(c, tt.file)...)
			if want := "bcextract: " + tt.file + ": " + tt.cause + "\n"; code != exitFailure || stderr != want {
				t.Errorf("%s %s: exit %d, stderr %q; want %q", c[0], tt.file, code, stderr, want)
			}
		}
	}
}

// A FILE holding nothing a command works on is a failure of that FILE
// (exit 1, one line without an offset), in every command but sections,
// which prints llvm-readobj's empty views, and scan, which sweeps.
func TestNothingFound(t *testing.T) {
	obj := filepath.Join(t.TempDir(), "plain.o")
	if err := os.WriteFile(obj, elftest.Build(), 0o644); err != nil {
		t.Fatal(err)
	}
	marker := containers + "elf-marker.o" // an LLVM payload, but no module
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"list", obj}, exitFailure, obj + ": no LLVM payload found\n"},
		{[]string{"list", marker}, exitOK, ""},
		{[]string{"inspect", obj}, exitFailure, obj + ": no bitcode module found\n"},
		{[]string{"inspect", marker}, exitFailure, marker + ": no bitcode module found\n"},
		{[]string{"inspect", "--symbols", marker}, exitFailure, marker + ": no bitcode module found\n"},
		{[]string{"dump", marker}, exitFailure, marker + ": no bitcode module found\n"},
		{[]string{"stats", obj}, exitFailure, obj + ": no bitcode module found\n"},
		{[]string{"extract", "-o", "-", obj}, exitFailure, obj + ": no payload of kind bitcode, lto\n"},
		{[]string{"bbmap", obj}, exitFailure, obj + ": no basic block address map (SHT_LLVM_BB_ADDR_MAP section); build with -fbasic-block-address-map\n"},
		{[]string{"sections", "--addrsig", obj}, exitOK, ""},
	}
	for _, tt := range tests {
		code, _, stderr := runCmd(t, tt.args...)
		if code != tt.code || strings.TrimPrefix(stderr, "bcextract: ") != tt.stderr {
			t.Errorf("%q: exit %d, stderr %q; want %d, %q", tt.args, code, stderr, tt.code, tt.stderr)
		}
	}
	code, out, _ := runCmd(t, "list", "--json", obj)
	var doc struct{ Errors []jsonError }
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitFailure || len(doc.Errors) != 1 ||
		doc.Errors[0].Path != obj || doc.Errors[0].File != obj || doc.Errors[0].Offset != nil || doc.Errors[0].Error != "no LLVM payload found" {
		t.Errorf("list --json: exit %d, %v, %s", code, err, out)
	}
}

// One fault is one error line, though the walk and the command's decoder
// both meet it.
func TestOneLinePerFault(t *testing.T) {
	dir := t.TempDir()
	cut := filepath.Join(dir, "cut.bc")
	if err := os.WriteFile(cut, []byte("BC\xc0\xde\x35\x14\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range [][]string{{"list"}, {"list", "--json"}, {"inspect"}, {"inspect", "--symbols"}, {"dump"}, {"stats"}, {"extract", "-d", dir}, {"scan"}} {
		code, _, stderr := runCmd(t, append(c, cut)...)
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		if c[0] == "scan" {
			lines = lines[:1] // then the summary
		}
		if code != exitFailure || len(lines) != 1 || !strings.HasPrefix(lines[0], "bcextract: "+cut+": ") || !strings.Contains(lines[0], " at b") {
			t.Errorf("%q: exit %d, stderr %q; want one line", c, code, stderr)
		}
	}
}

// Every --json run prints valid JSON, with an input that cannot be opened
// as an error object: path, file, error (the cause) and message (the line
// on stderr).
func TestOpenErrorJSON(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.o")
	for _, file := range []string{missing, dir} {
		cause := map[string]string{missing: "open: no such file or directory", dir: "open: is a directory"}[file]
		for _, c := range []struct {
			args []string
			find func(doc any) any // the error object in the document
		}{
			{[]string{"list", "--json"}, func(d any) any { return d.(map[string]any)["errors"].([]any)[0] }},
			{[]string{"inspect", "--json"}, func(d any) any { return d.(map[string]any)["errors"].([]any)[0] }},
			{[]string{"sections", "--all", "--json"}, func(d any) any { return d.([]any)[0].(map[string]any)["Error"] }},
			{[]string{"dump", "--json"}, func(d any) any { return d.(map[string]any)["error"] }},
			{[]string{"stats", "--json"}, func(d any) any { return d.(map[string]any)["error"] }},
			{[]string{"bbmap", "--json"}, func(d any) any { return d.(map[string]any)["errors"].([]any)[0] }},
		} {
			code, out, stderr := runCmd(t, append(c.args, file)...)
			var doc any
			if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitFailure {
				t.Errorf("%q %s: exit %d, %v: %s", c.args, file, code, err, out)
				continue
			}
			e, _ := c.find(doc).(map[string]any)
			if e["path"] != file || e["file"] != file || e["error"] != cause || !strings.HasPrefix(stderr, "bcextract: "+e["message"].(string)+"\n") {
				t.Errorf("%q %s: error object %v, stderr %q", c.args, file, e, stderr)
			}
		}
	}
	// scan, which looks at each PATH before opening it: a JSON line.
	code, out, _ := runCmd(t, "scan", "--json", missing)
	var e jsonError
	if err := json.Unmarshal([]byte(out), &e); err != nil || code != exitFailure || e.Path != missing || e.File != missing ||
		e.Error != "stat: no such file or directory" || e.Message != missing+": "+e.Error {
		t.Errorf("scan --json %s: exit %d, %v, %s", missing, code, err, out)
	}
}
