package sections

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// The fixtures in testdata/pcsections come from pcsections.ll through gen.sh.
// Every function carries !pcsections itself; store_rel, rmw, load_acq and
// shared also have instrumented instructions. The expected values were read
// from llvm-objdump-22 -d (addresses, mnemonics), llvm-readelf-22 -s
// (function sizes) and the metadata in pcsections.ll (aux constants).

// pcWant is one expected entry: its offset in the section, the PC, the
// function size and the aux constants. What is the function name for a
// function entry, or the mnemonic llvm-objdump-22 prints at PC for an
// instruction entry.
type pcWant struct {
	Off  int64
	PC   uint64
	Size uint64
	Aux  []uint64
	What string
}

// Aux constants of pcsections.ll, by metadata node.
var (
	pcAux20 = []uint64{7, 300, 10, 300}                          // i8 7, i16 300, i32 10, i64 300
	pcAux21 = []uint64{200, 300, 70000, 0xffffffffffffffff}      // i8 200, i16 300, i32 70000, i64 -1
	pcAux22 = []uint64{1, 2, 3, 4}                               // i8 1, i16 2, i32 3, i64 4
	pcAux23 = []uint64{255, 128, 0xfffffffe, 1 << 40}            // i8 255, i16 128, i32 -2, i64 1<<40
	pcAux24 = []uint64{0xfffffffe, 0xffffffffffffffff, 1}        // !24 then !25: i32 -2; i64 -1, i8 1
	pcAux26 = []uint64{200, 200}                                 // i64 200, i8 200
	pcAux27 = []uint64{127, 0}                                   // i64 127, i8 0
	pcAux28 = []uint64{0x7fffffffffffffff, 128}                  // i64 INT64_MAX, i8 128
	pcAuxF  = []PCAuxKind{PCAuxU8, PCAuxU16, PCAuxU32, PCAuxU64} // pcs_func_aux, pcs_func_c
	pcAuxI  = []PCAuxKind{PCAuxU32, PCAuxU64, PCAuxU8}           // pcs_insn_aux
	pcAuxIC = []PCAuxKind{PCAuxU64, PCAuxU8}                     // pcs_insn_c
)

// pcLayout is the layout of each fixture section, given the PC field size.
func pcLayout(section string, entrySize int, bo binary.ByteOrder) PCSectionLayout {
	l := PCSectionLayout{EntrySize: entrySize, ByteOrder: bo}
	switch section {
	case "pcs_func":
		l.Function = true
	case "pcs_func_aux":
		l.Function, l.Aux = true, pcAuxF
	case "pcs_func_c":
		l.Function, l.Compressed, l.Aux = true, true, pcAuxF
	case "pcs_insn_aux":
		l.Aux = pcAuxI
	case "pcs_insn_c":
		l.Compressed, l.Aux = true, pcAuxIC
	}
	return l
}

