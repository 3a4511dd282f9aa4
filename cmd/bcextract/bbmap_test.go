package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/bbmaptest"
)

var updateBBMap = flag.Bool("update-bbmap", false, "rewrite the bbmap text goldens (testdata/bbmap/*.golden), never the llvm-objdump ones")

// bbmapFixture finds a fixture named in testdata/bbmap/golden: in
// testdata/bbmap, else in testdata/sections.
func bbmapFixture(name string) string {
	if p := filepath.Join("../../testdata/bbmap", name); fileExists(p) {
		return p
	}
	return filepath.Join("../../testdata/sections", name)
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

func runCLI(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(&env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}, args)
	return code, out.String(), errb.String()
}

// TestBBMapText compares the text output with the goldens in testdata/bbmap
// (bcextract's own format; -update-bbmap rewrites them).
func TestBBMapText(t *testing.T) {
	tests := []struct {
		golden string
		args   []string
	}{
		{"x86_64.golden", []string{"../../testdata/sections/bbmap-x86_64"}},
		{"x86_64-disasm-sum.golden", []string{"--disasm", "--function", "sum", "../../testdata/sections/bbmap-x86_64"}},
		{"x86_64-intel-classify.golden", []string{"--disasm", "--syntax", "intel", "--function", "^cl", "../../testdata/sections/bbmap-x86_64"}},
		{"pgo.golden", []string{"../../testdata/sections/bbmap-pgo.o"}},
		{"sections-disasm-sq.golden", []string{"--disasm", "--function", "sq|main", "../../testdata/sections/bbmap-sections.o"}},
		{"aarch64-go-sq.golden", []string{"--disasm", "--syntax", "go", "--function", "sq", "../../testdata/bbmap/bbmap-aarch64"}},
		{"armv7-classify.golden", []string{"--disasm", "--function", "classify", "../../testdata/bbmap/bbmap-armv7"}},
		{"ppc64le-sq.golden", []string{"--disasm", "--function", "sq", "../../testdata/bbmap/bbmap-ppc64le"}},
		{"riscv64-search.golden", []string{"--disasm", "--function", "search", "../../testdata/bbmap/bbmap-riscv64"}},
		{"pgo-collatz.json.golden", []string{"--json", "--disasm", "--function", "collatz", "--addr", "0x66", "--samples", "../../testdata/bbmap/samples.txt", "../../testdata/sections/bbmap-pgo.o"}},
		{"samples.golden", []string{"--samples", "../../testdata/bbmap/samples.txt", "../../testdata/sections/bbmap-x86_64"}},
		{"lookups.golden", []string{"--addr", "0x201170", "--addr", "0x20118a", "--addr", "2101673", "--addr-file", "-", "../../testdata/sections/bbmap-x86_64"}},
		{"lookups-rel.golden", []string{"--addr", "0x20", "--addr", "0x1000", "../../testdata/sections/bbmap-x86_64.o"}},
	}
	stdin := "# block ends, gaps and outside\n0x20117b\n0x20117c\n0x20118f\n0x2011be\n0x2011bf\n0x2011c5\n0x2011c6\n0x2012b7\n0x2012b8\n0\n0xffffffffffffffff\n"
	for _, tt := range tests {
		code, out, errs := runCLI(stdin, append([]string{"bbmap"}, tt.args...)...)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", tt.golden, code, errs)
			continue
		}
		path := filepath.Join("../../testdata/bbmap", tt.golden)
		if *updateBBMap {
			if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if out != string(want) {
			t.Errorf("bbmap %q:\ngot:\n%s\nwant:\n%s", tt.args, out, want)
		}
	}
}

