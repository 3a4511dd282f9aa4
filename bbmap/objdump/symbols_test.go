package objdump

import (
	goelf "debug/elf"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/container/elf"
)

func TestFindPLTEntries(t *testing.T) {
	type entry struct{ plt, got uint64 }
	for _, tt := range []struct {
		name string
		m    goelf.Machine
		va   uint64
		hex  string
		want []entry
	}{
		// lld's x86-64 .plt: the header, then one lazy entry.
		{"x86-64", goelf.EM_X86_64, 0x201510,
			"ff351a210000ff251c2100000f1f4000" + "ff251a2100006800000000e9e0ffffff",
			[]entry{{0x201516, 0x203638}, {0x201520, 0x203640}}},
		// A jmp in the last 6 bytes is not one (LLVM wants a 7th).
		{"x86-64 short", goelf.EM_X86_64, 0x1000, "ff2500000000", nil},
		// lld's AArch64 entry, and one with BTI ("bti c" first): the entry
		// starts at the bti.
		{"aarch64", goelf.EM_AARCH64, 0x210510, "10010090111e43f910e21891" + "20021fd6",
			[]entry{{0x210510, 0x230638}}},
		{"aarch64 bti", goelf.EM_AARCH64, 0x2105a0, "5f2403d510010090111e43f9" + "10e2189120021fd6",
			[]entry{{0x2105a0, 0x230638}}},
		{"aarch64 bti cut", goelf.EM_AARCH64, 0, "5f2403d510010090", nil},
		// i386: an absolute slot, and one of position-independent code
		// (an offset from .got.plt, bit 32 set).
		{"i386", goelf.EM_386, 0x4012e0, "ff25843340006800000000e9e0ffffff", []entry{{0x4012e0, 0x403384}}},
		{"i386 pic", goelf.EM_386, 0x12e0, "ffa30c0000006800000000e9e0ffffff", []entry{{0x12e0, 0x10000000c}}},
		{"riscv", goelf.EM_RISCV, 0, "ff251a210000ff251a210000", nil},
	} {
		b, _ := hex.DecodeString(tt.hex)
		var got []entry
		findPLTEntries(tt.m, tt.va, b, func(plt, got2 uint64) { got = append(got, entry{plt, got2}) })
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s: %x, want %x", tt.name, got, tt.want)
		}
	}
}

// TestPLTSymbols checks the NAME@plt symbols of the linked fixtures: one per
// JUMP_SLOT relocation, at the entries llvm-objdump-22 names so.
func TestPLTSymbols(t *testing.T) {
	for _, tt := range []struct {
		file string
		want string
	}{
		{"cxx-plt", "201520 _ZSt20__throw_length_errorPKc@plt 2|201530 __cxa_allocate_exception@plt 2|201540 __cxa_throw@plt 2"},
		{"cxx-plt-aarch64", "210510 _ZSt20__throw_length_errorPKc@plt 2|210520 __cxa_allocate_exception@plt 2|210530 __cxa_throw@plt 2"},
		{"cxx-plt-i686", "1440 _ZSt20__throw_length_errorPKc@plt 2|1450 __cxa_allocate_exception@plt 2|1460 __cxa_throw@plt 2"},
		{"bbmap-x86_64", ""}, // static: no PLT
		{"cxx.o", ""},
	} {
		data, err := os.ReadFile("../../testdata/sections/" + tt.file)
		if err != nil {
			t.Fatal(err)
		}
		f, err := elf.NewFile(data)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range pltSymbols(f, data) {
			if f.Sections[p.section].Name != ".plt" {
				t.Errorf("%s: %s in section %s", tt.file, p.sym.name, f.Sections[p.section].Name)
			}
			got = append(got, fmt.Sprintf("%x %s %d", p.sym.addr, p.sym.fullName(), p.sym.typ))
		}
		if strings.Join(got, "|") != tt.want {
			t.Errorf("%s: %q, want %q", tt.file, strings.Join(got, "|"), tt.want)
		}
	}
}

