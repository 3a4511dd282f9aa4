package readobj

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/sections"
)

// The views llvm-readobj lacks, on fixtures whose values were worked out
// from llvm-readobj-22 -r, llvm-objdump-22 -d and llvm-objdump-22
// --offloading.
func TestExtras(t *testing.T) {
	tests := []struct {
		file string
		o    Options
		want []string // lines that must appear, in order
	}{
		// llvm-readobj-22 -r: R_X86_64_64 part_fn at 0x6 of each
		// .llvm_sympart ("part1\0" then the address field).
		{"../../testdata/sections/sympart.o", Options{SymPart: true}, []string{
			"SymbolPartitions [", "  SymbolPartition {", "    Section: .llvm_sympart", "    Partition: part1", "    Symbol: part_fn (2)",
			"    Symbol: part_data (3)"}},
		{"../../testdata/containers/prog", Options{Cmdlines: true}, []string{
			"CommandLines [", "  CommandLine {", "    Module: 1", "      -cc1", "    Module: 2", "    Module: 3"}},
		// llvm-objdump-22 --offloading: llvm ir sm_70 openmp, elf gfx90a hip,
		// ptx sm_70 cuda, ptx sm_80 openmp.
		{"../testdata/offload/host.o", Options{Offloading: true}, []string{
			"Offloading [", "    ImageKind: llvm ir (2)", "    OffloadKind: openmp (1)", "      arch: sm_70", "      triple: nvptx64-nvidia-cuda",
			"    ImageKind: elf (1)", "    OffloadKind: hip (4)", "      arch: gfx90a",
			"    ImageKind: ptx (5)", "    OffloadKind: cuda (2)",
			"    ImageKind: ptx (5)", "    OffloadKind: openmp (1)", "      arch: sm_80"}},
		// llvm-objdump-22 -d and the symbol table of the linked file: start
		// at 0x201210 (83 bytes), add1 0x201270 (5), store_rel 0x201280 (4).
		{"../testdata/pcsections/x86_64-small", Options{PC: PCSectionOptions{Names: []string{"pcs_func"}, EntrySize: 4, Function: true}}, []string{
			"PCSections [", "  PCSection {", "    Name: pcs_func",
			"        PC: 0x201210", "        Function: start+0x0", "        Size: 83",
			"        PC: 0x201270", "        Function: add1+0x0", "        Size: 5",
			"        PC: 0x201280", "        Function: store_rel+0x0", "        Size: 4"}},
		// The relocatable object: PCs are .text offsets from the RELA
		// relocations; the compressed aux constants are {200, 200},
		// {127, 0}, {2^63-1, 128}.
		{"../testdata/pcsections/x86_64-small.o", Options{PC: PCSectionOptions{Names: []string{"pcs_insn_c!C"}, EntrySize: 4, Aux: "u64,u8"}}, []string{
			"    Name: pcs_insn_c",
			"        PC: 0x70", "        Function: store_rel+0x0", "        Aux: [200, 200]",
			"        PC: 0x83", "        Function: rmw+0x3", "        Aux: [127, 0]",
			"        PC: 0x90", "        Function: load_acq+0x0", "        Aux: [9223372036854775807, 128]"}},
		// llvm-objdump-22 -d: the jmp *addr operands of the linked file;
		// in the i686 object, R_386_32 against .rodata with the addends
		// stored in the section.
		{"../testdata/jtcg/jt-x86_64", Options{JTSizes: true}, []string{
			"    Address: 0x200120", "    Entries: 5", "    Address: 0x200148", "    Entries: 7",
			"    Address: 0x200180", "    Entries: 4", "    Address: 0x2001A0", "    Entries: 6"}},
		{"../testdata/jtcg/jt-i686.o", Options{JTSizes: true}, []string{
			"    Address: 0x14", "    Symbol: .rodata+0x14", "    Entries: 7"}},
		// The linked file's function symbols: both 0x201190 calls helper
		// 0x2011d0 and ext 0x201170.
		{"../testdata/jtcg/cg-x86_64", Options{CallGraph: true}, []string{
			"CallGraph [", "    Address: 0x201160", "    Name: leaf",
			"    Flags: 0x7", "    Address: 0x201190", "    Name: both",
			"        Address: 0x2011D0", "        Name: helper", "        Address: 0x201170", "        Name: ext",
		}},
	}
	for _, tt := range tests {
		out, warnings, errs := dumpFile(t, tt.file, tt.o, false)
		if errs != nil || warnings != "" {
			t.Errorf("%s %+v: errors %v, warnings %q", tt.file, tt.o, errs, warnings)
			continue
		}
		rest := out
		for _, w := range tt.want {
			i := strings.Index(rest, w+"\n")
			if i < 0 {
				t.Errorf("%s %+v: no line %q (in order) in:\n%s", tt.file, tt.o, w, out)
				break
			}
			rest = rest[i+len(w):]
		}
		// The JSON form parses.
		js, _, _ := dumpFile(t, tt.file, tt.o, true)
		var doc []map[string]any
		if err := json.Unmarshal([]byte(js), &doc); err != nil || len(doc) == 0 {
			t.Errorf("%s %+v JSON: %v", tt.file, tt.o, err)
		}
	}
}

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
			tw := &textScope{w: &want, depth: depth}
			bbEntries(tw, es, hash)
			tw.flush()
			tg := &textScope{w: &got, depth: depth}
			tg.bbEntries(es, hash)
			tg.bbEntries(es[:3], hash) // the pieces made for this depth, reused
			tg.flush()
			tw = &textScope{w: &want, depth: depth}
			bbEntries(tw, es[:3], hash)
			tw.flush()
			if got.String() != want.String() {
				t.Errorf("depth %d, hash %v:\n%s\nwant:\n%s", depth, hash, got.String(), want.String())
			}
		}
	}
	if !strings.Contains(fmt.Sprint(es[4].CallsiteEndOffsets), "4") {
		t.Fatal("no callsite offsets in the test entries")
	}
}
