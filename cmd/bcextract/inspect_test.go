package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInspectSymbols checks inspect --symbols against llvm-nm-22's output
// for every fixture (goldens written by testdata/inspect/gen.sh).
func TestInspectSymbols(t *testing.T) {
	names, _ := filepath.Glob("../../testdata/inspect/*.bc")
	if len(names) < 15 {
		t.Fatalf("found %d fixtures", len(names))
	}
	for _, name := range names {
		want, err := os.ReadFile(name + ".nm")
		if err != nil {
			t.Fatal(err)
		}
		code, out, stderr := runCmd(t, "inspect", "--symbols", name)
		if code != exitOK || out != string(want) {
			t.Errorf("%s: exit %d, stderr %q, output differs from llvm-nm-22:\n%s\nwant\n%s", filepath.Base(name), code, stderr, out, want)
		}
	}
}

// TestInspectSymbolsDemangled checks inspect --symbols -C against
// llvm-nm-22 -C for every fixture: names demangled, order still that of
// the mangled names.
func TestInspectSymbolsDemangled(t *testing.T) {
	names, _ := filepath.Glob("../../testdata/inspect/*.bc")
	for _, name := range names {
		want, err := os.ReadFile(name + ".nmC")
		if err != nil {
			t.Fatal(err)
		}
		for _, flag := range []string{"-C", "--demangle"} {
			code, out, stderr := runCmd(t, "inspect", "--symbols", flag, name)
			if code != exitOK || out != string(want) {
				t.Errorf("%s %s: exit %d, stderr %q, output differs from llvm-nm-22 -C:\n%s\nwant\n%s", filepath.Base(name), flag, code, stderr, out, want)
			}
		}
	}
	// What the C++ and Rust v0 fixtures hold, so that a regenerated
	// golden cannot drop them silently.
	for _, tt := range []struct{ file, line string }{
		{"cxx-names.bc", "---------------- W std::basic_ostream<char, std::char_traits<char>>& std::operator<<<std::char_traits<char>>(std::basic_ostream<char, std::char_traits<char>>&, char const*)\n"},
		{"cxx-names.bc", "---------------- W bool geo::operator<<geo::Point>(geo::Point const&, geo::Point const&)\n"},
		{"cxx-names.bc", "---------------- t run(std::ostream&, geo::Point, geo::Point)::$_0::operator()(int) const\n"},
		{"cxx-names.bc", "---------------- t (anonymous namespace)::hidden(int)\n"},
		{"rust-v0.bc", "---------------- T <core::iter::adapters::copied::Copied<core::slice::iter::Iter<u32>> as core::iter::traits::iterator::Iterator>::fold::<u32, <u32>::wrapping_add>\n"},
		{"rust.bc", "---------------- T fixture::sum::h7ec0e13890f36ad2\n"},
		{"globals-darwin.bc", "---------------- T _add\n"},
	} {
		_, out, _ := runCmd(t, "inspect", "--symbols", "-C", "../../testdata/inspect/"+tt.file)
		if !strings.Contains(out, tt.line) {
			t.Errorf("%s: no line %q in\n%s", tt.file, tt.line, out)
		}
	}
}

// TestInspectJSONDemangled checks the "demangled" field of inspect
// --json -C against llvm-nm-22 -C, and that it is absent without -C.
func TestInspectJSONDemangled(t *testing.T) {
	const file = "../../testdata/inspect/cxx-names.bc"
	type symbols struct {
		Payloads []struct {
			Symbols []struct {
				Name, Type string
				Demangled  *string
			}
		}
	}
	var doc symbols
	code, out, _ := runCmd(t, "inspect", "--json", "-C", file)
	if err := json.Unmarshal([]byte(out), &doc); code != exitOK || err != nil || len(doc.Payloads) != 1 {
		t.Fatalf("exit %d, %v, output\n%s", code, err, out)
	}
	mangled, _ := os.ReadFile(file + ".nm")
	demangled, _ := os.ReadFile(file + ".nmC")
	ml, dl := strings.Split(strings.TrimSuffix(string(mangled), "\n"), "\n"), strings.Split(strings.TrimSuffix(string(demangled), "\n"), "\n")
	syms := doc.Payloads[0].Symbols
	if len(syms) != len(ml) || len(ml) != len(dl) {
		t.Fatalf("%d symbols, llvm-nm-22 lists %d and %d", len(syms), len(ml), len(dl))
	}
	for i, s := range syms {
		if s.Demangled == nil || ml[i][19:] != s.Name || dl[i][19:] != *s.Demangled {
			t.Errorf("symbol %d: %+v, want name %q demangled %q", i, s, ml[i][19:], dl[i][19:])
		}
	}
	doc = symbols{}
	_, out, _ = runCmd(t, "inspect", "--json", file)
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Payloads) != 1 || doc.Payloads[0].Symbols[0].Demangled != nil {
		t.Errorf("without -C: %v, %s", err, out)
	}
}

