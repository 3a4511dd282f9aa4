package bitcode

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/bitwriter"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

func readInspectFixture(t testing.TB, name string) *Inventory {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "inspect", name))
	if err != nil {
		t.Fatal(err)
	}
	f, err := ReadInventory(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

// facts renders what the fixtures' .facts goldens hold (see
// scripts/ir_facts.py): the producer, triple, data layout, source file
// name, summary kind, idents and compile units of each module, as LLVM's
// tools state them.
func facts(f *Inventory, name string) []string {
	var out []string
	for i := range f.Modules {
		m := &f.Modules[i]
		src := m.SourceFileName
		if src == "" {
			src = name // LLVM names the source after the module
		}
		out = append(out, fmt.Sprintf("module %d", i+1), "producer "+m.Producer, "triple "+m.Triple,
			"datalayout "+m.DataLayout, "source_filename "+src, "summary "+m.Summary.Kind.String())
		for _, s := range m.Idents {
			out = append(out, "ident "+s)
		}
		var cus []string
		for _, cu := range m.CompileUnits {
			cus = append(cus, "compile_unit "+llvmir.LanguageName(cu.Language)+" "+cu.Producer)
		}
		sort.Strings(cus)
		out = append(out, cus...)
	}
	return out
}

// upgradedOnly reports whether theirs is the data layout ours with
// specifications inserted, as LLVM's auto-upgrade does to older layouts.
func upgradedOnly(ours, theirs string) bool {
	a, b := strings.Split(ours, "-"), strings.Split(theirs, "-")
	j := 0
	for _, spec := range b {
		if j < len(a) && a[j] == spec {
			j++
		}
	}
	return j == len(a) && len(b) > len(a)
}

// TestReadFileFacts checks every fixture against what llvm-dis-22 and
// llvm-bcanalyzer-22 say of it (goldens written by testdata/inspect/gen.sh).
func TestReadFileFacts(t *testing.T) {
	names, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "inspect", "*.bc"))
	if len(names) < 15 {
		t.Fatalf("found %d fixtures", len(names))
	}
	for _, path := range names {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(path + ".facts")
			if err != nil {
				t.Fatal(err)
			}
			got := facts(readInspectFixture(t, name), name)
			wl := strings.Split(strings.TrimSuffix(string(want), "\n"), "\n")
			if len(got) != len(wl) {
				t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), want)
			}
			for i := range got {
				g, w := got[i], wl[i]
				if g == w {
					continue
				}
				if d, ok := strings.CutPrefix(w, "datalayout "); ok && upgradedOnly(strings.TrimPrefix(g, "datalayout "), d) {
					continue
				}
				t.Errorf("line %d: got %q, want %q", i+1, g, w)
			}
		})
	}
}

