package objdump

import (
	"bufio"
	"bytes"
	goelf "debug/elf"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/bbmaptest"

	"github.com/bcextract/bcextract/bbmap"
	"github.com/bcextract/bcextract/container/elf"
	"github.com/bcextract/bcextract/disasm"
	"github.com/bcextract/bcextract/sections"
)

// bbmapFixture finds a fixture named in testdata/bbmap/golden: in
// testdata/bbmap, else in testdata/sections.
func bbmapFixture(name string) string {
	if p := filepath.Join("../../testdata/bbmap", name); fileExists(p) {
		return p
	}
	return filepath.Join("../../testdata/sections", name)
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// TestBBMapObjdump checks every block of every fixture against the
// instruction starts llvm-objdump-22 -d prints for it (the goldens of
// testdata/bbmap/gen.sh): the same instructions start inside the block, and
// the last one ends exactly at the block's end.
func TestBBMapObjdump(t *testing.T) {
	goldens, err := filepath.Glob("../../testdata/bbmap/golden/*.blocks")
	if err != nil || len(goldens) < 14 {
		t.Fatalf("goldens: %v, %v", goldens, err)
	}
	for _, g := range goldens {
		name := strings.TrimSuffix(filepath.Base(g), ".blocks")
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(g)
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(bbmapFixture(name))
			if err != nil {
				t.Fatal(err)
			}
			r, err := load(name, data)
			if err != nil || len(r.errs) > 0 {
				t.Fatalf("load: %v %v", err, r.errs)
			}
			if r.dec, err = disasm.NewDecoder(r.arch, disasm.GNU); err != nil {
				t.Fatal(err)
			}
			got := objdumpView(t, r)
			if got != string(want) {
				t.Errorf("instruction starts differ from llvm-objdump-22's\ngot:\n%s\nwant:\n%s", got, want)
			}
			for _, line := range strings.Split(strings.TrimSpace(string(want)), "\n") {
				f := strings.Fields(line)
				if end := strings.TrimSuffix(f[5], ":"); f[len(f)-1] != end {
					t.Errorf("llvm-objdump: block does not end on an instruction boundary: %s", line)
				}
			}
		})
	}
}

// objdumpView prints each block of r as the goldens do:
// "FUNCTION RANGE ID SECTION START END: STARTS... -> LAST-END".
func objdumpView(t *testing.T, r *report) string {
	var b strings.Builder
	for fi := range r.funcs {
		fn := &r.funcs[fi]
		name := fn.Name
		if name == "" {
			name = "<?>"
		}
		for ri, rg := range fn.Map.Ranges {
			sec := fn.Section(ri)
			_, idx := r.sectionOf(sec, rg.BaseAddress)
			for _, e := range rg.Entries {
				start := rg.BaseAddress + uint64(e.Offset)
				end := start + uint64(e.Size)
				fmt.Fprintf(&b, "%s %d %d %d 0x%x 0x%x:", name, ri, e.ID, idx, start, end)
				last := start
				problem := r.blockInstructions(sec, start, e.Size, func(in *blockInst) {
					fmt.Fprintf(&b, " 0x%x", in.Addr)
					last = in.Addr + uint64(in.Len)
					// Bad instructions are allowed: Arm jump tables
					// in code, Power's zero words; llvm-objdump
					// shows them as data or <unknown> of the same
					// length.
					if in.past != 0 {
						t.Errorf("%s BB %d: %+v", name, e.ID, *in)
					}
				})
				if problem != "" {
					t.Errorf("%s BB %d: %s", name, e.ID, problem)
				}
				fmt.Fprintf(&b, " -> 0x%x\n", last)
			}
		}
	}
	return b.String()
}

