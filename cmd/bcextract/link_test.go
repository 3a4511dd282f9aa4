package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// TestLink links two modules and checks the module written, printed, is
// what llvm-dis-22 prints of llvm-link-22's (ir/link's golden), and what
// stdout says.
func TestLink(t *testing.T) {
	dir := "../../ir/link/testdata"
	a, b := filepath.Join(dir, "order-a.bc"), filepath.Join(dir, "order-b.bc")
	out := filepath.Join(t.TempDir(), "linked.bc")
	code, stdout, stderr := runCmd(t, "link", "-o", out, a, b)
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if stdout != "2 modules -> "+out+"\n" {
		t.Errorf("stdout %q", stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	f, err := bitcode.Options{}.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	m, err := f.Modules[0].Module()
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if err := assembly.Write(&got, m, assembly.Options{ModuleID: "linked.bc", Loader: f.Modules[0]}); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(dir, "order.ll"))
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("got\n%s\nwant\n%s", got.String(), want)
	}
	// Again: the output exists.
	if code, _, stderr := runCmd(t, "link", "-o", out, a, b); code != exitFailure || !strings.Contains(stderr, "exists (use --force to replace it)") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestLinkErrors: llvm-link's errors in its words, exit 1 and nothing
// written; usage errors exit 2.
func TestLinkErrors(t *testing.T) {
	dir := "../../ir/link/testdata"
	out := filepath.Join(t.TempDir(), "linked.bc")
	code, stdout, stderr := runCmd(t, "link", "-o", out, filepath.Join(dir, "multi-a.bc"), filepath.Join(dir, "multi-b.bc"))
	if code != exitFailure || stdout != "" || stderr != "error: Linking globals named 'f': symbol multiply defined!\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a file was written")
	}
	if code, _, stderr := runCmd(t, "link", filepath.Join(dir, "multi-a.bc")); code != exitUsage || !strings.Contains(stderr, "missing -o PATH") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}
