package elf

import (
	goelf "debug/elf"
	"fmt"
	"testing"
)

// TestSectionTypeFlagsNames checks the names of elf-ext.o's section types
// and flags against what llvm-readobj-22 -S prints for them (its flags in
// its order, by name).
func TestSectionTypeFlagsNames(t *testing.T) {
	want := []struct{ typ, flags string }{
		{"SHT_NULL", "0"},
		{"SHT_STRTAB", "0"},
		{"SHT_PROGBITS", "SHF_ALLOC|SHF_EXECINSTR"},
		{"SHT_LLVM_BB_ADDR_MAP", "SHF_LINK_ORDER"},
		{"SHT_RELA", "SHF_INFO_LINK"},
		{"SHT_PROGBITS", "SHF_ALLOC|SHF_WRITE"},
		{"SHT_RELA", "SHF_INFO_LINK"},
		{"SHT_LLVM_OFFLOADING", "SHF_EXCLUDE"},
		{"SHT_LLVM_LINKER_OPTIONS", "SHF_EXCLUDE"},
		{"SHT_LLVM_DEPENDENT_LIBRARIES", "SHF_MERGE|SHF_STRINGS"},
		{"SHT_PROGBITS", "0"},
		{"SHT_LLVM_SYMPART", "0"},
		{"SHT_RELA", "SHF_INFO_LINK"},
		{"SHT_LLVM_CALL_GRAPH_PROFILE", "SHF_EXCLUDE"},
		{"SHT_REL", "SHF_INFO_LINK"},
		{"SHT_LLVM_ADDRSIG", "SHF_EXCLUDE"},
		{"SHT_SYMTAB", "0"},
	}
	f, err := NewFile(read(t, "elf-ext.o"))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Sections) != len(want) {
		t.Fatalf("%d sections, want %d", len(f.Sections), len(want))
	}
	for i, s := range f.Sections {
		if got := fmt.Sprint(s.Type); got != want[i].typ {
			t.Errorf("section %d: type %s, want %s", i, got, want[i].typ)
		}
		if got := s.Flags.String(); got != want[i].flags {
			t.Errorf("section %d: flags %s, want %s", i, got, want[i].flags)
		}
	}
}

func TestSectionTypeName(t *testing.T) {
	tests := []struct {
		t    SectionType
		m    goelf.Machine
		want string
	}{
		{SHT_NOBITS, goelf.EM_NONE, "SHT_NOBITS"},
		{12, goelf.EM_NONE, "Unknown"},
		{SHT_CREL, goelf.EM_X86_64, "SHT_CREL"},
		{0x6ffffff6, goelf.EM_NONE, "SHT_GNU_HASH"},
		{0x6fff4c02, goelf.EM_NONE, "Unknown"}, // unassigned in LLVM's range
		{SHT_LLVM_CALL_GRAPH, goelf.EM_NONE, "SHT_LLVM_CALL_GRAPH"},
		{0x70000001, goelf.EM_X86_64, "SHT_X86_64_UNWIND"},
		{0x70000001, goelf.EM_ARM, "SHT_ARM_EXIDX"},
		{0x70000001, goelf.EM_NONE, "Unknown"},
		{0x70000003, goelf.EM_AARCH64, "SHT_AARCH64_ATTRIBUTES"},
	}
	for _, tt := range tests {
		if got := tt.t.Name(tt.m); got != tt.want {
			t.Errorf("%#x on %v: %s, want %s", uint32(tt.t), tt.m, got, tt.want)
		}
	}
	if got := SHF_COMPRESSED | SHF_ALLOC | 0x10000000; got.String() != "SHF_ALLOC|SHF_COMPRESSED|0x10000000" {
		t.Errorf("flags %s", got)
	}
}

func ExampleSectionType_String() {
	fmt.Println(SHT_LLVM_BB_ADDR_MAP, SectionType(1), SHF_ALLOC|SHF_WRITE)
	// Output: SHT_LLVM_BB_ADDR_MAP SHT_PROGBITS SHF_ALLOC|SHF_WRITE
}

// TestCRELLEB checks the CREL decoder's LEB128 errors: cut short, and a
// value past 64 bits (which LLVM's decoder also refuses).
func TestCRELLEB(t *testing.T) {
	tests := []struct {
		b    []byte
		want string
	}{
		{[]byte{0x80}, "truncated CREL header"},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}, "bad CREL header: LEB128 value does not fit in 64 bits"},
		{[]byte{0x08, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, "bad CREL relocation 0: LEB128 value does not fit in 64 bits"},
		{[]byte{0x08, 0x01, 0x80}, "truncated CREL relocation 0"},
	}
	for _, tt := range tests {
		_, err := decodeCREL(tt.b, true)
		if err == nil || err.Msg != tt.want {
			t.Errorf("% x: %v, want %s", tt.b, err, tt.want)
		}
	}
}