var pcLinkedTests = []struct {
	file      string
	entrySize int
	bo        binary.ByteOrder
	sections  map[string][]pcWant
}{
	{"x86_64-small", 4, binary.LittleEndian, map[string][]pcWant{
		"pcs_func": {
			{0, 0x201210, 83, nil, "start"}, {8, 0x201270, 5, nil, "add1"},
			{16, 0x201280, 4, nil, "store_rel"}, {24, 0x201290, 9, nil, "rmw"},
			{32, 0x2012a0, 4, nil, "load_acq"}, {40, 0x2012b0, 10, nil, "shared"},
		},
		"pcs_func_aux": {
			{0, 0x201210, 83, pcAux20, "start"}, {23, 0x201270, 5, pcAux20, "add1"},
			{46, 0x201280, 4, pcAux20, "store_rel"}, {69, 0x201290, 9, pcAux20, "rmw"},
			{92, 0x2012a0, 4, pcAux20, "load_acq"}, {115, 0x2012b0, 10, pcAux20, "shared"},
		},
		"pcs_func_c": {
			{0, 0x201210, 83, pcAux21, "start"}, {21, 0x201270, 5, pcAux22, "add1"},
			{30, 0x201280, 4, pcAux23, "store_rel"}, {49, 0x201290, 9, pcAux22, "rmw"},
			{58, 0x2012a0, 4, pcAux21, "load_acq"}, {79, 0x2012b0, 10, pcAux23, "shared"},
		},
		"pcs_insn": {
			{0, 0x201280, 0, nil, "movq"}, {4, 0x201293, 0, nil, "lock"},
			{8, 0x2012a0, 0, nil, "movq"}, {12, 0x2012b0, 0, nil, "movq"},
			{16, 0x2012b3, 0, nil, "movq"}, {20, 0x2012b6, 0, nil, "movq"},
		},
		"pcs_insn_aux": {
			{0, 0x201280, 0, pcAux24, "movq"}, {17, 0x201293, 0, pcAux24, "lock"},
			{34, 0x2012a0, 0, pcAux24, "movq"},
		},
		"pcs_insn_c": {
			{0, 0x201280, 0, pcAux26, "movq"}, {7, 0x201293, 0, pcAux27, "lock"},
			{13, 0x2012a0, 0, pcAux28, "movq"},
		},
	}},
	{"x86_64-medium", 8, binary.LittleEndian, map[string][]pcWant{
		"pcs_func": {
			{0, 0x201210, 84, nil, "start"}, {12, 0x201270, 5, nil, "add1"},
			{24, 0x201280, 4, nil, "store_rel"}, {36, 0x201290, 9, nil, "rmw"},
			{48, 0x2012a0, 4, nil, "load_acq"}, {60, 0x2012b0, 10, nil, "shared"},
		},
		"pcs_func_aux": {
			{0, 0x201210, 84, pcAux20, "start"}, {27, 0x201270, 5, pcAux20, "add1"},
			{54, 0x201280, 4, pcAux20, "store_rel"}, {81, 0x201290, 9, pcAux20, "rmw"},
			{108, 0x2012a0, 4, pcAux20, "load_acq"}, {135, 0x2012b0, 10, pcAux20, "shared"},
		},
		"pcs_func_c": {
			{0, 0x201210, 84, pcAux21, "start"}, {25, 0x201270, 5, pcAux22, "add1"},
			{38, 0x201280, 4, pcAux23, "store_rel"}, {61, 0x201290, 9, pcAux22, "rmw"},
			{74, 0x2012a0, 4, pcAux21, "load_acq"}, {99, 0x2012b0, 10, pcAux23, "shared"},
		},
		"pcs_insn": {
			{0, 0x201280, 0, nil, "movq"}, {8, 0x201293, 0, nil, "lock"},
			{16, 0x2012a0, 0, nil, "movq"}, {24, 0x2012b0, 0, nil, "movq"},
			{32, 0x2012b3, 0, nil, "movq"}, {40, 0x2012b6, 0, nil, "movq"},
		},
		"pcs_insn_aux": {
			{0, 0x201280, 0, pcAux24, "movq"}, {21, 0x201293, 0, pcAux24, "lock"},
			{42, 0x2012a0, 0, pcAux24, "movq"},
		},
		"pcs_insn_c": {
			{0, 0x201280, 0, pcAux26, "movq"}, {11, 0x201293, 0, pcAux27, "lock"},
			{21, 0x2012a0, 0, pcAux28, "movq"},
		},
	}},
	{"aarch64_be-large", 8, binary.BigEndian, map[string][]pcWant{
		"pcs_func": {
			{0, 0x210234, 104, nil, "start"}, {12, 0x21029c, 8, nil, "add1"},
			{24, 0x2102a4, 8, nil, "store_rel"}, {36, 0x2102ac, 8, nil, "rmw"},
			{48, 0x2102b4, 8, nil, "load_acq"}, {60, 0x2102bc, 16, nil, "shared"},
		},
		"pcs_func_aux": {
			{0, 0x210234, 104, pcAux20, "start"}, {27, 0x21029c, 8, pcAux20, "add1"},
			{54, 0x2102a4, 8, pcAux20, "store_rel"}, {81, 0x2102ac, 8, pcAux20, "rmw"},
			{108, 0x2102b4, 8, pcAux20, "load_acq"}, {135, 0x2102bc, 16, pcAux20, "shared"},
		},
		"pcs_func_c": {
			{0, 0x210234, 104, pcAux21, "start"}, {25, 0x21029c, 8, pcAux22, "add1"},
			{38, 0x2102a4, 8, pcAux23, "store_rel"}, {61, 0x2102ac, 8, pcAux22, "rmw"},
			{74, 0x2102b4, 8, pcAux21, "load_acq"}, {99, 0x2102bc, 16, pcAux23, "shared"},
		},
		"pcs_insn": {
			{0, 0x2102a4, 0, nil, "stlr"}, {8, 0x2102ac, 0, nil, "ldaddal"},
			{16, 0x2102b4, 0, nil, "ldar"}, {24, 0x2102bc, 0, nil, "ldar"},
			{32, 0x2102c0, 0, nil, "stlr"}, {40, 0x2102c4, 0, nil, "ldar"},
		},
		"pcs_insn_aux": {
			{0, 0x2102a4, 0, pcAux24, "stlr"}, {21, 0x2102ac, 0, pcAux24, "ldaddal"},
			{42, 0x2102b4, 0, pcAux24, "ldar"},
		},
		"pcs_insn_c": {
			{0, 0x2102a4, 0, pcAux26, "stlr"}, {11, 0x2102ac, 0, pcAux27, "ldaddal"},
			{21, 0x2102b4, 0, pcAux28, "ldar"},
		},
	}},
}