// TestBBMapMarks: an instruction that runs past its block's end, bytes that
// do not decode, a block running past the end of its section and a block in
// no section are all shown, in text and JSON.
func TestBBMapMarks(t *testing.T) {
	// .text at 0x1000: mov $1,%eax (5 bytes) | 06 (invalid in 64-bit
	// mode) | ret | 5 nops.
	data := []byte{0xb8, 0x01, 0x00, 0x00, 0x00, 0x06, 0xc3, 0x90, 0x90, 0x90, 0x90, 0x90}
	f := &elf.File{Class: goelf.ELFCLASS64, Type: goelf.ET_EXEC, Machine: goelf.EM_X86_64, Sections: []elf.Section{
		{NoBits: true},
		{Name: ".text", Type: elf.SHT_PROGBITS, Flags: elf.SHF_ALLOC | elf.SHF_EXECINSTR, Addr: 0x1000, Size: int64(len(data)), Index: 1},
	}}
	m := &sections.BBAddrMap{Version: 5, Ranges: []sections.BBRange{{BaseAddress: 0x1000, Entries: []sections.BBEntry{
		{ID: 0, Offset: 0, Size: 3},      // the mov runs 2 bytes past the end
		{ID: 1, Offset: 5, Size: 2},      // (bad), ret
		{ID: 2, Offset: 10, Size: 6},     // 2 nops, then 4 bytes past the end of .text
		{ID: 3, Offset: 0x1000, Size: 4}, // in no section
	}}}}
	r := &report{file: "marks", f: f, data: data, arch: disasm.ArchAMD64, funcs: []bbmap.Func{{Name: "f", Map: m}}, shown: []int{0}}
	r.code = newCodeSections(f, data, nil)
	r.dec, _ = disasm.NewDecoder(disasm.ArchAMD64, disasm.GNU)

	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	p := &textPrinter{w: w, r: r}
	p.begin()
	p.function(0)
	p.end(nil)
	w.Flush()
	want := `f at 0x1000 (.text): 4 blocks in 1 range
  BB  ADDRESS  SIZE  FLAGS
   0  0x1000      3  -
      1000: b8 01 00 00 00                 mov $0x1,%eax  <- runs 2 bytes past the end of the block
   1  0x1005      2  -
      1005: 06                             (bad)
      1006: c3                             retq
   2  0x100a      6  -
      100a: 90                             nop
      100b: 90                             nop
        (the block runs 4 bytes past the end of .text)
   3  0x2000      4  -
        (no section holds 0x2000)
`
	if buf.String() != want {
		t.Errorf("text:\n%s\nwant:\n%s", buf.String(), want)
	}

	buf.Reset()
	j := &jsonPrinter{w: w, r: r}
	j.begin()
	j.function(0)
	j.end(nil)
	w.Flush()
	doc := bbmaptest.Decode(t, buf.String())
	blocks := doc.Functions[0].Ranges[0].Blocks
	if len(blocks) != 4 || !blocks[0].Instructions[0].CrossesEnd || blocks[0].Instructions[0].Size != 5 ||
		!blocks[1].Instructions[0].Bad || blocks[1].Instructions[0].Text != "(bad)" || blocks[1].Instructions[1].Bad ||
		blocks[2].DisasmError != "the block runs 4 bytes past the end of .text" || len(blocks[2].Instructions) != 2 ||
		blocks[3].DisasmError != "no section holds 0x2000" {
		t.Errorf("JSON:\n%s", buf.String())
	}
}

// TestBBMapSectionsShare: the relocation handling bbmap shares with
// sections --bb-addr-map gives the same function addresses in the object
// and the executable it was linked into, relative to their text sections.
func TestBBMapSectionsShare(t *testing.T) {
	obj, err := os.ReadFile("../../testdata/sections/bbmap-x86_64.o")
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.ReadFile("../../testdata/sections/bbmap-x86_64")
	if err != nil {
		t.Fatal(err)
	}
	ro, err := load("o", obj)
	if err != nil {
		t.Fatal(err)
	}
	re, err := load("e", exe)
	if err != nil {
		t.Fatal(err)
	}
	if len(ro.funcs) != len(re.funcs) {
		t.Fatalf("%d functions in the object, %d linked", len(ro.funcs), len(re.funcs))
	}
	const textAddr = 0x201170 // .text of the executable
	for i := range ro.funcs {
		o, e := &ro.funcs[i], &re.funcs[i]
		if o.Name != e.Name || o.Map.Address()+textAddr != e.Map.Address() || o.Section(0) != 2 || e.Section(0) != 0 {
			t.Errorf("function %d: object %s at %#x (section %d), executable %s at %#x (section %d)",
				i, o.Name, o.Map.Address(), o.Section(0), e.Name, e.Map.Address(), e.Section(0))
		}
	}
}
