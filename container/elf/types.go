package elf

import (
	goelf "debug/elf"
	"sort"
	"strconv"
	"strings"
)

// A SectionType is a section's sh_type.
type SectionType uint32

// Section types: the generic ones this package and its users test for, and
// LLVM's private ones in LLVM 22's numbering. [SectionType.String] names
// these and the others llvm-readobj-22 names.
const (
	SHT_NULL     SectionType = 0
	SHT_PROGBITS SectionType = 1
	SHT_SYMTAB   SectionType = 2
	SHT_STRTAB   SectionType = 3
	SHT_RELA     SectionType = 4
	SHT_DYNAMIC  SectionType = 6
	SHT_NOBITS   SectionType = 8
	SHT_REL      SectionType = 9
	SHT_DYNSYM   SectionType = 11
	SHT_CREL     SectionType = 0x40000014

	SHT_LLVM_ODRTAB              SectionType = 0x6fff4c00
	SHT_LLVM_LINKER_OPTIONS      SectionType = 0x6fff4c01
	SHT_LLVM_ADDRSIG             SectionType = 0x6fff4c03
	SHT_LLVM_DEPENDENT_LIBRARIES SectionType = 0x6fff4c04
	SHT_LLVM_SYMPART             SectionType = 0x6fff4c05
	SHT_LLVM_PART_EHDR           SectionType = 0x6fff4c06
	SHT_LLVM_PART_PHDR           SectionType = 0x6fff4c07
	SHT_LLVM_BB_ADDR_MAP_V0      SectionType = 0x6fff4c08
	SHT_LLVM_CALL_GRAPH_PROFILE  SectionType = 0x6fff4c09
	SHT_LLVM_BB_ADDR_MAP         SectionType = 0x6fff4c0a
	SHT_LLVM_OFFLOADING          SectionType = 0x6fff4c0b
	SHT_LLVM_LTO                 SectionType = 0x6fff4c0c
	SHT_LLVM_JT_SIZES            SectionType = 0x6fff4c0d
	SHT_LLVM_CFI_JUMP_TABLE      SectionType = 0x6fff4c0e
	SHT_LLVM_CALL_GRAPH          SectionType = 0x6fff4c0f
)

// IsLLVMType reports whether t is in the range of section types LLVM
// reserves for itself (SHT_LLVM_ODRTAB to SHT_LLVM_CALL_GRAPH and the
// unassigned values among them).
func IsLLVMType(t SectionType) bool { return t >= SHT_LLVM_ODRTAB && t <= SHT_LLVM_CALL_GRAPH }

// The names of the generic types (0 to 19), the OS-specific ones outside
// LLVM's range, and LLVM's own, as LLVM 22's getELFSectionTypeName has them.
var (
	genericTypeNames = [...]string{"SHT_NULL", "SHT_PROGBITS", "SHT_SYMTAB", "SHT_STRTAB", "SHT_RELA", "SHT_HASH", "SHT_DYNAMIC",
		"SHT_NOTE", "SHT_NOBITS", "SHT_REL", "SHT_SHLIB", "SHT_DYNSYM", "", "", "SHT_INIT_ARRAY", "SHT_FINI_ARRAY",
		"SHT_PREINIT_ARRAY", "SHT_GROUP", "SHT_SYMTAB_SHNDX", "SHT_RELR"}
	osTypeNames = map[SectionType]string{
		0x40000014: "SHT_CREL", 0x60000001: "SHT_ANDROID_REL", 0x60000002: "SHT_ANDROID_RELA",
		0x6fffff00: "SHT_ANDROID_RELR", 0x6ffffff4: "SHT_GNU_SFRAME", 0x6ffffff5: "SHT_GNU_ATTRIBUTES",
		0x6ffffff6: "SHT_GNU_HASH", 0x6ffffffd: "SHT_GNU_verdef", 0x6ffffffe: "SHT_GNU_verneed", 0x6fffffff: "SHT_GNU_versym",
	}
	llvmTypeNames = [...]string{"SHT_LLVM_ODRTAB", "SHT_LLVM_LINKER_OPTIONS", "", "SHT_LLVM_ADDRSIG", "SHT_LLVM_DEPENDENT_LIBRARIES",
		"SHT_LLVM_SYMPART", "SHT_LLVM_PART_EHDR", "SHT_LLVM_PART_PHDR", "SHT_LLVM_BB_ADDR_MAP_V0", "SHT_LLVM_CALL_GRAPH_PROFILE",
		"SHT_LLVM_BB_ADDR_MAP", "SHT_LLVM_OFFLOADING", "SHT_LLVM_LTO", "SHT_LLVM_JT_SIZES", "SHT_LLVM_CFI_JUMP_TABLE", "SHT_LLVM_CALL_GRAPH"}
	procTypeNames = map[goelf.Machine]map[SectionType]string{
		goelf.EM_ARM: {0x70000001: "SHT_ARM_EXIDX", 0x70000002: "SHT_ARM_PREEMPTMAP", 0x70000003: "SHT_ARM_ATTRIBUTES",
			0x70000004: "SHT_ARM_DEBUGOVERLAY", 0x70000005: "SHT_ARM_OVERLAYSECTION"},
		goelf.EM_X86_64:  {0x70000001: "SHT_X86_64_UNWIND"},
		goelf.EM_MIPS:    {0x70000006: "SHT_MIPS_REGINFO", 0x7000000d: "SHT_MIPS_OPTIONS", 0x7000001e: "SHT_MIPS_DWARF", 0x7000002a: "SHT_MIPS_ABIFLAGS"},
		goelf.EM_RISCV:   {0x70000003: "SHT_RISCV_ATTRIBUTES"},
		goelf.EM_AARCH64: {0x70000003: "SHT_AARCH64_ATTRIBUTES", 0x70000004: "SHT_AARCH64_AUTH_RELR", 0x70000007: "SHT_AARCH64_MEMTAG_GLOBALS_STATIC", 0x70000008: "SHT_AARCH64_MEMTAG_GLOBALS_DYNAMIC"},
	}
)