func pcOpen(t testing.TB, name string) *elf.File {
	t.Helper()
	f, err := elf.Open(filepath.Join("testdata", "pcsections", name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func pcSection(t testing.TB, f *elf.File, name string) (*elf.Section, []byte) {
	t.Helper()
	s := f.Section(name)
	if s == nil {
		t.Fatalf("no section %s", name)
	}
	data, err := s.Data()
	if err != nil {
		t.Fatal(err)
	}
	return s, data
}

// pcCheck compares decoded entries with the table, and each PC with the
// section address, offset and PC-relative field.
func pcCheck(t *testing.T, got []PCEntry, want []pcWant, addr uint64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d entries, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Off != w.Off || g.PC != w.PC || g.Size != w.Size || !slices.Equal(g.Aux, w.Aux) {
			t.Errorf("entry %d = {Off %d PC %#x Size %d Aux %v}, want {Off %d PC %#x Size %d Aux %v} (%s)",
				i, g.Off, g.PC, g.Size, g.Aux, w.Off, w.PC, w.Size, w.Aux, w.What)
		}
		if g.PC != addr+uint64(g.Off)+uint64(g.PCRel) {
			t.Errorf("entry %d: PC %#x is not %#x + %d + %d", i, g.PC, addr, g.Off, g.PCRel)
		}
	}
}

func TestDecodePCSectionLinked(t *testing.T) {
	for _, ft := range pcLinkedTests {
		f := pcOpen(t, ft.file)
		syms, err := f.Symbols()
		if err != nil {
			t.Fatal(err)
		}
		for sec, want := range ft.sections {
			t.Run(ft.file+"/"+sec, func(t *testing.T) {
				s, data := pcSection(t, f, sec)
				l := pcLayout(sec, ft.entrySize, ft.bo)
				got, err := DecodePCSection(sec, data, s.Addr, l)
				if err != nil {
					t.Fatal(err)
				}
				pcCheck(t, got, want, s.Addr)
				if !l.Function {
					return
				}
				// Function entries match the symbol table too.
				for _, w := range want {
					i := slices.IndexFunc(syms, func(s elf.Symbol) bool { return s.Name == w.What })
					if i < 0 || syms[i].Value != w.PC || syms[i].Size != w.Size {
						t.Errorf("%s: symbol table disagrees with {PC %#x Size %d}", w.What, w.PC, w.Size)
					}
				}
			})
		}
	}
}

// TestDecodePCSectionObjdump is the oracle check of the tables above: each
// function entry starts a function and each instruction entry an instruction
// with the expected mnemonic in llvm-objdump-22 -d.
func TestDecodePCSectionObjdump(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping llvm-objdump-22 oracle in -short mode")
	}
	if _, err := exec.LookPath("llvm-objdump-22"); err != nil {
		t.Skip("llvm-objdump-22 not installed")
	}
	funcRE := regexp.MustCompile(`(?m)^([0-9a-f]+) <(\w+)>:$`)
	insnRE := regexp.MustCompile(`(?m)^ *([0-9a-f]+):\s+(\S+)`)
	for _, ft := range pcLinkedTests {
		out, err := exec.Command("llvm-objdump-22", "-d", "--no-show-raw-insn",
			filepath.Join("testdata", "pcsections", ft.file)).Output()
		if err != nil {
			t.Fatalf("%s: %v", ft.file, err)
		}
		funcs, insns := map[uint64]string{}, map[uint64]string{}
		for _, m := range funcRE.FindAllStringSubmatch(string(out), -1) {
			a, _ := strconv.ParseUint(m[1], 16, 64)
			funcs[a] = m[2]
		}
		for _, m := range insnRE.FindAllStringSubmatch(string(out), -1) {
			a, _ := strconv.ParseUint(m[1], 16, 64)
			insns[a] = m[2]
		}
		for sec, want := range ft.sections {
			at := insns
			if pcLayout(sec, 4, nil).Function {
				at = funcs
			}
			for _, w := range want {
				if at[w.PC] != w.What {
					t.Errorf("%s %s: objdump has %q at %#x, want %q", ft.file, sec, at[w.PC], w.PC, w.What)
				}
			}
		}
	}
}

// pcRelocTests are the ET_REL objects: every PC field holds 0 and a RELA
// relocation against the text section (.text, or .ltext for the large code
// model) supplies it. PCs are offsets in that section.
var pcRelocTests = []struct {
	file      string
	entrySize int
	funcPCs   []uint64 // start, add1, store_rel, rmw, load_acq, shared
	sizes     []uint64
	insnPCs   []uint64 // pcs_insn; the aux sections have the first three
}{
	{"x86_64-small.o", 4,
		[]uint64{0, 0x60, 0x70, 0x80, 0x90, 0xa0}, []uint64{83, 5, 4, 9, 4, 10},
		[]uint64{0x70, 0x83, 0x90, 0xa0, 0xa3, 0xa6}},
	{"x86_64-medium.o", 8,
		[]uint64{0, 0x60, 0x70, 0x80, 0x90, 0xa0}, []uint64{84, 5, 4, 9, 4, 10},
		[]uint64{0x70, 0x83, 0x90, 0xa0, 0xa3, 0xa6}},
	{"x86_64-large.o", 8,
		[]uint64{0, 0x80, 0x90, 0xa0, 0xb0, 0xc0}, []uint64{119, 5, 4, 9, 4, 10},
		[]uint64{0x90, 0xa3, 0xb0, 0xc0, 0xc3, 0xc6}},
}

// pcRelocs reads the RELA section of an x86-64 object's section sec and
// returns the pcrel function DecodePCSectionWith wants for a section at
// address 0: symbol value + addend - entry offset.
func pcRelocs(t *testing.T, f *elf.File, sec string, entrySize int) func(int64) (int64, bool) {
	t.Helper()
	_, data := pcSection(t, f, ".rela"+sec)
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	want := elf.R_X86_64_PC32
	if entrySize == 8 {
		want = elf.R_X86_64_PC64
	}
	m := map[int64]int64{}
	for i := 0; i+24 <= len(data); i += 24 {
		off := int64(binary.LittleEndian.Uint64(data[i:]))
		info := binary.LittleEndian.Uint64(data[i+8:])
		addend := int64(binary.LittleEndian.Uint64(data[i+16:]))
		if typ := elf.R_X86_64(info & 0xffffffff); typ != want || info>>32 == 0 {
			t.Fatalf("%s: relocation %v against symbol %d", sec, typ, info>>32)
		}
		m[off] = int64(syms[info>>32-1].Value) + addend - off
	}
	return func(off int64) (int64, bool) { v, ok := m[off]; return v, ok }
}

func TestDecodePCSectionRelocatable(t *testing.T) {
	for _, tt := range pcRelocTests {
		f := pcOpen(t, tt.file)
		for _, sec := range []string{"pcs_func", "pcs_func_aux", "pcs_func_c", "pcs_insn", "pcs_insn_aux", "pcs_insn_c"} {
			t.Run(tt.file+"/"+sec, func(t *testing.T) {
				_, data := pcSection(t, f, sec)
				l := pcLayout(sec, tt.entrySize, binary.LittleEndian)
				// Unrelocated, every PC is the entry's own address.
				raw, err := DecodePCSection(sec, data, 0, l)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range raw {
					if e.PCRel != 0 || e.PC != uint64(e.Off) {
						t.Errorf("unrelocated entry %+v", e)
					}
				}
				got, err := DecodePCSectionWith(sec, data, 0, l, pcRelocs(t, f, sec, tt.entrySize))
				if err != nil {
					t.Fatal(err)
				}
				want := tt.insnPCs
				if l.Function {
					want = tt.funcPCs
				} else if len(l.Aux) > 0 {
					want = want[:3]
				}
				if len(got) != len(want) {
					t.Fatalf("%d entries, want %d", len(got), len(want))
				}
				for i, e := range got {
					if e.PC != want[i] || l.Function && e.Size != tt.sizes[i] || e.Off != raw[i].Off || !slices.Equal(e.Aux, raw[i].Aux) {
						t.Errorf("entry %d = %+v, want PC %#x", i, e, want[i])
					}
				}
			})
		}
	}
}

// TestPCSectionSharedNode shows what llc-22 writes for one metadata node on
// several instructions of a function (shared in pcsections.ll, node !13 with
// aux i32 5): all their PCs, then the aux constants once. No PCSectionLayout
// describes that; the PCs decode as an aux-less prefix.
func TestPCSectionSharedNode(t *testing.T) {
	for _, tt := range []struct {
		file      string
		entrySize int
	}{{"x86_64-small", 4}, {"x86_64-medium", 8}} {
		f := pcOpen(t, tt.file)
		s, data := pcSection(t, f, "pcs_shared")
		n := 3 * tt.entrySize
		if len(data) != n+4 || binary.LittleEndian.Uint32(data[n:]) != 5 {
			t.Fatalf("%s: pcs_shared is % x", tt.file, data)
		}
		got, err := DecodePCSection("pcs_shared", data[:n], s.Addr, PCSectionLayout{EntrySize: tt.entrySize})
		if err != nil {
			t.Fatal(err)
		}
		pcCheck(t, got, []pcWant{
			{0, 0x2012b0, 0, nil, "movq"},
			{int64(tt.entrySize), 0x2012b3, 0, nil, "movq"},
			{int64(2 * tt.entrySize), 0x2012b6, 0, nil, "movq"},
		}, s.Addr)
	}
}

var (
	pcLE4  = PCSectionLayout{EntrySize: 4}
	pcFn4  = PCSectionLayout{EntrySize: 4, Function: true}
	pcFnC4 = PCSectionLayout{EntrySize: 4, Function: true, Compressed: true}
)

// pcCases are hand-made sections. The first three are formats.md §6's bytes
// from llc-22 (small code model, ET_REL).
var pcCases = []struct {
	name string
	l    PCSectionLayout
	addr uint64
	hex  string
	want []PCEntry
	err  *DecodeError
}{
	{name: "function-and-insn", l: pcLE4, addr: 0x1000, hex: "00000000" + "14000000",
		want: []PCEntry{{Off: 0, PC: 0x1000}, {Off: 4, PCRel: 0x14, PC: 0x1018}}},
	{name: "aux", l: PCSectionLayout{EntrySize: 4, Aux: []PCAuxKind{PCAuxU32, PCAuxU64, PCAuxU8}},
		hex:  "00000000" + "0a000000" + "2c01000000000000" + "07",
		want: []PCEntry{{Aux: []uint64{10, 300, 7}}}},
	{name: "aux-c", l: PCSectionLayout{EntrySize: 4, Compressed: true, Aux: []PCAuxKind{PCAuxU32, PCAuxU64, PCAuxU8}},
		hex: "00000000" + "010203", want: []PCEntry{{Aux: []uint64{1, 2, 3}}}},
	{name: "empty", l: pcFn4, hex: ""},
	{name: "function", l: pcFn4, addr: 0x2000, hex: "f0ffffff" + "14000000" + "f8ffffff" + "08000000",
		want: []PCEntry{{PCRel: -16, PC: 0x1ff0, Size: 0x14}, {Off: 8, PCRel: -8, PC: 0x2000, Size: 8}}},
	{name: "c-raw-u8", l: PCSectionLayout{EntrySize: 4, Compressed: true, Aux: []PCAuxKind{PCAuxU8, PCAuxU64, PCAuxU16}},
		hex: "00000000" + "c8" + "c801" + "ac02", want: []PCEntry{{Aux: []uint64{200, 200, 300}}}},
	{name: "c-overlong", l: pcFnC4, hex: "00000000" + "8000", want: []PCEntry{{}}},
	{name: "c-size-max", l: pcFnC4, hex: "00000000" + "ffffffff0f", want: []PCEntry{{Size: 0xffffffff}}},
	{name: "big-endian-8", l: PCSectionLayout{EntrySize: 8, Function: true, ByteOrder: binary.BigEndian, Aux: []PCAuxKind{PCAuxU16}},
		addr: 0x10000, hex: "fffffffffffffff0" + "00000010" + "0102",
		want: []PCEntry{{PCRel: -16, PC: 0xfff0, Size: 16, Aux: []uint64{0x102}}}},
	{name: "nil-byte-order", l: PCSectionLayout{EntrySize: 8}, hex: "0100000000000000",
		want: []PCEntry{{PCRel: 1, PC: 1}}},
	{name: "pc-wraps", l: pcLE4, hex: "fcffffff", want: []PCEntry{{PCRel: -4, PC: 0xfffffffffffffffc}}},
	{name: "pc-8-min", l: PCSectionLayout{EntrySize: 8}, addr: 0x10, hex: "0000000000000080",
		want: []PCEntry{{PCRel: -1 << 63, PC: 0x8000000000000010}}},

	{name: "truncated-pc", l: pcLE4, hex: "000000",
		err: &DecodeError{Off: 0, Msg: "truncated entry: PC field at 0x0 needs 4 bytes, 3 left"}},
	{name: "truncated-pc-8", l: PCSectionLayout{EntrySize: 8}, hex: "0000000000000000" + "00000000",
		want: []PCEntry{{}},
		err:  &DecodeError{Off: 8, Msg: "truncated entry: PC field at 0x8 needs 8 bytes, 4 left"}},
	{name: "truncated-size", l: pcFn4, hex: "00000000" + "04000000" + "00000000" + "0400",
		want: []PCEntry{{Size: 4}},
		err:  &DecodeError{Off: 8, Msg: "truncated entry: function size at 0xc needs 4 bytes, 2 left"}},
	{name: "truncated-aux", l: PCSectionLayout{EntrySize: 4, Aux: []PCAuxKind{PCAuxU8, PCAuxU64}}, hex: "00000000" + "01" + "0200",
		err: &DecodeError{Off: 0, Msg: "truncated entry: aux constant 2 (u64) at 0x5 needs 8 bytes, 2 left"}},
	{name: "truncated-size-uleb", l: pcFnC4, hex: "00000000" + "05" + "00000000" + "80",
		want: []PCEntry{{Size: 5}},
		err:  &DecodeError{Off: 5, Msg: "truncated entry: function size at 0x9: malformed uleb128, extends past end"}},
	{name: "missing-size-uleb", l: pcFnC4, hex: "00000000",
		err: &DecodeError{Off: 0, Msg: "truncated entry: function size at 0x4: malformed uleb128, extends past end"}},
	{name: "uleb-too-big", l: PCSectionLayout{EntrySize: 4, Compressed: true, Aux: []PCAuxKind{PCAuxU64}},
		hex: "00000000" + "ffffffffffffffffff7f",
		err: &DecodeError{Off: 0, Msg: "bad entry: aux constant 1 (u64) at 0x4: uleb128 too big for uint64"}},
	{name: "uleb-u64-max", l: PCSectionLayout{EntrySize: 4, Compressed: true, Aux: []PCAuxKind{PCAuxU64}},
		hex: "00000000" + "ffffffffffffffffff01", want: []PCEntry{{Aux: []uint64{0xffffffffffffffff}}}},
	{name: "aux-u16-too-big", l: PCSectionLayout{EntrySize: 4, Compressed: true, Aux: []PCAuxKind{PCAuxU16}},
		hex:  "00000000" + "ffff03" + "00000000" + "808004",
		want: []PCEntry{{Aux: []uint64{0xffff}}},
		err:  &DecodeError{Off: 7, Msg: "bad entry: aux constant 1 (u16) at 0xb: value 0x10000 does not fit in u16"}},
	{name: "aux-u32-too-big", l: PCSectionLayout{EntrySize: 4, Compressed: true, Aux: []PCAuxKind{PCAuxU8, PCAuxU32}},
		hex: "00000000" + "ff" + "8080808010",
		err: &DecodeError{Off: 0, Msg: "bad entry: aux constant 2 (u32) at 0x5: value 0x100000000 does not fit in u32"}},
	{name: "huge-size", l: pcFnC4, hex: "00000000" + "8080808010",
		err: &DecodeError{Off: 0, Msg: "bad entry: function size at 0x4: value 0x100000000 does not fit in 32 bits"}},
	{name: "huge-size-max", l: pcFnC4, hex: "00000000" + "ffffffffffffffffff01",
		err: &DecodeError{Off: 0, Msg: "bad entry: function size at 0x4: value 0xffffffffffffffff does not fit in 32 bits"}},
}

func TestDecodePCSection(t *testing.T) {
	for _, tt := range pcCases {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodePCSection(".pcs", secUnhex(t, tt.hex), tt.addr, tt.l)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("DecodePCSection =\n%+v, want\n%+v", got, tt.want)
			}
			checkSecErr(t, err, ".pcs", tt.err)
		})
	}
}

