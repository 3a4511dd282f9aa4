package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/sections/readobj"
)

// TestSectionsGolden runs 'sections --bb-addr-map
// --pretty-pgo-analysis-map' on the fixtures of testdata/sections and
// compares stdout and the warnings with llvm-readobj-22's, through the
// command's flags (sections/readobj's TestGolden compares every flag set
// through Options). The JSON form must parse.
func TestSectionsGolden(t *testing.T) {
	goldens, _ := filepath.Glob("../../testdata/sections/golden/*.bbpretty")
	if len(goldens) == 0 {
		t.Skip("no goldens in testdata/sections/golden")
	}
	wd, _ := os.Getwd()
	if err := os.Chdir("../../testdata/sections"); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	for _, g := range goldens {
		base := filepath.Base(g)
		file := strings.TrimSuffix(base, ".bbpretty")
		if file == "bbmap-i686.o" {
			continue // llvm-readobj-22 cannot read REL relocations: see readobj's TestGolden
		}
		want, _ := os.ReadFile("golden/" + base)
		wantErr, _ := os.ReadFile("golden/" + base + ".stderr")
		code, out, stderr := runCmd(t, "sections", "--bb-addr-map", "--pretty-pgo-analysis-map", file)
		gotErr := strings.ReplaceAll(stderr, "bcextract: warning: ", "llvm-readobj-22: warning: ")
		if out != string(want) || code != exitOK || gotErr != string(wantErr) {
			t.Errorf("%s: exit %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s\nwant:\n%s", base, code, out, want, gotErr, wantErr)
		}
		_, out, _ = runCmd(t, "sections", "--json", "--bb-addr-map", "--pretty-pgo-analysis-map", file)
		var doc []map[string]any
		if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc) != 1 || doc[0]["FileSummary"] == nil {
			t.Errorf("%s --json: %v\n%s", base, err, out)
		}
	}
}

// TestSectionsFlags checks the flags' wiring: what sections prints is what
// readobj.Text prints with the Options the flags name, and --json's array
// holds readobj.JSON's objects.
func TestSectionsFlags(t *testing.T) {
	all := readobj.Options{DependentLibraries: true, LinkerOptions: true, CGProfile: true, BBAddrMap: true, Addrsig: true,
		SymPart: true, Cmdlines: true, Offloading: true, JTSizes: true, CallGraph: true}
	allC := all
	allC.Demangle = true
	pc := readobj.Options{PC: readobj.PCSectionOptions{Names: []string{"pcs_func", "pcs_insn_c!C"}, EntrySize: 8, Function: true, Aux: "u64,u8"}}
	tests := []struct {
		args []string
		o    readobj.Options
	}{
		{[]string{"--all"}, all},
		{[]string{"--all", "-C"}, allC},
		{[]string{"--dependent-libraries", "--elf-linker-options"}, readobj.Options{DependentLibraries: true, LinkerOptions: true}},
		{[]string{"--cg-profile", "--addrsig", "--demangle"}, readobj.Options{CGProfile: true, Addrsig: true, Demangle: true}},
		{[]string{"--sympart", "--cmdline", "--offloading"}, readobj.Options{SymPart: true, Cmdlines: true, Offloading: true}},
		{[]string{"--jt-sizes", "--call-graph", "--bb-addr-map"}, readobj.Options{JTSizes: true, CallGraph: true, BBAddrMap: true}},
		{[]string{"--pc-section", "pcs_func", "--pc-section", "pcs_insn_c!C", "--pc-section-entry-size", "8", "--pc-section-function", "--pc-section-aux", "u64,u8"}, pc},
	}
	files := []string{"../../testdata/sections/cxx.o", "../../sections/testdata/pcsections/x86_64-small.o", "../../sections/testdata/jtcg/cg-x86_64", "../../testdata/sections/deplibs.o"}
	for _, tt := range tests {
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			var docs []readobj.Object
			fs, err := readobj.Files(file, data)
			if err != nil || len(fs) != 1 {
				t.Fatalf("%s: %d files, %v", file, len(fs), err)
			}
			o := tt.o
			o.Budget = elf.NewBudget(elf.DefaultBudget(len(data)))
			if err := readobj.Text(&want, fs[0], o); err != nil {
				t.Fatal(err)
			}
			doc, _ := readobj.JSON(fs[0], o)
			docs = append(docs, doc)
			var js bytes.Buffer
			enc := json.NewEncoder(&js)
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			if err := enc.Encode(docs); err != nil {
				t.Fatal(err)
			}
			_, out, _ := runCmd(t, append(append([]string{"sections"}, tt.args...), file)...)
			if out != want.String() {
				t.Errorf("%q %s:\n%s\nwant (readobj.Text):\n%s", tt.args, file, out, want.String())
			}
			_, out, _ = runCmd(t, append(append([]string{"sections", "--json"}, tt.args...), file)...)
			if out != js.String() {
				t.Errorf("%q --json %s:\n%s\nwant (readobj.JSON):\n%s", tt.args, file, out, js.String())
			}
		}
	}
}