// String names t as llvm-readobj-22 does in a file of no particular
// machine ("SHT_PROGBITS", "SHT_LLVM_BB_ADDR_MAP", ...), and "Unknown" for
// a type it does not name, processor-specific types included (see
// [SectionType.Name]).
func (t SectionType) String() string { return t.Name(goelf.EM_NONE) }

// Name names t as llvm-readobj-22 does in a file for machine m: as String,
// and the processor-specific types (0x70000000 to 0x7fffffff) of ARM,
// x86-64, MIPS, RISC-V and AArch64 by their names there.
func (t SectionType) Name(m goelf.Machine) string {
	if t >= 0x70000000 && t <= 0x7fffffff {
		if n, ok := procTypeNames[m][t]; ok {
			return n
		}
		return "Unknown"
	}
	if t < SectionType(len(genericTypeNames)) && genericTypeNames[t] != "" {
		return genericTypeNames[t]
	}
	if n, ok := osTypeNames[t]; ok {
		return n
	}
	if IsLLVMType(t) && llvmTypeNames[t-SHT_LLVM_ODRTAB] != "" {
		return llvmTypeNames[t-SHT_LLVM_ODRTAB]
	}
	return "Unknown"
}

// A SectionFlags is a section's sh_flags.
type SectionFlags uint64

// Section flags, as the ELF specification and GNU define them.
const (
	SHF_WRITE            SectionFlags = 0x1
	SHF_ALLOC            SectionFlags = 0x2
	SHF_EXECINSTR        SectionFlags = 0x4
	SHF_MERGE            SectionFlags = 0x10
	SHF_STRINGS          SectionFlags = 0x20
	SHF_INFO_LINK        SectionFlags = 0x40
	SHF_LINK_ORDER       SectionFlags = 0x80
	SHF_OS_NONCONFORMING SectionFlags = 0x100
	SHF_GROUP            SectionFlags = 0x200
	SHF_TLS              SectionFlags = 0x400
	// SHF_COMPRESSED marks a section whose contents are a compression
	// header (Chdr) followed by the compressed bytes.
	SHF_COMPRESSED SectionFlags = 0x800
	SHF_GNU_RETAIN SectionFlags = 0x200000
	SHF_EXCLUDE    SectionFlags = 0x80000000
)

var flagNames = [...]struct {
	f    SectionFlags
	name string
}{
	{SHF_WRITE, "SHF_WRITE"}, {SHF_ALLOC, "SHF_ALLOC"}, {SHF_EXECINSTR, "SHF_EXECINSTR"},
	{SHF_MERGE, "SHF_MERGE"}, {SHF_STRINGS, "SHF_STRINGS"}, {SHF_INFO_LINK, "SHF_INFO_LINK"},
	{SHF_LINK_ORDER, "SHF_LINK_ORDER"}, {SHF_OS_NONCONFORMING, "SHF_OS_NONCONFORMING"},
	{SHF_GROUP, "SHF_GROUP"}, {SHF_TLS, "SHF_TLS"}, {SHF_COMPRESSED, "SHF_COMPRESSED"},
	{SHF_GNU_RETAIN, "SHF_GNU_RETAIN"}, {SHF_EXCLUDE, "SHF_EXCLUDE"},
}

// Names returns the names of the flags set in f that llvm-readobj-22 names
// whatever the machine, in its order (sorted by name), and the bits it
// does not name.
func (f SectionFlags) Names() (names []string, rest SectionFlags) {
	rest = f
	for _, n := range flagNames {
		if f&n.f != 0 {
			names = append(names, n.name)
			rest &^= n.f
		}
	}
	sort.Strings(names)
	return names, rest
}

// String lists the flags set in f, as llvm-readobj-22 names them, in its
// order, joined by "|", then any bits it does not name in hexadecimal:
// "SHF_ALLOC|SHF_EXECINSTR", "SHF_ALLOC|0x10000000"; "0" for none.
func (f SectionFlags) String() string {
	names, rest := f.Names()
	if rest != 0 {
		names = append(names, "0x"+strconv.FormatUint(uint64(rest), 16))
	}
	if len(names) == 0 {
		return "0"
	}
	return strings.Join(names, "|")
}