func TestDecodePCSectionErrorString(t *testing.T) {
	_, err := DecodePCSection("pcs_func", []byte{0, 0, 0}, 0, pcLE4)
	const want = "pcs_func: truncated entry: PC field at 0x0 needs 4 bytes, 3 left (at byte 0x0 of the section)"
	if err == nil || err.Error() != want {
		t.Errorf("Error() = %v, want %q", err, want)
	}
}

func TestDecodePCSectionBadLayout(t *testing.T) {
	for _, l := range []PCSectionLayout{
		{}, {EntrySize: 2}, {EntrySize: 16}, {EntrySize: -4},
		{EntrySize: 4, Aux: []PCAuxKind{PCAuxU8, 3}},
		{EntrySize: 8, Compressed: true, Aux: []PCAuxKind{0}},
	} {
		got, err := DecodePCSection("s", []byte{0, 0, 0, 0, 0, 0, 0, 0, 0}, 0, l)
		var de *DecodeError
		if err == nil || errors.As(err, &de) || got != nil {
			t.Errorf("%+v: %v, %v; want a layout error", l, got, err)
		}
	}
}

func TestDecodePCSectionWith(t *testing.T) {
	data := secUnhex(t, "11111111"+"22222222"+"33333333")
	var asked []int64
	pcrel := func(off int64) (int64, bool) {
		asked = append(asked, off)
		return 0x100 - off, off != 4 // no relocation for the middle entry
	}
	got, err := DecodePCSectionWith("s", data, 0x400, pcLE4, pcrel)
	want := []PCEntry{{Off: 0, PCRel: 0x100, PC: 0x500}, {Off: 4, PCRel: 0x22222222, PC: 0x22222626}, {Off: 8, PCRel: 0xf8, PC: 0x500}}
	if err != nil || !reflect.DeepEqual(got, want) || !slices.Equal(asked, []int64{0, 4, 8}) {
		t.Errorf("got %+v, %v (asked %v), want %+v", got, err, asked, want)
	}
	// The stored field must be there even when a relocation supplies it.
	got, err = DecodePCSectionWith("s", data[:10], 0, pcLE4, pcrel)
	if len(got) != 2 || err == nil {
		t.Errorf("truncated: %+v, %v", got, err)
	}
}

