package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConvertOptOutput converts modules opt-22 wrote (ir/bcwrite's
// fixtures, its output for its own output): convert writes them again byte
// for byte, to a file and to standard output.
func TestConvertOptOutput(t *testing.T) {
	for _, name := range []string{"debug-c.bc", "debug-cxx.bc", "clang-o2.bc", "types.bc"} {
		t.Run(name, func(t *testing.T) {
			in := filepath.Join("../../ir/bcwrite/testdata/decl", name)
			want, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), "out.bc")
			code, stdout, stderr := runCmd(t, "convert", "-o", out, in)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if stdout != in+"#1 -> "+out+"\n" {
				t.Errorf("stdout %q", stdout)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%d bytes written, want opt-22's %d", len(got), len(want))
			}
			code, stdout, _ = runCmd(t, "convert", "-o", "-", in)
			if code != exitOK || stdout != string(want) {
				t.Errorf("-o -: exit %d, %d bytes, want opt-22's %d", code, len(stdout), len(want))
			}
		})
	}
}

// TestConvertContainer converts the three modules embedded in a binary into
// a directory: each prints as the module extracted from the binary does.
func TestConvertContainer(t *testing.T) {
	const prog = "../../testdata/containers/prog"
	dir := t.TempDir()
	code, stdout, stderr := runCmd(t, "convert", "-d", dir, prog)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if n := strings.Count(stdout, " -> "); n != 3 {
		t.Fatalf("%d modules written, want 3:\n%s", n, stdout)
	}
	for i := 1; i <= 3; i++ {
		conv := filepath.Join(dir, "prog_.llvmbc#"+string(rune('0'+i))+".bc")
		_, got, stderr := runCmd(t, "dis", conv)
		_, want, _ := runCmd(t, "dis", prog)
		parts := strings.Split(want, "==> ")
		if len(parts) != 4 || stderr != "" {
			t.Fatalf("dis: %d parts, stderr %q", len(parts), stderr)
		}
		// The module's text, past the "==> PATH <==" and ModuleID lines.
		body := func(s string) string {
			s = s[strings.Index(s, "\nsource_filename"):]
			return strings.TrimRight(s, "\n")
		}
		if body(got) != body(parts[i]) {
			t.Errorf("module %d: converted, it prints\n%s\nwant\n%s", i, body(got), body(parts[i]))
		}
	}
}

// TestConvertRefused: a module with what the writer does not write (a
// summary) is said on stderr, nothing is written and the exit status is 1;
// with --drop-summary it is written.
func TestConvertRefused(t *testing.T) {
	const in = "../../testdata/inspect/rust.bc"
	dir := t.TempDir()
	code, stdout, stderr := runCmd(t, "convert", "-d", dir, in)
	if code != exitFailure || stdout != "" || !strings.Contains(stderr, "rust.bc#1: not converted: bcwrite: a summary is not supported yet") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("%d files written", len(ents))
	}
	code, stdout, stderr = runCmd(t, "convert", "--drop-summary", "--json", "-d", dir, in)
	if code != exitOK || !strings.Contains(stdout, `"file": "`+filepath.Join(dir, "rust.bc#1.bc")+`"`) {
		t.Fatalf("--drop-summary: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestConvertUsage: -o with several modules found, and no input.
func TestConvertUsage(t *testing.T) {
	code, _, stderr := runCmd(t, "convert", "-o", filepath.Join(t.TempDir(), "x.bc"), "../../testdata/containers/prog")
	if code != exitFailure || !strings.Contains(stderr, "-o needs exactly one module, but 3 were found") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if code, _, _ := runCmd(t, "convert"); code != exitUsage {
		t.Errorf("no FILE: exit %d", code)
	}
}
