package elf

import (
	"bytes"
	goelf "debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const fixtures = "../../testdata/containers/"

func read(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(fixtures + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// want is an expected section: index, name, type, offset, size, as
// llvm-readobj-22 --sections prints them.
type want struct {
	index     int
	name      string
	typ       SectionType
	off, size int64
}

func TestNewFile(t *testing.T) {
	tests := []struct {
		file    string
		class   goelf.Class
		data    goelf.Data
		machine goelf.Machine
		arch    string
		llvm    []want // the sections whose names mention llvm
	}{
		{"elf-x86_64.o", goelf.ELFCLASS64, goelf.ELFDATA2LSB, goelf.EM_X86_64, "x86_64", []want{
			{3, ".llvmbc", 1, 0x7c, 2608}, {4, ".llvmcmd", 1, 0xaac, 162}}},
		{"elf-ppc64be.o", goelf.ELFCLASS64, goelf.ELFDATA2MSB, goelf.EM_PPC64, "powerpc64", []want{
			{5, ".llvmbc", 1, 0xf0, 2608}, {6, ".llvmcmd", 1, 0xb20, 165}}},
		{"elf-mips32be.o", goelf.ELFCLASS32, goelf.ELFDATA2MSB, goelf.EM_MIPS, "mips", []want{
			{6, ".llvmbc", 1, 0xec, 2500}, {7, ".llvmcmd", 1, 0xab0, 160}}},
		{"elf-i686.o", goelf.ELFCLASS32, goelf.ELFDATA2LSB, goelf.EM_386, "i386", []want{
			{3, ".llvmbc", 1, 0x81, 2656}, {4, ".llvmcmd", 1, 0xae1, 160}}},
		{"elf-ext.o", goelf.ELFCLASS64, goelf.ELFDATA2LSB, goelf.EM_X86_64, "x86_64", []want{
			{3, ".llvm_bb_addr_map", SHT_LLVM_BB_ADDR_MAP, 0x5c, 32},
			{4, ".rela.llvm_bb_addr_map", 4, 0xab8, 48},
			{7, ".llvm.offloading", SHT_LLVM_OFFLOADING, 0x88, 2424},
			{8, ".linker-options", SHT_LLVM_LINKER_OPTIONS, 0xa00, 14},
			{9, ".deplibs", SHT_LLVM_DEPENDENT_LIBRARIES, 0xa0e, 2},
			{11, ".llvm_sympart", SHT_LLVM_SYMPART, 0xa10, 14},
			{12, ".rela.llvm_sympart", 4, 0xb00, 24},
			{13, ".llvm.call-graph-profile", SHT_LLVM_CALL_GRAPH_PROFILE, 0xa1e, 8},
			{14, ".rel.llvm.call-graph-profile", 9, 0xb18, 32},
			{15, ".llvm_addrsig", SHT_LLVM_ADDRSIG, 0xb38, 1}}},
	}
	for _, tt := range tests {
		f, err := NewFile(read(t, tt.file))
		if err != nil {
			t.Errorf("%s: %v", tt.file, err)
			continue
		}
		if f.Class != tt.class || f.Data != tt.data || f.Machine != tt.machine || f.Arch != tt.arch {
			t.Errorf("%s: %v %v %v %q, want %v %v %v %q", tt.file, f.Class, f.Data, f.Machine, f.Arch, tt.class, tt.data, tt.machine, tt.arch)
		}
		var got []want
		for _, s := range f.Sections {
			if containsLLVM(s.Name) {
				got = append(got, want{s.Index, s.Name, s.Type, s.Off, s.Size})
			}
		}
		if len(got) != len(tt.llvm) {
			t.Errorf("%s: llvm sections %+v, want %+v", tt.file, got, tt.llvm)
			continue
		}
		for i := range got {
			if got[i] != tt.llvm[i] {
				t.Errorf("%s: section %+v, want %+v", tt.file, got[i], tt.llvm[i])
			}
		}
	}
}

func containsLLVM(name string) bool {
	for i := 0; i+4 <= len(name); i++ {
		if name[i:i+4] == "llvm" {
			return true
		}
	}
	return name == ".deplibs" || name == ".linker-options"
}

func TestMalformed(t *testing.T) {
	// bad-elf-secoff.o is elf-x86_64.o with .llvmbc's sh_offset moved far
	// past the end; its header is section 3 of the table at e_shoff.
	data := read(t, "bad-elf-secoff.o")
	_, err := NewFile(data)
	var fe *FormatError
	if !errors.As(err, &fe) {
		t.Fatalf("bad-elf-secoff.o: %v, want a *FormatError", err)
	}
	shoff := int64(uint64(data[40]) | uint64(data[41])<<8 | uint64(data[42])<<16 | uint64(data[43])<<24)
	if fe.Off != shoff+3*64 {
		t.Errorf("bad-elf-secoff.o: error at 0x%x, want the .llvmbc header at 0x%x: %v", fe.Off, shoff+3*64, err)
	}
	if _, err := NewFile(read(t, "bad-elf-trunc.o")); !errors.As(err, &fe) {
		t.Errorf("bad-elf-trunc.o: %v, want a *FormatError", err)
	}
}

// Every prefix of a fixture is a file or an error, never a panic; a
// successful parse's sections lie within the prefix.
func TestTruncated(t *testing.T) {
	data := read(t, "elf-x86_64.o")
	for n := 0; n <= len(data); n++ {
		f, err := NewFile(data[:n])
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Off > int64(n) {
				t.Fatalf("prefix %d: %v", n, err)
			}
			continue
		}
		checkRanges(t, f, n)
	}
}

func checkRanges(t *testing.T, f *File, n int) {
	t.Helper()
	for _, s := range f.Sections {
		if !s.NoBits && (s.Off < 0 || s.Size < 0 || s.Off+s.Size > int64(n)) {
			t.Fatalf("section %q at [0x%x, +%d) outside %d bytes", s.Name, s.Off, s.Size, n)
		}
	}
}

func FuzzNewFile(f *testing.F) {
	seeds, _ := filepath.Glob(fixtures + "*.o")
	for _, s := range seeds {
		if data, err := os.ReadFile(s); err == nil && IsELF(data) {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := NewFile(data)
		if err != nil {
			return
		}
		checkRanges(t, file, len(data))
		// debug/elf as a second opinion, on inputs small enough that
		// what it allocates for lying headers stays reasonable.
		if len(data) <= 8<<10 {
			if theirs, err := goelf.NewFile(bytes.NewReader(data)); err == nil {
				compareSections(t, "fuzz", file, theirs)
			}
		}
	})
}

func ExampleIsLLVMType() {
	fmt.Println(IsLLVMType(SHT_LLVM_LTO), IsLLVMType(SHT_PROGBITS))
	// Output: true false
}

// Many section headers naming one long string are rejected before debug/elf
// copies the string once per header.
func TestNameBomb(t *testing.T) {
	data := read(t, "elf-x86_64.o")
	shoff := int64(binary.LittleEndian.Uint64(data[40:]))
	shnum := int(binary.LittleEndian.Uint16(data[60:]))
	strndx := int(binary.LittleEndian.Uint16(data[62:]))
	hdrs := append([]byte(nil), data[shoff:shoff+int64(shnum)*64]...)
	// A new name table: one 64 KiB name.
	long := append(bytes.Repeat([]byte{'x'}, 64<<10), 0)
	file := append(append([]byte(nil), data...), long...)
	binary.LittleEndian.PutUint64(hdrs[strndx*64+24:], uint64(len(data)))
	binary.LittleEndian.PutUint64(hdrs[strndx*64+32:], uint64(len(long)))
	newShoff := len(file)
	const copies = 4000
	for i := 0; i < copies; i++ {
		h := append([]byte(nil), hdrs[64:128]...)
		binary.LittleEndian.PutUint32(h, 0) // sh_name: the long name
		hdrs = append(hdrs, h...)
	}
	file = append(file, hdrs...)
	binary.LittleEndian.PutUint64(file[40:], uint64(newShoff))
	binary.LittleEndian.PutUint16(file[60:], uint16(shnum+copies))
	_, err := NewFile(file)
	var fe *FormatError
	if !errors.As(err, &fe) || !strings.Contains(fe.Msg, "section names add up to more than") {
		t.Errorf("got %v, want the names rejected", err)
	}
}

// Relocations of a CREL section (x86_64) and a REL section (i386), as
// llvm-readobj-22 -r prints them.
func TestRelocs(t *testing.T) {
	tests := []struct {
		file, section string
		want          []string // "offset type symbol addend"
	}{
		{"testdata/crel.o", ".crel.text", []string{"0x6 4 g -4", "0x11 4 g -4", "0x26 4 g -4", "0x31 4 g -4"}},
		{"testdata/crel.o", ".crel.eh_frame", []string{"0x20 2 .text 0", "0x48 2 .text 32"}},
		{"testdata/rel32.o", ".rel.text", []string{"0xe 10 _GLOBAL_OFFSET_TABLE_ 0", "0x1a 4 g 0", "0x25 4 g 0", "0x4e 10 _GLOBAL_OFFSET_TABLE_ 0", "0x5a 4 g 0", "0x65 4 g 0"}},
	}
	for _, tt := range tests {
		data, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		f, err := NewFile(data)
		if err != nil {
			t.Fatal(err)
		}
		syms, err := f.Symbols(data, f.SymbolTable())
		if err != nil {
			t.Fatal(err)
		}
		rs := -1
		for i, s := range f.Sections {
			if s.Name == tt.section {
				rs = i
			}
		}
		if rs < 0 || f.RelocSection(int(f.Sections[rs].Info)) != rs {
			t.Fatalf("%s: %s not found or not linked", tt.file, tt.section)
		}
		rels, err := f.Relocs(data, rs)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rels {
			got = append(got, fmt.Sprintf("%#x %d %s %d", r.Off, r.Type, f.SymbolName(&syms[r.Sym]), r.Addend))
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s %s:\n%s\nwant:\n%s", tt.file, tt.section, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}

func FuzzRelocs(f *testing.F) {
	for _, name := range []string{"testdata/crel.o", "testdata/rel32.o"} {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := NewFile(data)
		if err != nil {
			return
		}
		for i, s := range file.Sections {
			if IsRelocType(s.Type) {
				rels, _ := file.Relocs(data, i)
				if len(rels) > len(data) {
					t.Fatalf("%d relocations from %d bytes", len(rels), len(data))
				}
			}
		}
		if tab := file.SymbolTable(); tab >= 0 {
			file.Symbols(data, tab)
		}
	})
}