// TestBranchTargetsLookup pins llvm-objdump's rules on a made-up linked
// file: the last symbol at or below the target in the section with the
// highest address at or below it, names sorting after addresses, the
// section-start symbol only for sections already reached, and the
// symbols in no section last.
func TestBranchTargetsLookup(t *testing.T) {
	tg := &branchTargets{
		bySec: [][]targetSym{
			nil,
			{{addr: 0x1010, name: "b", typ: sttFunc}, {addr: 0x1010, name: "a", typ: sttFunc}, {addr: 0x1020, name: "c", typ: sttFunc}}, // .plt at 0x1000
			{{addr: 0x2000, name: "main", typ: sttFunc}},
			nil, // .fini at 0x3000, no symbol
		},
		dummy: []targetSym{{}, {addr: 0x1000, name: ".plt", typ: sttFunc}, {}, {addr: 0x3000, name: ".fini", typ: sttFunc}},
		abs:   []targetSym{{addr: 0, name: "__cxa_throw", typ: sttFunc}},
	}
	for i := range tg.bySec {
		sortTargets(tg.bySec[i])
	}
	tg.groupSections(&elf.File{Sections: []elf.Section{{Index: 0}, {Addr: 0x1000, Size: 0x30, Index: 1}, {Addr: 0x2000, Size: 0x100, Index: 2}, {Addr: 0x3000, Size: 0x10, Index: 3}}})
	for _, tt := range []struct {
		target uint64
		cur    int
		want   string
	}{
		{0x1000, 2, "<.plt>"},
		{0x1008, 2, "<.plt+0x8>"},
		{0x1010, 2, "<b>"}, // "b" sorts after "a" at one address
		{0x1018, 2, "<b+0x8>"},
		{0x1030, 2, "<c+0x10>"}, // past the section: still its symbols
		{0x2004, 2, "<main+0x4>"},
		{0x3004, 2, "<__cxa_throw+0x3004>"}, // .fini not reached yet
		{0x3004, 3, "<.fini+0x4>"},
		{0x800, 2, "<__cxa_throw+0x800>"},
	} {
		if got := tg.name(tt.target, tt.cur); got != tt.want {
			t.Errorf("name(%#x, %d) = %q, want %q", tt.target, tt.cur, got, tt.want)
		}
	}

	// Sections at one address: tried from the largest (the last in the
	// stable order of address, then size), each only if it has a symbol
	// at or below the target.
	tg = &branchTargets{
		bySec: [][]targetSym{nil, {{addr: 0x5008, name: "small"}}, {{addr: 0x5010, name: "big"}}, nil},
		dummy: make([]targetSym, 4),
	}
	tg.groupSections(&elf.File{Sections: []elf.Section{{Index: 0}, {Addr: 0x5000, Size: 0x10, Index: 1}, {Addr: 0x5000, Size: 0x20, Index: 2}, {Addr: 0x5000, Size: 0x20, Index: 3}}})
	for _, tt := range []struct {
		target uint64
		want   string
	}{{0x5009, "<small+0x1>"}, {0x5011, "<big+0x1>"}, {0x4fff, ""}} {
		if got := tg.name(tt.target, 3); got != tt.want {
			t.Errorf("one address: name(%#x) = %q, want %q", tt.target, got, tt.want)
		}
	}

	tg.demangle = func(s string) string { return strings.ToUpper(s) }
	if got := tg.name(0x5011, 3); got != "<BIG+0x1>" {
		t.Errorf("demangled: %q", got)
	}
}

// TestCompareNames checks that PLT symbols sort by their full names,
// NAME@plt, as llvm-objdump sorts them, without the names being built.
func TestCompareNames(t *testing.T) {
	syms := []targetSym{
		{name: "foo", plt: true}, {name: "foo"}, {name: "foo@pl"}, {name: "fop"}, {name: "foo@plt"},
		{name: "fo", plt: true}, {name: "foo@plu"}, {name: "", plt: true},
	}
	for _, a := range syms {
		for _, b := range syms {
			want := strings.Compare(a.fullName(), b.fullName())
			if got := compareNames(&a, &b); got != want {
				t.Errorf("compareNames(%q, %q) = %d, want %d", a.fullName(), b.fullName(), got, want)
			}
		}
	}
}
