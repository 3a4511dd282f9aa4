package macho

import "fmt"

// CPU types (cputype).
const (
	CPU_TYPE_X86       = 7 // CPU_TYPE_I386
	CPU_TYPE_X86_64    = 0x01000007
	CPU_TYPE_ARM       = 12
	CPU_TYPE_ARM64     = 0x0100000c
	CPU_TYPE_ARM64_32  = 0x0200000c
	CPU_TYPE_POWERPC   = 18
	CPU_TYPE_POWERPC64 = 0x01000012
)

// CPU_SUBTYPE_MASK selects the capability bits of a cpusubtype, such as
// CPU_SUBTYPE_LIB64 or arm64e's pointer-authentication ABI version.
// They play no part in naming the architecture.
const CPU_SUBTYPE_MASK = 0xff000000

// archNames is the table of LLVM's MachO::getArchTriple (BinaryFormat/MachO.cpp),
// whose ArchFlag names llvm-lipo and llvm-objdump print. Subtypes are
// without their capability bits.
var archNames = []struct {
	cpu, sub uint32
	name     string
}{
	{CPU_TYPE_X86, 3, "i386"},      // CPU_SUBTYPE_I386_ALL
	{CPU_TYPE_X86_64, 3, "x86_64"}, // CPU_SUBTYPE_X86_64_ALL
	{CPU_TYPE_X86_64, 8, "x86_64h"},
	{CPU_TYPE_ARM, 5, "armv4t"},
	{CPU_TYPE_ARM, 7, "armv5e"}, // CPU_SUBTYPE_ARM_V5TEJ
	{CPU_TYPE_ARM, 8, "xscale"},
	{CPU_TYPE_ARM, 6, "armv6"},
	{CPU_TYPE_ARM, 14, "armv6m"},
	{CPU_TYPE_ARM, 9, "armv7"},
	{CPU_TYPE_ARM, 16, "armv7em"},
	{CPU_TYPE_ARM, 12, "armv7k"},
	{CPU_TYPE_ARM, 15, "armv7m"},
	{CPU_TYPE_ARM, 11, "armv7s"},
	{CPU_TYPE_ARM64, 0, "arm64"}, // CPU_SUBTYPE_ARM64_ALL
	{CPU_TYPE_ARM64, 2, "arm64e"},
	{CPU_TYPE_ARM64_32, 1, "arm64_32"}, // CPU_SUBTYPE_ARM64_32_V8
	{CPU_TYPE_POWERPC, 0, "ppc"},       // CPU_SUBTYPE_POWERPC_ALL
	{CPU_TYPE_POWERPC64, 0, "ppc64"},
}

// ArchName returns the architecture name that llvm-lipo-22 and
// llvm-objdump-22 print for a CPU type and subtype: "x86_64", "x86_64h",
// "i386", "arm64", "arm64e", "arm64_32", "armv7", "armv7s", "armv7k",
// "armv6", "ppc", "ppc64", …, with the capability bits of the subtype
// masked off. A pair LLVM does not name prints as llvm-lipo -archs prints
// it: "unknown(<cputype>,<cpusubtype>)" in unsigned decimal, the subtype
// without its capability bits, e.g. "unknown(16777228,1)" for arm64 with
// CPU_SUBTYPE_ARM64_V8, which LLVM does not name either.
func ArchName(cpu, subcpu uint32) string {
	sub := subcpu &^ CPU_SUBTYPE_MASK
	for _, a := range archNames {
		if a.cpu == cpu && a.sub == sub {
			return a.name
		}
	}
	return fmt.Sprintf("unknown(%d,%d)", cpu, sub)
}