func TestParsePCAuxLayout(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []PCAuxKind
		bad  bool
	}{
		{in: "", want: nil},
		{in: "  ", want: nil},
		{in: "u32,u64", want: []PCAuxKind{PCAuxU32, PCAuxU64}},
		{in: "u8,u16,u32,u64", want: []PCAuxKind{PCAuxU8, PCAuxU16, PCAuxU32, PCAuxU64}},
		{in: " i8 , i16,i32 ,i64", want: []PCAuxKind{PCAuxU8, PCAuxU16, PCAuxU32, PCAuxU64}},
		{in: "u64,u64", want: []PCAuxKind{PCAuxU64, PCAuxU64}},
		{in: "u32,,u64", bad: true},
		{in: "u8,", bad: true},
		{in: ",", bad: true},
		{in: "u128", bad: true},
		{in: "U32", bad: true},
		{in: "u32 u64", bad: true},
		{in: "8", bad: true},
	} {
		got, err := ParsePCAuxLayout(tt.in)
		if (err != nil) != tt.bad || !slices.Equal(got, tt.want) || tt.bad && got != nil {
			t.Errorf("ParsePCAuxLayout(%q) = %v, %v", tt.in, got, err)
		}
	}
}

func TestPCAuxKindString(t *testing.T) {
	for k, want := range map[PCAuxKind]string{
		PCAuxU8: "u8", PCAuxU16: "u16", PCAuxU32: "u32", PCAuxU64: "u64",
		0: "PCAuxKind(0)", 3: "PCAuxKind(3)", 255: "PCAuxKind(255)",
	} {
		if got := k.String(); got != want {
			t.Errorf("PCAuxKind(%d).String() = %q, want %q", uint8(k), got, want)
		}
	}
}

