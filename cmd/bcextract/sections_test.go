package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/sections"
)

// The views llvm-readobj lacks, on fixtures whose values were worked out
// from llvm-readobj-22 -r, llvm-objdump-22 -d and llvm-objdump-22
// --offloading.
func TestSectionsExtras(t *testing.T) {
	tests := []struct {
		args []string
		want []string // lines that must appear, in order
	}{
		// llvm-readobj-22 -r: R_X86_64_64 part_fn at 0x6 of each
		// .llvm_sympart ("part1\0" then the address field).
		{[]string{"--sympart", "../../testdata/sections/sympart.o"}, []string{
			"SymbolPartitions [", "  SymbolPartition {", "    Section: .llvm_sympart", "    Partition: part1", "    Symbol: part_fn (2)",
			"    Symbol: part_data (3)"}},
		{[]string{"--cmdline", "../../testdata/containers/prog"}, []string{
			"CommandLines [", "  CommandLine {", "    Module: 1", "      -cc1", "    Module: 2", "    Module: 3"}},
		// llvm-objdump-22 --offloading: llvm ir sm_70 openmp, elf gfx90a hip,
		// ptx sm_70 cuda, ptx sm_80 openmp.
		{[]string{"--offloading", "../../sections/testdata/offload/host.o"}, []string{
			"Offloading [", "    ImageKind: llvm ir (2)", "    OffloadKind: openmp (1)", "      arch: sm_70", "      triple: nvptx64-nvidia-cuda",
			"    ImageKind: elf (1)", "    OffloadKind: hip (4)", "      arch: gfx90a",
			"    ImageKind: ptx (5)", "    OffloadKind: cuda (2)",
			"    ImageKind: ptx (5)", "    OffloadKind: openmp (1)", "      arch: sm_80"}},
		// llvm-objdump-22 -d and the symbol table of the linked file: start
		// at 0x201210 (83 bytes), add1 0x201270 (5), store_rel 0x201280 (4).
		{[]string{"--pc-section", "pcs_func", "--pc-section-function", "../../sections/testdata/pcsections/x86_64-small"}, []string{
			"PCSections [", "  PCSection {", "    Name: pcs_func",
			"        PC: 0x201210", "        Function: start+0x0", "        Size: 83",
			"        PC: 0x201270", "        Function: add1+0x0", "        Size: 5",
			"        PC: 0x201280", "        Function: store_rel+0x0", "        Size: 4"}},
		// The relocatable object: PCs are .text offsets from the RELA
		// relocations; the compressed aux constants are {200, 200},
		// {127, 0}, {2^63-1, 128}.
		{[]string{"--pc-section", "pcs_insn_c!C", "--pc-section-aux", "u64,u8", "../../sections/testdata/pcsections/x86_64-small.o"}, []string{
			"    Name: pcs_insn_c",
			"        PC: 0x70", "        Function: store_rel+0x0", "        Aux: [200, 200]",
			"        PC: 0x83", "        Function: rmw+0x3", "        Aux: [127, 0]",
			"        PC: 0x90", "        Function: load_acq+0x0", "        Aux: [9223372036854775807, 128]"}},
		// llvm-objdump-22 -d: the jmp *addr operands of the linked file;
		// in the i686 object, R_386_32 against .rodata with the addends
		// stored in the section.
		{[]string{"--jt-sizes", "../../sections/testdata/jtcg/jt-x86_64", "../../sections/testdata/jtcg/jt-i686.o"}, []string{
			"    Address: 0x200120", "    Entries: 5", "    Address: 0x200148", "    Entries: 7",
			"    Address: 0x200180", "    Entries: 4", "    Address: 0x2001A0", "    Entries: 6",
			"    Address: 0x14", "    Symbol: .rodata+0x14", "    Entries: 7"}},
		// The linked file's function symbols: both 0x201190 calls helper
		// 0x2011d0 and ext 0x201170.
		{[]string{"--call-graph", "../../sections/testdata/jtcg/cg-x86_64"}, []string{
			"CallGraph [", "    Address: 0x201160", "    Name: leaf",
			"    Flags: 0x7", "    Address: 0x201190", "    Name: both",
			"        Address: 0x2011D0", "        Name: helper", "        Address: 0x201170", "        Name: ext",
		}},
	}
	for _, tt := range tests {
		code, out, stderr := runCmd(t, append([]string{"sections"}, tt.args...)...)
		if code != 0 || stderr != "" {
			t.Errorf("%q: exit %d, stderr %q", tt.args, code, stderr)
			continue
		}
		rest := out
		for _, w := range tt.want {
			i := strings.Index(rest, w+"\n")
			if i < 0 {
				t.Errorf("%q: no line %q (in order) in:\n%s", tt.args, w, out)
				break
			}
			rest = rest[i+len(w):]
		}
		// The JSON form parses.
		_, js, _ := runCmd(t, append([]string{"sections", "--json"}, tt.args...)...)
		var doc []map[string]any
		if err := json.Unmarshal([]byte(js), &doc); err != nil || len(doc) == 0 {
			t.Errorf("%q --json: %v", tt.args, err)
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

// TestBBEntriesText checks that roText's bbEntries prints what the generic
// roScope calls of bbEntries print, for every flag combination, with and
// without hashes and callsite offsets, at several depths.
func TestBBEntriesText(t *testing.T) {
	var es []sections.BBEntry
	for m := range 32 {
		e := sections.BBEntry{ID: uint32(m * 37), Offset: uint32(m * 0x1234567), Size: uint32(0xffffffff - m), Metadata: sections.Metadata(m), Hash: uint64(m) * 0x9e3779b97f4a7c15}
		if m%3 == 1 {
			e.CallsiteEndOffsets = []uint32{uint32(m), uint32(m * 1000), 0xffffffff}[:1+m%3]
		}
		es = append(es, e)
	}
	for _, depth := range []int{0, 3, 6, 40} {
		for _, hash := range []bool{false, true} {
			var want, got bytes.Buffer
			tw := &roText{w: bufio.NewWriter(&want), depth: depth}
			bbEntries(tw, es, hash)
			tw.flush()
			tw.w.Flush()
			tg := &roText{w: bufio.NewWriter(&got), depth: depth}
			tg.bbEntries(es, hash)
			tg.bbEntries(es[:3], hash) // the pieces made for this depth, reused
			tg.flush()
			tg.w.Flush()
			tw = &roText{w: bufio.NewWriter(&want), depth: depth}
			bbEntries(tw, es[:3], hash)
			tw.flush()
			tw.w.Flush()
			if got.String() != want.String() {
				t.Errorf("depth %d, hash %v:\n%s\nwant:\n%s", depth, hash, got.String(), want.String())
			}
		}
	}
	if !strings.Contains(fmt.Sprint(es[4].CallsiteEndOffsets), "4") {
		t.Fatal("no callsite offsets in the test entries")
	}
}