func TestSectionsErrors(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"sections"}, exitUsage, "missing FILE"},
		{[]string{"sections", "--pc-section-entry-size", "3", "x"}, exitUsage, "--pc-section-entry-size must be 4 or 8"},
		{[]string{"sections", "--addrsig", "../../testdata/bc/plain.bc"}, exitFailure, "not an ELF, COFF or Mach-O object"},
		{[]string{"sections", "--pc-section", "nope", "../../testdata/sections/addrsig.o"}, exitOK, `no section named "nope"`},
		{[]string{"sections", "--pretty-pgo-analysis-map", "../../testdata/sections/addrsig.o"}, exitOK, "--bb-addr-map must be enabled"},
		// llvm-readobj-22 prints the summary of WebAssembly objects and
		// PE images, in archives too; sections says it does not (an
		// archive's wasm members were skipped in silence).
		{[]string{"sections", "--addrsig", "../../testdata/containers/lib-wasm.a"}, exitFailure,
			"lib-wasm.a(util.o): a WebAssembly object, which sections does not dump (llvm-readobj-22 prints its file summary) at byte 0xb8"},
		{[]string{"sections", "--addrsig", "../../testdata/containers/wasm64.o"}, exitFailure, "wasm64.o: a WebAssembly object, which sections does not dump"},
		{[]string{"sections", "--addrsig", "../../testdata/containers/pe-x86_64.dll"}, exitFailure, "pe-x86_64.dll: a PE image, which sections does not dump"},
	}
	for _, tt := range tests {
		code, _, stderr := runCmd(t, tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%q: exit %d, stderr %q; want %d, %q", tt.args, code, stderr, tt.code, tt.stderr)
		}
	}
}

// A universal file is dumped slice by slice, each under the file's name (or
// its members' names), as llvm-readobj-22 dumps it; --cmdline reads COFF's
// .llvmcmd and Mach-O's __LLVM,__cmdline too.
func TestSectionsUniversalAndCmdlines(t *testing.T) {
	wd, _ := os.Getwd()
	if err := os.Chdir(containers); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	// llvm-readobj-22 --addrsig --cg-profile universal.o libuniversal.a
	const want = `
File: universal.o
Format: Mach-O 64-bit x86-64
Arch: x86_64
AddressSize: 64bit

File: universal.o
Format: Mach-O arm64
Arch: aarch64
AddressSize: 64bit

File: libuniversal.a(m.o)
Format: Mach-O 64-bit x86-64
Arch: x86_64
AddressSize: 64bit

File: libuniversal.a(m.o)
Format: Mach-O arm64
Arch: aarch64
AddressSize: 64bit
`
	code, out, stderr := runCmd(t, "sections", "--addrsig", "--cg-profile", "universal.o", "libuniversal.a")
	if code != exitOK || out != want {
		t.Errorf("universal: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr, out, want)
	}
	for _, tt := range []struct{ file, section, triple string }{
		{"coff-x86_64.obj", ".llvmcmd", "x86_64-pc-windows-msvc19.33.0"},
		{"macho-arm64.o", "__LLVM,__cmdline", "arm64-apple-macosx11.0.0"},
		{"universal.o", "__LLVM,__cmdline", "x86_64-apple-macosx11.0.0"},
		{"elf-x86_64.o", ".llvmcmd", "x86_64-unknown-linux-gnu"},
	} {
		code, out, stderr := runCmd(t, "sections", "--cmdline", tt.file)
		head := "CommandLines [\n  CommandLine {\n    Section: " + tt.section + "\n    Module: 1\n    Arguments [\n      -cc1\n      -triple\n      " + tt.triple + "\n"
		if code != exitOK || !strings.Contains(out, head) {
			t.Errorf("--cmdline %s: exit %d, stderr %q, stdout:\n%s\nwant it to hold:\n%s", tt.file, code, stderr, out, head)
		}
	}
	// A broken slice is an error at its byte, with the slice's path.
	code, _, stderr = runCmd(t, "sections", "--addrsig", "bad-fat-off.o")
	if code != exitFailure || stderr != "bcextract: bad-fat-off.o: slice 1 (arm64) [0x10000000, 0x10000f98) runs past the end of the data (0x1e48 bytes) at byte 0x24\n" {
		t.Errorf("bad-fat-off.o: exit %d, stderr %q", code, stderr)
	}
}