// TestBBMapJSON: --json is one valid document for every fixture, and holds
// the same instructions as the text.
func TestBBMapJSON(t *testing.T) {
	goldens, _ := filepath.Glob("../../testdata/bbmap/golden/*.blocks")
	for _, g := range goldens {
		name := strings.TrimSuffix(filepath.Base(g), ".blocks")
		code, out, errs := runCLI("", "bbmap", "--disasm", "--json", "--addr", "0x10", bbmapFixture(name))
		if code != 0 {
			t.Errorf("%s: exit %d: %s", name, code, errs)
			continue
		}
		doc := bbmaptest.Decode(t, out)
		if len(doc.Functions) == 0 || len(doc.Lookups) == 0 || doc.Samples != nil || len(doc.Errors) != 0 {
			t.Errorf("%s: %d functions, %d lookups, samples %v, errors %v", name, len(doc.Functions), len(doc.Lookups), doc.Samples, doc.Errors)
		}
		for _, f := range doc.Functions {
			for _, r := range f.Ranges {
				for _, b := range r.Blocks {
					end := b.Address
					for _, in := range b.Instructions {
						if in.Address != end || in.CrossesEnd || in.Text == "" || in.Bad != (in.Text == "(bad)") {
							t.Errorf("%s: block %d: %+v", name, b.ID, in)
						}
						end += uint64(in.Size)
					}
					if end != b.Address+uint64(b.Size) || r.SectionIndex == nil {
						t.Errorf("%s: block %d at %#x+%d: instructions end at %#x", name, b.ID, b.Address, b.Size, end)
					}
				}
			}
		}
	}
}