// TestReadFileGlobals checks the globals of globals.c, compiled for
// x86-64, against the source and llvm-dis-22's listing.
func TestReadFileGlobals(t *testing.T) {
	f := readInspectFixture(t, "globals-x86_64.bc")
	if len(f.Modules) != 1 {
		t.Fatalf("%d modules", len(f.Modules))
	}
	m := &f.Modules[0]
	byName := map[string]GlobalInfo{}
	for _, g := range m.Globals {
		byName[g.Name] = g
	}
	tests := []struct {
		name string
		want GlobalInfo
	}{
		{"counter", GlobalInfo{Kind: GlobalVariable, Defined: true}},
		{"per_thread", GlobalInfo{Kind: GlobalVariable, Defined: true, ThreadLocal: 1}},
		{"answer", GlobalInfo{Kind: GlobalVariable, Defined: true, Constant: true}},
		{"weak_var", GlobalInfo{Kind: GlobalVariable, Defined: true, Linkage: ir.WeakAnyLinkage}},
		{"hid_var", GlobalInfo{Kind: GlobalVariable, Defined: true, Visibility: ir.HiddenVisibility}},
		{"prot_var", GlobalInfo{Kind: GlobalVariable, Defined: true, Visibility: ir.ProtectedVisibility}},
		{"in_section", GlobalInfo{Kind: GlobalVariable, Defined: true, Section: ".mysec"}},
		{"imported", GlobalInfo{Kind: GlobalVariable}},
		{"hidden_state", GlobalInfo{Kind: GlobalVariable, Defined: true, Linkage: ir.InternalLinkage}},
		{"maybe_there", GlobalInfo{Kind: GlobalVariable, Linkage: ir.ExternalWeakLinkage}},
		{"tentative", GlobalInfo{Kind: GlobalVariable, Defined: true, Linkage: ir.CommonLinkage}},
		{".str", GlobalInfo{Kind: GlobalVariable, Defined: true, Constant: true, Linkage: ir.PrivateLinkage}},
		{"llvm.compiler.used", GlobalInfo{Kind: GlobalVariable, Defined: true, Linkage: ir.AppendingLinkage, Section: "llvm.metadata"}},
		{"add_alias", GlobalInfo{Kind: GlobalAlias, Defined: true, Executable: true}},
		{"counter_alias", GlobalInfo{Kind: GlobalAlias, Defined: true}},
		{"dispatch", GlobalInfo{Kind: GlobalIFunc, Defined: true, Executable: true}},
		{"weak_fn", GlobalInfo{Kind: GlobalFunction, Defined: true, Executable: true, Linkage: ir.WeakAnyLinkage}},
		{"hidden_fn", GlobalInfo{Kind: GlobalFunction, Defined: true, Executable: true, Visibility: ir.HiddenVisibility}},
		{"external_fn", GlobalInfo{Kind: GlobalFunction, Executable: true}},
		{"resolve", GlobalInfo{Kind: GlobalFunction, Defined: true, Executable: true, Linkage: ir.InternalLinkage}},
	}
	for _, tt := range tests {
		tt.want.Name = tt.name
		if got, ok := byName[tt.name]; !ok {
			t.Errorf("%s: missing", tt.name)
		} else if got != tt.want {
			t.Errorf("%s:\n got %+v\nwant %+v", tt.name, got, tt.want)
		}
	}
	if len(m.Globals) != 28 {
		t.Errorf("%d globals, llvm-dis lists 28", len(m.Globals))
	}
	if m.Version != 2 || m.Producer != "LLVM22.1.8" || m.Epoch != 0 || m.Hash != nil || m.Summary.Kind != NoSummary {
		t.Errorf("module header: %+v", m)
	}
	if len(m.CompileUnits) != 1 || m.CompileUnits[0] != (CompileUnit{Language: 0x1d,
		Producer: "Debian clang version 22.1.8 (1~deb12u1)", File: "src/globals.c", Directory: ".", Optimized: true}) {
		t.Errorf("compile units: %+v", m.CompileUnits)
	}
}

func TestReadFileSummaries(t *testing.T) {
	tests := []struct {
		name  string
		kinds []SummaryKind
		flags []SummaryFlags
		hash  bool
	}{
		{"globals-x86_64.bc", []SummaryKind{NoSummary}, []SummaryFlags{0}, false},
		{"thinlto.bc", []SummaryKind{ThinLTOSummary}, []SummaryFlags{0}, true},
		{"fulllto.bc", []SummaryKind{FullLTOSummary}, []SummaryFlags{0x8}, false},
		{"split.bc", []SummaryKind{ThinLTOSummary, FullLTOSummary}, []SummaryFlags{0x8, 0x8}, true},
	}
	for _, tt := range tests {
		f := readInspectFixture(t, tt.name)
		if len(f.Modules) != len(tt.kinds) {
			t.Fatalf("%s: %d modules, want %d", tt.name, len(f.Modules), len(tt.kinds))
		}
		for i, m := range f.Modules {
			if m.Summary.Kind != tt.kinds[i] || m.Summary.Flags != tt.flags[i] {
				t.Errorf("%s module %d: summary %+v, want %v flags %#x", tt.name, i+1, m.Summary, tt.kinds[i], tt.flags[i])
			}
			if m.Summary.Kind != NoSummary && m.Summary.Version != 12 {
				t.Errorf("%s module %d: summary version %d, want 12", tt.name, i+1, m.Summary.Version)
			}
		}
		if got := f.Modules[0].Hash != nil; got != tt.hash {
			t.Errorf("%s: has hash %v, want %v", tt.name, got, tt.hash)
		}
	}
	if got := SummaryFlags(0x8 | 0x1000).Names(); !slices.Equal(got, []string{"enable-split-lto-unit", "0x1000"}) {
		t.Errorf("flag names %q", got)
	}
}

func TestReadFileSymtab(t *testing.T) {
	f := readInspectFixture(t, "win32.bc")
	st := f.Symtab
	if st == nil {
		t.Fatal("no symbol table")
	}
	if st.Version != 3 || st.Producer != "22.1.8" || st.TargetTriple != "i686-unknown-windows-msvc19.33.0" ||
		st.SourceFileName != "src/win.c" ||
		st.COFFLinkerOpts != " /DEFAULTLIB:kernel32.lib /include:cdecl_fn /EXPORT:_exported_fn" {
		t.Errorf("header: %+v", st)
	}
	names := map[string]SymtabSymbol{}
	for _, s := range st.Symbols {
		names[s.Name] = s
	}
	// The mangled names carry the calling conventions' decorations.
	for _, n := range []string{"_std_fn@8", "@fast_fn@8", "vec_fn@@12", "_cdecl_fn", "__imp__imported_fn", "__imp__imported_var", "_exported_fn"} {
		if _, ok := names[n]; !ok {
			t.Errorf("no symbol %q in %v", n, names)
		}
	}
	if s := names["__imp__imported_fn"]; s.IRName != "imported_fn" || s.Flags&SymbolUndefined == 0 {
		t.Errorf("imported_fn: %+v", s)
	}
	if got := (SymbolUndefined | SymbolGlobal | 1).Names(); !slices.Equal(got, []string{"undefined", "global"}) {
		t.Errorf("flag names %q", got)
	}
}