func TestInspectText(t *testing.T) {
	code, out, _ := runCmd(t, "inspect", "../../testdata/inspect/thinlto.bc")
	want := `../../testdata/inspect/thinlto.bc#1
  producer:     LLVM22.1.8, epoch 0; bitcode version 2
  min llvm:     21 (module summary version 11 or 12)
  triple:       x86_64-pc-linux-gnu
  datalayout:   e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128
  source file:  src/globals.c
  hash:         f4c04480ce7fa377ce41d3d5b2e5bcaa19e03bef
  summary:      thinlto, version 12, flags none
  ident:        Debian clang version 22.1.8 (1~deb12u1)
  globals:      11 functions (9 defined), 14 variables (12 defined), 2 aliases, 1 ifunc
  irsymtab:     version 3, producer 22.1.8, 28 symbols, 0 comdats
`
	if code != exitOK || out != want {
		t.Errorf("exit %d, output\n%s\nwant\n%s", code, out, want)
	}
	// In a linked binary each module is paired with its command line.
	code, out, _ = runCmd(t, "inspect", "../../testdata/containers/prog")
	if code != exitOK || strings.Count(out, "  cmdline:      -cc1 -triple x86_64-unknown-linux-gnu -O1 -emit-obj") != 3 ||
		!strings.Contains(out, "prog:.llvmbc#3\n") || !strings.Contains(out, "source file:  src/math.c\n") {
		t.Errorf("prog: exit %d, output\n%s", code, out)
	}
}

func TestInspectJSON(t *testing.T) {
	code, out, _ := runCmd(t, "inspect", "--json", "../../testdata/inspect/split.bc", "../../testdata/inspect/win32.bc")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var doc struct {
		Payloads []struct {
			Path    string
			Modules []struct {
				Producer string
				Summary  struct {
					Kind  string
					Flags []string
				}
				Globals []struct{ Name, Kind, Linkage string }
			}
			Symtab struct {
				COFFLinkerOpts string `json:"coff_linker_opts"`
				Symbols        []struct{ Name string }
			}
			Symbols []struct{ Name, Type string }
		}
		Errors []any
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Payloads) != 2 || len(doc.Errors) != 0 {
		t.Fatalf("%d payloads, %d errors", len(doc.Payloads), len(doc.Errors))
	}
	split := doc.Payloads[0]
	if len(split.Modules) != 2 || split.Modules[0].Summary.Kind != "thinlto" || split.Modules[1].Summary.Kind != "full-lto" ||
		split.Modules[1].Summary.Flags[0] != "enable-split-lto-unit" || len(split.Symtab.Symbols) != 21 {
		t.Errorf("split.bc: %+v", split)
	}
	nm, _ := os.ReadFile("../../testdata/inspect/split.bc.nm")
	if len(split.Symbols) != strings.Count(string(nm), "\n") {
		t.Errorf("split.bc: %d symbols, llvm-nm-22 lists %d", len(split.Symbols), strings.Count(string(nm), "\n"))
	}
	if w := doc.Payloads[1]; !strings.Contains(w.Symtab.COFFLinkerOpts, "/DEFAULTLIB:kernel32.lib") {
		t.Errorf("win32.bc linker options %q", w.Symtab.COFFLinkerOpts)
	}
}

func TestInspectErrors(t *testing.T) {
	data, err := os.ReadFile("../../testdata/inspect/thinlto.bc")
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "cut.bc")
	if err := os.WriteFile(name, data[:300], 0o666); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCmd(t, "inspect", name)
	// What was read is printed; the error names the file and the byte
	// where the data ends.
	if code != exitFailure || !strings.Contains(out, "producer:     LLVM22.1.8") ||
		!strings.Contains(stderr, name+": block length of 450 words runs past the end of the stream (the block at bit 2059) at byte 0x12c\n") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	code, out, _ = runCmd(t, "inspect", "--json", name)
	if code != exitFailure || !strings.Contains(out, `"offset": 300`) {
		t.Errorf("json: exit %d, output %s", code, out)
	}
}

// The files of a bitcode bundle carry what the bundle's table of contents
// says, in inspect and in list --json.
func TestInspectBundle(t *testing.T) {
	code, out, _ := runCmd(t, "inspect", containers+"bundle-gzip.o")
	if code != exitOK || !strings.Contains(out, "bundle-gzip.o:__LLVM,__bundle/2\n") ||
		!strings.Contains(out, "  bundle file:  2, Bitcode, application/x-gzip, 2832 bytes\n") ||
		!strings.Contains(out, "  bundle:       platform macOS, sdk 11.0.0, arch arm64\n") ||
		!strings.Contains(out, "  dylibs:       {SDKPATH}/usr/lib/libSystem.B.dylib\n") {
		t.Errorf("exit %d, output\n%s", code, out)
	}
	for _, cmd := range []string{"inspect", "list"} {
		code, out, _ = runCmd(t, cmd, "--json", containers+"bundle-gzip.o")
		var doc struct {
			Payloads []struct {
				Path   string
				Size   int64
				Bundle *struct {
					Platform string
					Member   *struct {
						Encoding string
						Size     int64
					}
				}
			}
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitOK {
			t.Fatalf("%s: exit %d, %v", cmd, code, err)
		}
		var found bool
		for _, p := range doc.Payloads {
			if strings.HasSuffix(p.Path, "__LLVM,__bundle/2") {
				found = p.Size == 2360 && p.Bundle != nil && p.Bundle.Platform == "macOS" && p.Bundle.Member != nil &&
					p.Bundle.Member.Encoding == "application/x-gzip" && p.Bundle.Member.Size == 2832
			}
		}
		if !found {
			t.Errorf("%s --json: no gzip member with its bundle metadata in\n%s", cmd, out)
		}
	}
}
