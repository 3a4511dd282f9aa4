package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bcwrite"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// TestConvertOptOutput converts modules opt-22 wrote (ir/bcwrite's
// fixtures, its output for its own output): convert writes them again byte
// for byte, to a file (as they are made: bcwrite.WriteTo) and to standard
// output (bcwrite.Write).
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
			// Written into a temporary file as it was made, which is
			// now the output: nothing else is left.
			if ents, err := os.ReadDir(filepath.Dir(out)); err != nil || len(ents) != 1 {
				t.Errorf("the output's directory holds %d files (%v), want 1", len(ents), err)
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

// TestConvertAsmSymtab: a module with module-level inline assembly whose
// symbols no symbol table of LLVM 22 gives (llvm-as writes none) is
// written without its IR symbol table, which LLVM's linkers make again,
// and that is said on stderr; the module is the same.
func TestConvertAsmSymtab(t *testing.T) {
	const in = "../../testdata/ir/comdat-alias.bc"
	out := filepath.Join(t.TempDir(), "out.bc")
	code, stdout, stderr := runCmd(t, "convert", "-o", out, in)
	want := in + "#1: for LLVM 22: 1 x IR symbol table (SYMTAB block; the symbols of the module-level inline assembly are not known; linkers make it again)\n"
	if code != exitOK || stdout != in+"#1 -> "+out+"\n" || stderr != want {
		t.Fatalf("exit %d, stdout %q, stderr %q, want %q", code, stdout, stderr, want)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("22.1.8")) {
		t.Errorf("the output holds the symbol table's producer string")
	}
	// The module's text, past the ModuleID line.
	body := func(s string) string { return s[strings.Index(s, "\nsource_filename"):] }
	_, got, _ := runCmd(t, "dis", out)
	_, orig, _ := runCmd(t, "dis", in)
	if body(got) != body(orig) || !strings.Contains(got, "module asm") {
		t.Errorf("converted, it prints\n%s\nwant\n%s", got, orig)
	}
}

// TestConvertRefusedInvalid: a module LLVM 22's verifier refuses, which
// llvm-dis-22 prints (calls of clang 13's RISC-V vector intrinsics, of
// types LLVM 22's do not take), is not written, as opt-22 writes nothing
// of it ("Intrinsic has incorrect argument type!"). A declaration of such
// a type that nothing calls, which the verifier leaves, is written
// (lifetime-leftover-llvm22).
func TestConvertRefusedInvalid(t *testing.T) {
	const in = "../../testdata/ir/upgrade/riscv-rvv-llvm13-O1.bc"
	dir := t.TempDir()
	code, stdout, stderr := runCmd(t, "convert", "-d", dir, in)
	want := "riscv-rvv-llvm13-O1.bc#1: not converted: bcwrite: a module LLVM 22's verifier refuses: a call of @llvm.riscv.vadd.nxv2i32.nxv2i32.i64, an intrinsic declared with a type it does not take (in @add)"
	if code != exitFailure || stdout != "" || !strings.Contains(stderr, want) {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("%d files written", len(ents))
	}
}

// TestConvertSummary: rustc's module keeps its summary and module hash as
// read; --rehash writes the hash opt-22 --module-summary --module-hash
// computes for it; --drop-summary writes neither.
func TestConvertSummary(t *testing.T) {
	const in = "../../testdata/inspect/rust.bc"
	read := func(path string) *ir.Summary {
		t.Helper()
		m, _ := openModule(t, path)
		return m.Summary
	}
	want := read(in)
	dir := t.TempDir()
	for _, c := range []struct {
		flag string
		hash [5]uint32
	}{
		{"--producer=" + bcwrite.DefaultProducer, want.Modules[0].Hash},
		// llvm-bcanalyzer-22 -dump of opt-22's output: <HASH op0=...>.
		{"--rehash", [5]uint32{2299008891, 2544931163, 3088469790, 2343779600, 2416873180}},
		{"--drop-summary", [5]uint32{}},
	} {
		out := filepath.Join(dir, c.flag[2:]+".bc")
		if code, _, stderr := runCmd(t, "convert", c.flag, "-o", out, in); code != exitOK {
			t.Fatalf("%s: exit %d: %s", c.flag, code, stderr)
		}
		got := read(out)
		if c.flag == "--drop-summary" {
			if got != nil {
				t.Errorf("--drop-summary: a summary was written")
			}
			continue
		}
		if got == nil || got.Modules[0].Hash != c.hash {
			t.Fatalf("%s: summary %v, want the hash %v", c.flag, got, c.hash)
		}
		w := *want
		w.Modules = []ir.SummaryModule{{Hash: c.hash}}
		if !reflect.DeepEqual(got, &w) {
			t.Errorf("%s: the summary written is not the one read", c.flag)
		}
	}
	if code, _, _ := runCmd(t, "convert", "--rehash", "--drop-summary", "-o", filepath.Join(dir, "x.bc"), in); code != exitUsage {
		t.Errorf("--rehash --drop-summary: exit %d, want %d", code, exitUsage)
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

// TestConvertOlder converts a module for LLVM 19: what it drops is said on
// stderr, a line per kind with its count (as bcwrite's TestOlderLosses
// counts them), and in --json; with --strict nothing is written.
func TestConvertOlder(t *testing.T) {
	const in = "../../testdata/ir/di-coro-O0.bc"
	out := filepath.Join(t.TempDir(), "out.bc")
	code, _, stderr := runCmd(t, "convert", "--llvm", "19", "-o", out, in)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := in + "#1: for LLVM 19: 8 x DILabel column (dropped)\n" +
		in + "#1: for LLVM 19: 8 x DILabel coroSuspendIdx (dropped)\n" +
		in + "#1: for LLVM 19: 8 x DILabel isArtificial (dropped)\n"
	if stderr != want {
		t.Errorf("stderr\n%s\nwant\n%s", stderr, want)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := runCmd(t, "convert", "--llvm", "19", "--json", "-d", t.TempDir(), in)
	var doc jsonConvertDoc
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil || code != exitOK || len(doc.Files) != 1 {
		t.Fatalf("--json: exit %d, %v: %s", code, err, stdout)
	}
	if l := doc.Files[0].Losses; len(l) != 3 || l[0] != (bcwrite.Loss{What: "DILabel column (dropped)", Count: 8}) {
		t.Errorf("--json losses %+v", l)
	}
	strict := filepath.Join(t.TempDir(), "strict.bc")
	code, _, stderr = runCmd(t, "convert", "--llvm", "19", "--strict", "-o", strict, in)
	if code != exitFailure || !strings.Contains(stderr, "LLVM 19's reader cannot be given DILabel column (dropped)") {
		t.Errorf("--strict: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(strict); err == nil {
		t.Errorf("--strict wrote %s", strict)
	}
	for _, args := range [][]string{{"--llvm", "18"}, {"--strict"}} {
		if code, _, _ := runCmd(t, append(append([]string{"convert"}, args...), "-o", "-", in)...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// TestConvertUncalledMistyped: the llvm.lifetime.start.i64(i64) that LLVM
// 22's upgrade of an older lifetime intrinsic leaves, called by nothing,
// does not keep a module from being written (opt-22 writes it); called,
// it does (opt-22's verifier refuses the call).
func TestConvertUncalledMistyped(t *testing.T) {
	dir := t.TempDir()
	if code, _, stderr := runCmd(t, "convert", "-d", dir, "../../testdata/ir/llvm19-cattrs-O2.bc"); code != exitOK {
		t.Errorf("uncalled: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr := runCmd(t, "convert", "-d", t.TempDir(), "../../testdata/ir/upgrade/lifetime-leftover-llvm22.bc")
	if code != exitFailure || !strings.Contains(stderr, "a call of @llvm.lifetime.start.i64, an intrinsic declared with a type it does not take (in @f)") {
		t.Errorf("called: exit %d, stderr %q", code, stderr)
	}
}

// TestConvertOutputExists: an -o file that exists is refused (exit 1,
// left as it was) before any input is read: here the input does not
// exist, and the error is the output's. With --json the error is in the
// document, as that of any output.
func TestConvertOutputExists(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.bc")
	if err := os.WriteFile(out, []byte("old"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"convert", "link"} {
		code, _, stderr := runCmd(t, cmd, "-o", out, filepath.Join(t.TempDir(), "missing.bc"))
		if b, _ := os.ReadFile(out); code != exitFailure || string(b) != "old" || stderr != "bcextract: "+out+": exists (use --force to replace it)\n" {
			t.Errorf("%s: exit %d, stderr %q, file %q", cmd, code, stderr, b)
		}
	}
	in := filepath.Join("..", "..", "testdata", "ir", "attrs.bc")
	code, stdout, _ := runCmd(t, "convert", "--json", "-o", out, in)
	if b, _ := os.ReadFile(out); code != exitFailure || string(b) != "old" ||
		!strings.Contains(stdout, `"error": "`+out+`: exists (use --force to replace it)"`) {
		t.Errorf("--json: exit %d, stdout %q", code, stdout)
	}
}

// TestConvertModuleFails: of a file of two modules whose first cannot be
// written for LLVM 14 (it calls llvm.public.type.test), -d writes the
// second, and -o counts both (it needs exactly one) and writes nothing;
// both say why the first was not converted and exit 1.
func TestConvertModuleFails(t *testing.T) {
	const in = "../../testdata/inspect/split.bc"
	dir := t.TempDir()
	code, stdout, stderr := runCmd(t, "convert", "--llvm", "14", "-d", dir, in)
	if code != exitFailure || !strings.Contains(stderr, "not converted: bcwrite: the intrinsic llvm.public.type.test") {
		t.Errorf("-d: exit %d, stderr %q", code, stderr)
	}
	want := in + "#1 (module 2 of 2) -> " + filepath.Join(dir, "split.bc#1__module_2_of_2_.bc") + "\n"
	if stdout != want {
		t.Errorf("-d: stdout %q, want %q", stdout, want)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("-d: %d files written, want 1", len(ents))
	}
	out := filepath.Join(t.TempDir(), "out.bc")
	code, _, stderr = runCmd(t, "convert", "--llvm", "14", "-o", out, in)
	if code != exitFailure || !strings.Contains(stderr, "not converted") ||
		!strings.Contains(stderr, "-o needs exactly one module, but 2 were found") {
		t.Errorf("-o: exit %d, stderr %q", code, stderr)
	}
	if ents, _ := os.ReadDir(filepath.Dir(out)); len(ents) != 0 {
		t.Errorf("-o: %d files left, want none", len(ents))
	}
}

// TestOutputError: an error writing the output file while a module is
// written into it is the output's (a full disk is not a module that
// cannot be converted), said without the temporary file's name; other
// errors are not.
func TestOutputError(t *testing.T) {
	m, r := openModule(t, "../../ir/bcwrite/testdata/decl/gc.bc")
	name := filepath.Join(t.TempDir(), "out.bc")
	if err := os.WriteFile(name, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	ro, err := os.Open(name) // read-only: every write fails
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	_, werr := bcwrite.WriteTo(m, bcwrite.Options{Loader: r}, ro)
	oerr := outputError(werr, ro)
	var we errWriting
	if !errors.As(oerr, &we) || strings.Contains(oerr.Error(), name) {
		t.Errorf("outputError(%v) = %v, want the write's error without the file's name", werr, oerr)
	}
	if got := outputError(errors.New("not converted"), ro); got != nil {
		t.Errorf("outputError of another error = %v, want nil", got)
	}
}

// openModule reads the first module of the bitcode file at path, and
// its reader.
func openModule(t *testing.T, path string) (*ir.Module, *bitcode.Reader) {
	t.Helper()
	data, err := os.ReadFile(path)
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
	return m, f.Modules[0]
}