func TestDecodeSymtabErrors(t *testing.T) {
	header := func(version, symOff, symCount uint32) []byte {
		b := make([]byte, symtabHeaderSize)
		le := func(off int, v uint32) {
			b[off], b[off+1], b[off+2], b[off+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
		}
		le(0, version)
		le(28, symOff)
		le(32, symCount)
		return b
	}
	tests := []struct {
		name string
		blob []byte
		want string
	}{
		{"short", make([]byte, 10), "shorter than the 76-byte header at byte 0x0"},
		{"version", header(4, 0, 0), "version 4 (only version 3 is known) at byte 0x0"},
		{"symbols", header(3, 76, 1<<30), "range of 1073741824 entries at 0x4c runs past the end of the 76-byte blob at byte 0x1c"},
	}
	for _, tt := range tests {
		_, err := DecodeSymtab(tt.blob, nil)
		var se *SymtabError
		if !errors.As(err, &se) || !strings.HasSuffix(err.Error(), tt.want+" of the SYMTAB blob") {
			t.Errorf("%s: got %v, want …%s", tt.name, err, tt.want)
		}
	}
}

// TestReadFileOldNames builds a version-1 module, whose globals are named
// by a VALUE_SYMTAB instead of the STRTAB, with one abbreviated record.
func TestReadFileOldNames(t *testing.T) {
	w := bitwriter.New()
	w.Magic([4]byte{'B', 'C', 0xC0, 0xDE})
	w.EnterBlock(uint64(llvmir.MODULE_BLOCK_ID), 3)
	w.Unabbrev(uint64(llvmir.MODULE_CODE_VERSION), []uint64{1}...)
	w.Unabbrev(uint64(llvmir.MODULE_CODE_TRIPLE), charOps("i386-pc-linux-gnu")...)
	// GLOBALVAR [type, isconst, initid, linkage, align, section]
	w.Unabbrev(uint64(llvmir.MODULE_CODE_GLOBALVAR), []uint64{0, 0, 1, 3, 0, 0}...)
	// FUNCTION [type, cc, isproto, linkage, ...]
	w.Unabbrev(uint64(llvmir.MODULE_CODE_FUNCTION), []uint64{1, 0, 1, 0, 0, 0, 0, 0}...)
	w.EnterBlock(uint64(llvmir.VALUE_SYMTAB_BLOCK_ID), 4)
	w.Unabbrev(1, append([]uint64{0}, charOps("state")...)...)
	w.Unabbrev(3, append([]uint64{1, 0}, charOps("puts")...)...)
	w.EndBlock()
	w.EndBlock()
	f, err := ReadInventory(w.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	gs := f.Modules[0].Globals
	if len(gs) != 2 || gs[0].Name != "state" || gs[0].Linkage != ir.InternalLinkage || gs[1].Name != "puts" || gs[1].Defined {
		t.Fatalf("globals %+v", gs)
	}
	// Without an IR symbol table, i386 ELF gets _GLOBAL_OFFSET_TABLE_.
	var b strings.Builder
	for _, s := range f.NMSymbols() {
		fmt.Fprintf(&b, "%c %s\n", s.Type, s.Name)
	}
	if want := "U _GLOBAL_OFFSET_TABLE_\nU puts\nd state\n"; b.String() != want {
		t.Errorf("symbols:\n%s\nwant\n%s", b.String(), want)
	}
}

func charOps(s string) []uint64 {
	ops := make([]uint64, len(s))
	for i := range s {
		ops[i] = uint64(s[i])
	}
	return ops
}

// TestReadFileFuture checks that blocks and records LLVM 22 does not know
// are skipped and noted.
func TestReadFileFuture(t *testing.T) {
	w := bitwriter.New()
	w.Magic([4]byte{'B', 'C', 0xC0, 0xDE})
	w.EnterBlock(uint64(llvmir.MODULE_BLOCK_ID), 3)
	w.Unabbrev(uint64(llvmir.MODULE_CODE_VERSION), []uint64{3}...)
	w.Unabbrev(99, []uint64{1, 2, 3}...)
	w.EnterBlock(60, 3)
	w.Unabbrev(1, []uint64{7}...)
	w.EndBlock()
	w.Unabbrev(uint64(llvmir.MODULE_CODE_SOURCE_FILENAME), charOps("future.c")...)
	w.EndBlock()
	w.EnterBlock(61, 2)
	w.EndBlock()
	f, err := ReadInventory(w.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	if f.Modules[0].SourceFileName != "future.c" {
		t.Errorf("source file %q", f.Modules[0].SourceFileName)
	}
	want := []string{"module version 3 (LLVM 22 writes 2)", "skipped unknown MODULE_BLOCK record 99",
		"skipped unknown block 60 in MODULE_BLOCK", "skipped unknown top-level block 61"}
	if !slices.Equal(f.Notes, want) {
		t.Errorf("notes %q, want %q", f.Notes, want)
	}
}

func TestReadFileErrors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "inspect", "globals-x86_64.bc"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ReadInventory([]byte("not bitcode")); !errors.Is(err, ErrNotBitcode) {
		t.Errorf("not bitcode: %v", err)
	}
	// Cut inside the MODULE block: what was read before is returned with
	// an error naming a byte inside the data.
	f, err := ReadInventory(data[:len(data)/2])
	var re *InventoryError
	if !errors.As(err, &re) || re.Off <= 0 || re.Off > int64(len(data)/2) {
		t.Fatalf("truncated: %v", err)
	}
	if len(f.Modules) != 1 || f.Modules[0].Triple != "x86_64-pc-linux-gnu" {
		t.Errorf("partial result %+v", f.Modules)
	}
}

func TestSortLikeLibstdcxx(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, n := range []int{0, 1, 2, 15, 16, 17, 100, 1000} {
		s := make([]int, n)
		for i := range s {
			s[i] = r.Intn(n/2 + 1)
		}
		want := slices.Clone(s)
		sort.Ints(want)
		sortLikeLibstdcxx(s, func(a, b *int) bool { return *a < *b })
		if !slices.Equal(s, want) {
			t.Errorf("n=%d: not sorted", n)
		}
	}
	// The heapsort that takes over past the depth limit.
	s := r.Perm(300)
	introsortLoop(s, 0, func(a, b *int) bool { return *a < *b })
	if !slices.IsSorted(s) {
		t.Error("heapsort: not sorted")
	}
}

func TestSymbolsMangling(t *testing.T) {
	// Without an IR symbol table (llvm-cat -b), names are mangled here.
	f := readInspectFixture(t, "nosymtab-darwin.bc")
	if f.Symtab != nil {
		t.Fatal("fixture has a symbol table")
	}
	got := map[string]byte{}
	for _, s := range f.NMSymbols() {
		got[s.Name] = s.Type
	}
	for name, typ := range map[string]byte{"_counter": 'D', "_answer": 'S', "_add": 'T', "_imported": 'U', "_maybe_there": 'w', "_tentative": 'C'} {
		if got[name] != typ {
			t.Errorf("%s: type %q, want %q", name, got[name], typ)
		}
	}
}

func ExampleInventory_NMSymbols() {
	data, err := os.ReadFile("../../testdata/inspect/thinlto.bc")
	if err != nil {
		panic(err)
	}
	f, err := ReadInventory(data)
	if err != nil {
		panic(err)
	}
	m := f.Modules[0]
	fmt.Println(m.Producer, m.Triple, m.SourceFileName)
	fmt.Println(m.Summary.Kind, m.Summary.Version, len(m.Globals), "globals")
	for _, s := range f.NMSymbols()[:3] {
		fmt.Printf("%c %s\n", s.Type, s.Name)
	}
	// Output:
	// LLVM22.1.8 x86_64-pc-linux-gnu src/globals.c
	// thinlto 12 28 globals
	// T add
	// T add_alias
	// D answer
}

func FuzzReadFile(f *testing.F) {
	for _, dir := range []string{"../../testdata/inspect", "../../testdata/bc"} {
		names, _ := filepath.Glob(filepath.Join(dir, "*.bc"))
		for _, n := range names {
			if data, err := os.ReadFile(n); err == nil && len(data) < 64<<10 {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := ReadInventory(data)
		if file == nil {
			t.Fatal("nil Inventory")
		}
		var re *InventoryError
		if errors.As(err, &re) && (re.Off < 0 || re.Off > int64(len(data))) {
			t.Fatalf("error offset %d outside %d bytes", re.Off, len(data))
		}
		// Everything derived from the inventory must work on any input.
		w := bufio.NewWriter(&bytes.Buffer{})
		for _, s := range file.NMSymbols() {
			w.WriteString(s.Name)
		}
		for i := range file.Modules {
			_ = file.Modules[i].HashString()
		}
	})
}