// TestBBMapLookups checks address lookups on block starts, last bytes,
// ends, gaps and addresses outside the map, in JSON.
func TestBBMapLookups(t *testing.T) {
	type want struct {
		fn     string // "" for outside
		rng    int
		id     uint32
		offset uint64
		start  uint64
	}
	tests := []struct {
		addr uint64
		want want
	}{
		{0x201170, want{"sum", 0, 0, 0, 0x201170}},   // first block's start
		{0x20117b, want{"sum", 0, 0, 0xb, 0x201170}}, // its last byte
		{0x20117c, want{"sum", 0, 1, 0, 0x20117c}},   // its end: the next block
		{0x20118a, want{}},                           // gap: padding after BB 1
		{0x20118f, want{}},                           // last byte of the gap
		{0x201190, want{"sum", 0, 5, 0, 0x201190}},   // the block after the gap
		{0x2011be, want{"sum", 0, 2, 0xe, 0x2011b0}}, // last byte of sum
		{0x2011bf, want{}},                           // nop between sum and sq
		{0x2011c0, want{"sq", 0, 0, 0, 0x2011c0}},
		{0x2011fc, want{"classify", 0, 3, 4, 0x2011f8}},
		{0x2012b7, want{"main", 0, 1, 0x1d, 0x20129a}}, // last byte of the map
		{0x2012b8, want{}},                             // one past it
		{0x201000, want{}},                             // before the first function
		{0, want{}},
		{1<<64 - 1, want{}},
	}
	args := []string{"bbmap", "--json"}
	for _, tt := range tests {
		args = append(args, "--addr", fmt.Sprintf("%#x", tt.addr))
	}
	code, out, errs := runCLI("", append(args, "../../testdata/sections/bbmap-x86_64")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	doc := bbmaptest.Decode(t, out)
	if len(doc.Lookups) != len(tests) {
		t.Fatalf("%d lookups, want %d", len(doc.Lookups), len(tests))
	}
	for i, tt := range tests {
		l := doc.Lookups[i]
		if l.Address != tt.addr {
			t.Errorf("lookup %d: address %#x, want %#x", i, l.Address, tt.addr)
		}
		if tt.want.fn == "" {
			if l.Function != nil || l.BBID != nil || l.Offset != nil || l.Range != nil || l.BlockAddress != nil {
				t.Errorf("%#x: got %+v, want outside every block", tt.addr, l)
			}
			continue
		}
		if l.Function == nil || *l.Function != tt.want.fn || l.Range == nil || *l.Range != tt.want.rng ||
			l.BBID == nil || *l.BBID != tt.want.id || l.Offset == nil || *l.Offset != tt.want.offset ||
			l.BlockAddress == nil || *l.BlockAddress != tt.want.start {
			t.Errorf("%#x: got function %v range %v BB %v offset %v block %v, want %+v",
				tt.addr, deref(l.Function), deref(l.Range), deref(l.BBID), deref(l.Offset), deref(l.BlockAddress), tt.want)
		}
	}

	// A relocatable object with one section per block: an offset is in
	// many sections, one row each, every one naming its section.
	code, out, errs = runCLI("", "bbmap", "--json", "--addr", "0x14", "../../testdata/sections/bbmap-sections.o")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	doc = bbmaptest.Decode(t, out)
	var got []string
	for _, l := range doc.Lookups {
		got = append(got, fmt.Sprintf("%s/%s/%d", deref(l.Section), deref(l.Function), deref(l.BBID)))
	}
	// The blocks longer than 0x14 bytes (golden/bbmap-sections.o.blocks),
	// in section order.
	wantRel := ".text.sum/sum/0 .text.search/search/2 .text.main/main/0 .text.main/main/2 .text.main/main/1"
	if strings.Join(got, " ") != wantRel {
		t.Errorf("lookups of 0x14 in bbmap-sections.o: %q, want %q", strings.Join(got, " "), wantRel)
	}
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestBBMapSamples sums testdata/bbmap/samples.txt; the expected sums were
// added up by hand (they are written at the top of the file).
func TestBBMapSamples(t *testing.T) {
	code, out, errs := runCLI("", "bbmap", "--json", "--samples", "../../testdata/bbmap/samples.txt", "../../testdata/sections/bbmap-x86_64")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	doc := bbmaptest.Decode(t, out)
	wantFunc := map[string]uint64{"sum": 141, "sq": 58, "classify": 0, "search": 0, "main": 1000}
	wantBlock := map[string]uint64{"sum/0": 15, "sum/1": 1, "sum/4": 123, "sum/2": 2, "sq/0": 58, "main/2": 1000}
	for _, f := range doc.Functions {
		name := deref(f.Name).(string)
		if f.Samples == nil || *f.Samples != wantFunc[name] {
			t.Errorf("%s: %v samples, want %d", name, deref(f.Samples), wantFunc[name])
		}
		for _, r := range f.Ranges {
			for _, b := range r.Blocks {
				k := fmt.Sprintf("%s/%d", name, b.ID)
				if b.Samples == nil || *b.Samples != wantBlock[k] {
					t.Errorf("%s: %v samples, want %d", k, deref(b.Samples), wantBlock[k])
				}
			}
		}
	}
	if s := doc.Samples; s == nil || s.Lines != 14 || s.Total != 1220 || s.Outside != 21 {
		t.Errorf("samples summary %+v, want 14 lines, total 1220, outside 21", s)
	}
}

func TestBBMapErrors(t *testing.T) {
	dir := t.TempDir()
	badAddrs := filepath.Join(dir, "addrs")
	os.WriteFile(badAddrs, []byte("0x201170\n0x2011zz\n"), 0o644)
	badSamples := filepath.Join(dir, "samples")
	os.WriteFile(badSamples, []byte("0x201170 1\n\n0x201170\n"), 0o644)
	x86 := "../../testdata/sections/bbmap-x86_64"
	tests := []struct {
		args   []string
		code   int
		stdout string // substring
		stderr string // substring
	}{
		{[]string{"bbmap"}, exitUsage, "", "missing FILE"},
		{[]string{"bbmap", "--syntax", "att", x86}, exitUsage, "", `unknown syntax "att"`},
		{[]string{"bbmap", "--addr", "0x12q", x86}, exitUsage, "", `--addr: bad address "0x12q"`},
		{[]string{"bbmap", "--function", "(", x86}, exitUsage, "", "not a regular expression"},
		{[]string{"bbmap", "--function", "nosuch", x86}, exitFailure, "", `no function is named or matches "nosuch"`},
		{[]string{"bbmap", "/nonexistent/x"}, exitFailure, "", "/nonexistent/x"},
		{[]string{"bbmap", "../../testdata/sections/src/bbmap.c"}, exitFailure, "", "not an ELF file"},
		{[]string{"bbmap", "../../testdata/sections/addrsig.o"}, exitFailure, "", "no basic block address map"},
		{[]string{"bbmap", "--disasm", "--syntax", "intel", "../../testdata/sections/bbmap-aarch64.o"}, exitFailure, "", "no intel syntax for aarch64"},
		// A broken map section: the error names the section and the byte
		// in the file; the other map section is still printed.
		{[]string{"bbmap", "../../testdata/sections/bbmap-trunc.o"}, exitFailure, "never at 0x0", "section .llvm_bb_addr_map (index 5): unable to decode LEB128 at offset 0x000001f2: malformed uleb128, extends past end at byte 0x350"},
		{[]string{"bbmap", "../../testdata/sections/bbmap-badversion.o"}, exitFailure, "", "unsupported SHT_LLVM_BB_ADDR_MAP version: 9 at byte 0x188"},
		// In a compressed map the offset is in the decompressed bytes: the
		// error is at the stored section.
		{[]string{"bbmap", "../../testdata/sections/bbmap-trunc-zlib.o"}, exitFailure, "never at 0x0", "section .llvm_bb_addr_map (index 5): unable to decode LEB128 at offset 0x000001f2: malformed uleb128, extends past end (at byte 0x1f2 of the decompressed data) at byte 0x160"},
		{[]string{"bbmap", "--addr-file", badAddrs, x86}, exitFailure, "0x201170", badAddrs + `: line 2: bad address "0x2011zz" at byte 0x9`},
		// The lines before a bad one are counted.
		{[]string{"bbmap", "--samples", badSamples, x86}, exitFailure, "0  0x201170    12  F            1\n", badSamples + `: line 3: want "ADDR COUNT", found one field at byte 0xc`},
		{[]string{"bbmap", "--samples", filepath.Join(dir, "none"), x86}, exitFailure, "", "no such file"},
		{[]string{"bbmap", "--json", "--addr-file", badAddrs, x86}, exitFailure, `"line": 2`, "line 2"},
	}
	for _, tt := range tests {
		code, out, errs := runCLI("", tt.args...)
		if code != tt.code || !strings.Contains(out, tt.stdout) || !strings.Contains(errs, tt.stderr) {
			t.Errorf("bcextract %q: exit %d, stdout %.300q, stderr %.300q; want exit %d, %q, %q", tt.args, code, out, errs, tt.code, tt.stdout, tt.stderr)
		}
	}
	// The JSON document stays valid when an address file is bad.
	_, out, _ := runCLI("", "bbmap", "--json", "--addr-file", badAddrs, x86)
	if doc := bbmaptest.Decode(t, out); len(doc.Lookups) != 1 || len(doc.Errors) != 1 || doc.Errors[0].Line != 2 {
		t.Errorf("JSON with a bad address file: %+v", doc)
	}
}

// bbmap takes several FILEs: in text each follows "==> FILE <==", in JSON
// each is a document of its own, one per line, and a FILE that cannot be
// read, is not ELF or has no map is a document with its error.
func TestBBMapFiles(t *testing.T) {
	x86, obj := "../../testdata/sections/bbmap-x86_64", "../../testdata/sections/bbmap-x86_64.o"
	_, one, _ := runCLI("", "bbmap", "--function", "sum", x86)
	_, other, _ := runCLI("", "bbmap", "--function", "sum", obj)
	code, out, stderr := runCLI("", "bbmap", "--function", "sum", x86, obj)
	if want := "==> " + x86 + " <==\n" + one + "\n==> " + obj + " <==\n" + other; code != exitOK || out != want {
		t.Errorf("two FILEs: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr, out, want)
	}
	missing := filepath.Join(t.TempDir(), "missing")
	notELF := "../../testdata/bc/plain.bc"
	noMap := "../../testdata/sections/addrsig.o"
	code, out, stderr = runCLI("", "bbmap", "--json", "--function", "sum", missing, x86, notELF, noMap)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitFailure || len(lines) != 4 {
		t.Fatalf("--json: exit %d, stderr %q, %d lines:\n%s", code, stderr, len(lines), out)
	}
	docs := lines
	for i, tt := range []struct {
		file, err string
		off       int64 // -1: none
	}{
		{missing, "open: no such file or directory", -1},
		{x86, "", 0},
		{notELF, "not an ELF file", 0},
		{noMap, "no basic block address map (SHT_LLVM_BB_ADDR_MAP section); build with -fbasic-block-address-map", -1},
	} {
		var doc struct {
			File      string
			Functions []any
			Errors    []jsonError
		}
		if err := json.Unmarshal([]byte(docs[i]), &doc); err != nil {
			t.Fatalf("document %d: %v: %s", i, err, docs[i])
		}
		if tt.err == "" {
			if doc.File != tt.file || len(doc.Functions) != 1 || len(doc.Errors) != 0 {
				t.Errorf("document %d: %s", i, docs[i])
			}
			continue
		}
		e := doc.Errors
		if doc.File != tt.file || len(doc.Functions) != 0 || len(e) != 1 || e[0].Path != tt.file || e[0].File != tt.file ||
			e[0].Error != tt.err || (e[0].Offset == nil) != (tt.off < 0) || !strings.Contains(stderr, "bcextract: "+e[0].Message+"\n") {
			t.Errorf("document %d: %s (stderr %q)", i, docs[i], stderr)
		}
	}
}