func TestSplitPCSectionName(t *testing.T) {
	for _, tt := range []struct {
		in, sec string
		c       bool
	}{
		{"pcs_func", "pcs_func", false},
		{"pcs_func_c!C", "pcs_func_c", true},
		{"sec!", "sec", false},
		{"a!b!C", "a", true},
		{"!C", "", true},
		{"", "", false},
	} {
		if sec, c := SplitPCSectionName(tt.in); sec != tt.sec || c != tt.c {
			t.Errorf("SplitPCSectionName(%q) = %q, %v; want %q, %v", tt.in, sec, c, tt.sec, tt.c)
		}
	}
}

func ExampleDecodePCSection() {
	// A function entry of a "!C" section at 0x2000: PC field -16, ULEB128
	// size 0x14, then an i8 and an i64 aux constant.
	l := PCSectionLayout{EntrySize: 4, Function: true, Compressed: true}
	l.Aux, _ = ParsePCAuxLayout("u8,u64")
	es, err := DecodePCSection("pcs", []byte{0xf0, 0xff, 0xff, 0xff, 0x14, 0xc8, 0xc8, 0x01}, 0x2000, l)
	for _, e := range es {
		fmt.Printf("pc %#x size %d aux %v\n", e.PC, e.Size, e.Aux)
	}
	fmt.Println(err)

	// The same entry cut short.
	_, err = DecodePCSection("pcs", []byte{0xf0, 0xff, 0xff, 0xff, 0x14, 0xc8, 0xc8}, 0x2000, l)
	fmt.Println(err)
	// Output:
	// pc 0x1ff0 size 20 aux [200 200]
	// <nil>
	// pcs: truncated entry: aux constant 2 (u64) at 0x6: malformed uleb128, extends past end (at byte 0x0 of the section)
}
