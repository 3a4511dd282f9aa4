package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/elftest"
	"github.com/bcextract/bcextract/internal/irtest"
	"github.com/bcextract/bcextract/ir/assembly"
	"github.com/bcextract/bcextract/ir/bcwrite"
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
	wantLinked(t, out, filepath.Join(dir, "order.ll"))
	// Again: the output exists.
	if code, _, stderr := runCmd(t, "link", "-o", out, a, b); code != exitFailure || !strings.Contains(stderr, "exists (use --force to replace it)") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestLinkModuleAsm links two modules with module-level inline assembly:
// the bytes are llvm-link-22's, which writes no IR symbol table then (it
// registers no assembler parser), and nothing is said of a loss.
func TestLinkModuleAsm(t *testing.T) {
	dir := "../../ir/link/testdata"
	out := filepath.Join(t.TempDir(), "linked.bc")
	code, stdout, stderr := runCmd(t, "link", "-o", out, filepath.Join(dir, "asm-a.bc"), filepath.Join(dir, "asm-b.bc"))
	if code != exitOK || stderr != "" || stdout != "2 modules -> "+out+"\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(dir, "asm-linked.bc"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%d bytes written, want llvm-link-22's %d", len(got), len(want))
	}
}

// TestLinkOlder links for LLVM 16: the losses said on stderr and in
// --json are those of the two modules, the bytes those convert --llvm 16
// writes of the module linked for 22; --strict writes nothing.
func TestLinkOlder(t *testing.T) {
	a, b := "../../testdata/ir/attrs.bc", "../../testdata/ir/cattrs-O0.bc"
	dir := t.TempDir()
	out, latest := filepath.Join(dir, "for16.bc"), filepath.Join(dir, "for22.bc")
	code, _, stderr := runCmd(t, "link", "--llvm", "16", "-o", out, a, b)
	want := out + ": for LLVM 16: 10 x getelementptr nuw flag (dropped)\n" +
		out + ": for LLVM 16: 2 x range attribute (dropped)\n"
	if code != exitOK || stderr != want {
		t.Fatalf("exit %d, stderr\n%s\nwant\n%s", code, stderr, want)
	}
	if code, _, stderr := runCmd(t, "link", "-o", latest, a, b); code != exitOK {
		t.Fatalf("link for 22: exit %d: %s", code, stderr)
	}
	code, converted, stderr := runCmd(t, "convert", "--llvm", "16", "-o", "-", latest)
	if code != exitOK {
		t.Fatalf("convert: exit %d: %s", code, stderr)
	}
	if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, []byte(converted)) {
		t.Errorf("link --llvm 16 wrote %d bytes, convert --llvm 16 of the link %d (%v)", len(got), len(converted), err)
	}
	code, stdout, _ := runCmd(t, "link", "--llvm", "16", "--json", "-o", filepath.Join(dir, "json.bc"), a, b)
	var doc jsonLinkDoc
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil || code != exitOK {
		t.Fatalf("--json: exit %d, %v: %s", code, err, stdout)
	}
	if l := doc.Losses; len(l) != 2 || l[1] != (bcwrite.Loss{What: "range attribute (dropped)", Count: 2}) {
		t.Errorf("--json losses %+v", l)
	}
	strict := filepath.Join(dir, "strict.bc")
	code, _, stderr = runCmd(t, "link", "--llvm", "16", "--strict", "-o", strict, a, b)
	if code != exitFailure || !strings.Contains(stderr, "LLVM 16's reader cannot be given range attribute (dropped)") {
		t.Errorf("--strict: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(strict); err == nil {
		t.Errorf("--strict wrote %s", strict)
	}
	for _, args := range [][]string{{"--llvm", "18"}, {"--strict"}} {
		if code, _, _ := runCmd(t, append(append([]string{"link"}, args...), "-o", "-", a)...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
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

// linkedText prints the module of the bitcode file path as llvm-dis-22
// does, ModuleID linked.bc.
func linkedText(t *testing.T, path string) string {
	t.Helper()
	r, m := irtest.Module(t, path)
	var got bytes.Buffer
	if err := assembly.Write(&got, m, assembly.Options{ModuleID: "linked.bc", Loader: r}); err != nil {
		t.Fatal(err)
	}
	return got.String()
}

// wantLinked checks that the module linked into out prints as the
// golden file says (llvm-dis-22 of llvm-link-22's output).
func wantLinked(t *testing.T, out, golden string) {
	t.Helper()
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := linkedText(t, out); got != string(want) {
		t.Errorf("%s: got\n%s\nwant\n%s", golden, got, want)
	}
}

// TestLinkArchiveFlags links an archive as llvm-link-22 does (its members
// into a module first), and with llvm-link's flags: the goldens are
// llvm-link-22's (ir/link/testdata/regen.sh).
func TestLinkArchiveFlags(t *testing.T) {
	dir := "../../ir/link/testdata"
	tmp := t.TempDir()
	// An archive of nest-c.bc and nest-b.bc.
	var ar bytes.Buffer
	ar.WriteString("!<arch>\n")
	for _, n := range []string{"nest-c.bc", "nest-b.bc"} {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&ar, "%-16s%-12d%-6d%-6d%-8o%-10d`\n", n+"/", 0, 0, 0, 0o644, len(data))
		ar.Write(data)
		if ar.Len()%2 != 0 {
			ar.WriteByte('\n')
		}
	}
	lib := filepath.Join(tmp, "lib.a")
	if err := os.WriteFile(lib, ar.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	in := func(n string) string { return filepath.Join(dir, n+".bc") }
	for _, tc := range []struct {
		golden string
		args   []string
	}{
		{"nest", []string{in("nest-main"), lib}},
		{"needed", []string{"--only-needed", in("needed-main"), in("needed-lib")}},
		{"internalize", []string{"--internalize", in("needed-main"), in("needed-lib")}},
		{"needed-internalize", []string{"--only-needed", "--internalize", in("needed-main"), in("needed-lib")}},
		{"override", []string{in("needed-lib"), "--override", in("needed-main")}},
	} {
		out := filepath.Join(tmp, tc.golden+".bc")
		code, _, stderr := runCmd(t, append([]string{"link", "-o", out}, tc.args...)...)
		if code != exitOK || stderr != "" {
			t.Fatalf("%s: exit %d: %s", tc.golden, code, stderr)
		}
		wantLinked(t, out, filepath.Join(dir, tc.golden+".ll"))
	}
}

// TestLinkJSON checks link --json's account of each definition (worked
// by hand from weak-a.ll and weak-b.ll).
func TestLinkJSON(t *testing.T) {
	dir := "../../ir/link/testdata"
	out := filepath.Join(t.TempDir(), "w.bc")
	code, stdout, stderr := runCmd(t, "link", "--json", "-o", out, filepath.Join(dir, "weak-a.bc"), filepath.Join(dir, "weak-b.bc"))
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc jsonLinkDoc
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Modules) != 2 || doc.Output != out || len(doc.Symbols) != 10 {
		t.Fatalf("modules %v, output %q, %d symbols", doc.Modules, doc.Output, len(doc.Symbols))
	}
	a := filepath.Join(dir, "weak-a.bc")
	b := filepath.Join(dir, "weak-b.bc")
	for i, want := range map[int]jsonSymbol{
		1: {Input: a, Name: "w", Kind: "variable", Result: "replaced", By: b},
		4: {Input: a, Name: "user", Kind: "function", Result: "linked", As: "user"},
		9: {Input: b, Name: "later", Kind: "function", Result: "linked", As: "later"},
	} {
		if doc.Symbols[i] != want {
			t.Errorf("symbol %d = %+v, want %+v", i, doc.Symbols[i], want)
		}
	}
}

// TestLinkGllvm links the modules a gllvm program's .llvm_bc lists (the
// files' absolute paths, as gllvm writes them), as llvm-link-22 links the
// files; a listed file that is not there fails the link, naming it, and
// list shows the paths with whether they are there.
func TestLinkGllvm(t *testing.T) {
	dir, err := filepath.Abs("../../ir/link/testdata")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	a, b := filepath.Join(dir, "order-a.bc"), filepath.Join(dir, "order-b.bc")
	prog := filepath.Join(tmp, "prog")
	lines := a + "\n" + b + "\n"
	if err := os.WriteFile(prog, elftest.Build(elftest.Section{Type: 1, Name: ".llvm_bc", Data: []byte(lines)}), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(tmp, "linked.bc")
	if code, stdout, stderr := runCmd(t, "link", "-o", out, prog); code != exitOK || stderr != "" || stdout != "2 modules -> "+out+"\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	wantLinked(t, out, filepath.Join(dir, "order.ll"))

	gone := filepath.Join(tmp, "gone.bc")
	missing := filepath.Join(tmp, "prog-missing")
	if err := os.WriteFile(missing, elftest.Build(elftest.Section{Type: 1, Name: ".llvm_bc", Data: []byte(lines + gone + "\n")}), 0o644); err != nil {
		t.Fatal(err)
	}
	out2 := filepath.Join(tmp, "linked2.bc")
	code, _, stderr := runCmd(t, "link", "-o", out2, missing)
	if code != exitFailure || !strings.Contains(stderr, missing+":.llvm_bc#3: "+gone+", the bitcode file gllvm or wllvm recorded, is not there") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(out2); err == nil {
		t.Error("a file was written")
	}

	code, stdout, stderr := runCmd(t, "list", missing)
	if code != exitOK || stderr != "" {
		t.Fatalf("list: exit %d, stderr %q", code, stderr)
	}
	rows := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(rows) != 4 {
		t.Fatalf("list:\n%s", stdout)
	}
	// PATH KIND SECTION OFFSET SIZE PRODUCER TRIPLE, then the file.
	for i, want := range [][]string{
		// The section's contents start at 0x40, after the ELF header.
		{missing + ":.llvm_bc#1", "bcpath", ".llvm_bc", "0x40", fmt.Sprint(len(a)), "LLVM22.1.8", "-", a},
		{missing + ":.llvm_bc#3", "bcpath", ".llvm_bc", fmt.Sprintf("%#x", 0x40+len(lines)), fmt.Sprint(len(gone)), "-", "-", gone, "(missing)"},
	} {
		if got := strings.Fields(rows[1+2*i]); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("list row %d: %q, want %q", 1+2*i, got, want)
		}
	}
}
