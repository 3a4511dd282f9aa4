package readobj

import (
	"bytes"
	goelf "debug/elf"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sonameELF patches the program headers, section headers and dynamic
// table of a copy of an ELF file, for TestLoadName.
type sonameELF struct {
	t    *testing.T
	b    []byte
	bo   binary.ByteOrder
	is64 bool
}

func newSonameELF(t *testing.T, name string) *sonameELF {
	b, err := os.ReadFile(filepath.Join("../../testdata/sections", name))
	if err != nil {
		t.Fatal(err)
	}
	e := &sonameELF{t: t, b: b, bo: binary.LittleEndian, is64: b[4] == 2}
	if b[5] == 2 {
		e.bo = binary.BigEndian
	}
	return e
}

// field reads (set false) or writes (set true) an address-sized field at off,
// or a 4-byte one if word is false.
func (e *sonameELF) field(off int, word bool, v uint64, set bool) uint64 {
	switch {
	case word && e.is64 && set:
		e.bo.PutUint64(e.b[off:], v)
	case word && e.is64:
		return e.bo.Uint64(e.b[off:])
	case set:
		e.bo.PutUint32(e.b[off:], uint32(v))
	default:
		return uint64(e.bo.Uint32(e.b[off:]))
	}
	return v
}

// Field offsets in a program header, a section header and a dynamic entry
// (ELF32, ELF64).
var sonameFields = map[string][2]int{
	"p_type": {0, 0}, "p_offset": {4, 8}, "p_vaddr": {8, 16}, "p_filesz": {16, 32}, "p_memsz": {20, 40},
	"sh_type": {4, 4}, "sh_addr": {12, 16}, "sh_offset": {16, 24}, "sh_size": {20, 32}, "sh_link": {24, 40},
}

func (e *sonameELF) at(field string) (int, bool) {
	i := 0
	if e.is64 {
		i = 1
	}
	return sonameFields[field][i], field != "p_type" && field != "sh_type" && field != "sh_link"
}

// header returns the offset of the first program header (prog) or section
// header of type typ.
func (e *sonameELF) header(prog bool, typ uint32) int {
	offAt, sizesAt := 28, 42
	if e.is64 {
		offAt, sizesAt = 32, 54
	}
	size, num := int(e.bo.Uint16(e.b[sizesAt:])), int(e.bo.Uint16(e.b[sizesAt+2:]))
	typeAt := 0
	if !prog {
		offAt += 4
		if e.is64 {
			offAt += 4
		}
		size, num, typeAt = int(e.bo.Uint16(e.b[sizesAt+4:])), int(e.bo.Uint16(e.b[sizesAt+6:])), 4
	}
	start := int(e.field(offAt, true, 0, false))
	for i := range num {
		if h := start + i*size; e.bo.Uint32(e.b[h+typeAt:]) == typ {
			return h
		}
	}
	e.t.Fatalf("no header of type %#x", typ)
	return 0
}

func (e *sonameELF) get(prog bool, typ uint32, field string) uint64 {
	off, word := e.at(field)
	return e.field(e.header(prog, typ)+off, word, 0, false)
}

func (e *sonameELF) set(prog bool, typ uint32, field string, v uint64) {
	off, word := e.at(field)
	e.field(e.header(prog, typ)+off, word, v, true)
}

// dyn returns the offset of the dynamic entry tag in .dynamic.
func (e *sonameELF) dyn(tag int64) int {
	size := 8
	if e.is64 {
		size = 16
	}
	start := int(e.get(false, uint32(goelf.SHT_DYNAMIC), "sh_offset"))
	for at := start; ; at += size {
		if t := int64(e.field(at, true, 0, false)); t == tag {
			return at
		} else if t == 0 {
			e.t.Fatalf("no dynamic entry %#x", tag)
		}
	}
}

func (e *sonameELF) setDyn(tag int64, v uint64) {
	e.field(e.dyn(tag)+e.wordSize(), true, v, true)
}

func (e *sonameELF) getDyn(tag int64) uint64 { return e.field(e.dyn(tag)+e.wordSize(), true, 0, false) }

func (e *sonameELF) retag(tag, to int64) { e.field(e.dyn(tag), true, uint64(to), true) }

func (e *sonameELF) wordSize() int {
	if e.is64 {
		return 8
	}
	return 4
}

const (
	ptDynamic  = uint32(goelf.PT_DYNAMIC)
	shtDynamic = uint32(goelf.SHT_DYNAMIC)
	shtDynsym  = uint32(goelf.SHT_DYNSYM)
)

// TestLoadName dumps the Addrsig view of the soname fixtures
// patched into what llvm-readobj-22 finds no, or a broken, dynamic table
// or string table in, and compares the LoadName line and the warnings with
// what llvm-readobj-22 prints for the same bytes.
func TestLoadName(t *testing.T) {
	tests := []struct {
		name, file string
		patch      func(e *sonameELF)
		want       string   // the LoadName
		warnings   []string // without "warning: 'F': "
	}{
		{"plain ELF64LE", "soname-x86_64.so", func(*sonameELF) {}, "libfoo.so.1", nil},
		{"plain ELF32BE", "soname-mips.so", func(*sonameELF) {}, "libfoo.so.1", nil},
		{"plain ELF object", "addrsig.o", func(*sonameELF) {}, "<Not found>", nil},
		{"no DT_SONAME", "soname-x86_64.so", func(e *sonameELF) { e.retag(dtSoname, 0x7ffffff0) }, "<Not found>", nil},
		{"section only", "soname-mips.so", func(e *sonameELF) { e.set(true, ptDynamic, "p_type", 0) }, "libfoo.so.1", nil},
		{"segment only", "soname-x86_64.so", func(e *sonameELF) { e.set(false, shtDynamic, "sh_type", 1) }, "libfoo.so.1", nil},
		{"neither", "soname-mips.so", func(e *sonameELF) {
			e.set(true, ptDynamic, "p_type", 0)
			e.set(false, shtDynamic, "sh_type", 1)
		}, "<Not found>", nil},
		{"both sizes bad", "soname-x86_64.so", func(e *sonameELF) {
			e.set(true, ptDynamic, "p_filesz", 3)
			e.set(false, shtDynamic, "sh_size", 3)
		}, "<Not found>", []string{
			"invalid PT_DYNAMIC size (0x3)",
			"SHT_DYNAMIC section with index 9 has invalid size (0x3)",
			"no valid dynamic table was found",
		}},
		{"segment size bad", "soname-mips.so", func(e *sonameELF) {
			e.set(true, ptDynamic, "p_filesz", e.get(true, ptDynamic, "p_filesz")-1)
		}, "libfoo.so.1", []string{
			"invalid PT_DYNAMIC size (0x6f)",
			"PT_DYNAMIC dynamic table is invalid: SHT_DYNAMIC will be used",
		}},
		{"section size bad", "soname-x86_64.so", func(e *sonameELF) { e.set(false, shtDynamic, "sh_size", 3) }, "libfoo.so.1", []string{
			"SHT_DYNAMIC section with index 9 has invalid size (0x3)",
			"SHT_DYNAMIC dynamic table is invalid: PT_DYNAMIC will be used",
		}},
		{"segment past the end", "soname-mips.so", func(e *sonameELF) {
			e.set(true, ptDynamic, "p_offset", uint64(len(e.b)))
		}, "libfoo.so.1", []string{"PT_DYNAMIC segment offset (0x748) + file size (0x70) exceeds the size of the file (0x748)"}},
		{"section elsewhere", "soname-x86_64.so", func(e *sonameELF) {
			e.set(false, shtDynamic, "sh_offset", e.get(false, shtDynamic, "sh_offset")+16)
		}, "libfoo.so.1", []string{"SHT_DYNAMIC section header and PT_DYNAMIC program header disagree about the location of the dynamic table"}},
		{"section address", "soname-mips.so", func(e *sonameELF) {
			e.set(false, shtDynamic, "sh_addr", e.get(false, shtDynamic, "sh_addr")+8)
		}, "libfoo.so.1", []string{
			"SHT_DYNAMIC section with index 5 is not contained within the PT_DYNAMIC segment",
			"SHT_DYNAMIC section with index 5 is not at the start of PT_DYNAMIC segment",
		}},
		{"DT_SONAME past the table", "soname-mips.so", func(e *sonameELF) { e.setDyn(dtSoname, 0x1000) }, "<?>", []string{
			"string table at offset 0x240: unable to read the string at 0x1240: it goes past the end of the table (0x26b)",
		}},
		{"DT_STRSZ 0", "soname-x86_64.so", func(e *sonameELF) { e.setDyn(dtStrsz, 0) }, "<?>", []string{
			"string table at offset 0x2b0: unable to read the string at 0x2cf: it goes past the end of the table (0x2b0)",
		}},
		{"DT_STRSZ short", "soname-mips.so", func(e *sonameELF) { e.setDyn(dtStrsz, e.getDyn(dtStrsz)-1) }, "<?>", []string{
			"string table at offset 0x240: unable to read the string at 0x25f: the string table is not null-terminated",
		}},
		{"DT_STRSZ huge", "soname-x86_64.so", func(e *sonameELF) { e.setDyn(dtStrsz, 0x100000) }, "libfoo.so.1", []string{
			"the dynamic string table at 0x2b0 goes past the end of the file (0xaf8) with DT_STRSZ = 0x100000",
		}},
		{"DT_STRTAB unmapped, no .dynsym", "soname-x86_64.so", func(e *sonameELF) {
			e.setDyn(dtStrtab, 0xdead0000)
			e.set(false, shtDynsym, "sh_type", 1)
		}, "<?>", []string{
			"unable to parse DT_STRTAB: virtual address is not in any segment: 0xdead0000",
			"string table was not found",
		}},
		{"DT_STRTAB unmapped, .dynsym links to section 0", "soname-mips.so", func(e *sonameELF) {
			e.setDyn(dtStrtab, 0xdead0000)
			e.set(false, shtDynsym, "sh_link", 0)
		}, "<?>", []string{
			"unable to get the string table for the SHT_DYNSYM section with index 3: invalid sh_type for string table section [index 0]: expected SHT_STRTAB, but got SHT_NULL",
			"unable to parse DT_STRTAB: virtual address is not in any segment: 0xdead0000",
			"string table was not found",
		}},
		{"DT_STRTAB unmapped, .dynsym links nowhere", "soname-x86_64.so", func(e *sonameELF) {
			e.setDyn(dtStrtab, 0xdead0000)
			e.set(false, shtDynsym, "sh_link", 999)
		}, "<?>", []string{
			"unable to get the string table for the SHT_DYNSYM section with index 1: invalid section index: 999",
			"unable to parse DT_STRTAB: virtual address is not in any segment: 0xdead0000",
			"string table was not found",
		}},
		{"DT_STRTAB past the file", "soname-x86_64.so", func(e *sonameELF) {
			load := e.header(true, uint32(goelf.PT_LOAD)) + 3*56 // the last PT_LOAD
			e.field(load+32, true, 0x100000, true)
			e.field(load+40, true, 0x100000, true)
			e.setDyn(dtStrtab, e.field(load+16, true, 0, false)+0x80000)
		}, "libfoo.so.1", []string{
			"unable to parse DT_STRTAB: can't map virtual address 0x83468 to the segment with index 5: the segment ends at 0x100468, which is greater than the file size (0xaf8)",
		}},
		{"e_phentsize", "soname-mips.so", func(e *sonameELF) { e.bo.PutUint16(e.b[42:], 40) }, "libfoo.so.1", []string{
			"unable to read program headers to locate the PT_DYNAMIC segment: invalid e_phentsize: 40",
			"unable to parse DT_SYMTAB: invalid e_phentsize: 40",
			"unable to parse DT_STRTAB: invalid e_phentsize: 40",
			"unable to parse DT_HASH: invalid e_phentsize: 40",
		}},
		{"unsorted PT_LOAD", "soname-x86_64.so", func(e *sonameELF) {
			first := e.header(true, uint32(goelf.PT_LOAD))
			a, b := bytes.Clone(e.b[first:first+56]), e.b[first+3*56:first+4*56]
			copy(e.b[first:], b)
			copy(e.b[first+3*56:], a)
		}, "libfoo.so.1", []string{"loadable segments are unsorted by virtual address"}},
		{"tag 0x70000012 off x86_64", "soname-x86_64.so", func(e *sonameELF) {
			e.retag(dtGNUHash, dtAArch64AuthRelr)
			e.setDyn(dtAArch64AuthRelr, 0xdead0000)
		}, "libfoo.so.1", []string{"unable to parse DT_<unknown:>0x70000012: virtual address is not in any segment: 0xdead0000"}},
		{"tag 0x70000012 on MIPS", "soname-mips.so", func(e *sonameELF) {
			e.retag(0x70000006, dtAArch64AuthRelr) // DT_MIPS_BASE_ADDRESS
			e.setDyn(dtAArch64AuthRelr, 0xdead0000)
		}, "libfoo.so.1", []string{"unable to parse DT_MIPS_UNREFEXTNO: virtual address is not in any segment: 0xdead0000"}},
		{"DT_SYMENT", "soname-mips.so", func(e *sonameELF) { e.setDyn(dtSyment, 7) }, "libfoo.so.1", []string{
			"DT_SYMENT value of 0x7 is not the size of a symbol (0x10)",
		}},
		{"DT_PLTREL", "soname-x86_64.so", func(e *sonameELF) { e.setDyn(dtPltrel, 99) }, "libfoo.so.1", []string{"unknown DT_PLTREL value of 99"}},
		{"DT_SYMTAB elsewhere", "soname-x86_64.so", func(e *sonameELF) { e.setDyn(dtSymtab, e.getDyn(dtSymtab)+24) }, "libfoo.so.1", []string{
			"SHT_DYNSYM section header and DT_SYMTAB disagree about the location of the dynamic symbol table",
		}},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newSonameELF(t, tt.file)
			tt.patch(e)
			path := filepath.Join(dir, "f.so")
			if err := os.WriteFile(path, e.b, 0o644); err != nil {
				t.Fatal(err)
			}
			out, stderr, errs := dumpFile(t, path, Options{Addrsig: true}, false)
			if errs != nil {
				t.Errorf("errors %v", errs)
			}
			got := regexp.MustCompile(`(?m)^LoadName: (.*)$`).FindStringSubmatch(out)
			if got == nil || got[1] != tt.want {
				t.Errorf("LoadName %q, want %q\n%s", got, tt.want, out)
			}
			var warnings []string
			for _, l := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
				if l != "" {
					warnings = append(warnings, strings.TrimPrefix(l, "warning: '"+path+"': "))
				}
			}
			if strings.Join(warnings, "\n") != strings.Join(tt.warnings, "\n") {
				t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warnings, "\n"), strings.Join(tt.warnings, "\n"))
			}
			if os.Getenv("BCX_SONAME_DUMP") != "" { // for comparing with llvm-readobj-22
				os.WriteFile(filepath.Join(os.Getenv("BCX_SONAME_DUMP"), strings.ReplaceAll(tt.name, " ", "_")+".so"), e.b, 0o644)
			}
		})
	}
}

// FuzzLoadName dumps the Addrsig view of mutations of the
// soname fixtures: the dynamic table and program headers are read from
// offsets and sizes in the file, which must never panic or read past it.
func FuzzLoadName(f *testing.F) {
	for _, name := range []string{"soname-x86_64.so", "soname-mips.so", "soname-i686.so", "soname-ppc64.so"} {
		b, err := os.ReadFile(filepath.Join("../../testdata/sections", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		files, _ := Files("f.so", data)
		for _, f := range files {
			Text(io.Discard, f, Options{Addrsig: true})
		}
	})
}
