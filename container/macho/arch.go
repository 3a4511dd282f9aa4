package macho

import "fmt"

// CPU types (cputype).
const (
	CpuX86     = 7          // CPU_TYPE_X86 (i386)
	CpuX86_64  = 0x01000007 // CPU_TYPE_X86_64
	CpuArm     = 12         // CPU_TYPE_ARM
	CpuArm64   = 0x0100000c // CPU_TYPE_ARM64
	CpuArm6432 = 0x0200000c // CPU_TYPE_ARM64_32
	CpuPpc     = 18         // CPU_TYPE_POWERPC
	CpuPpc64   = 0x01000012 // CPU_TYPE_POWERPC64
)

// SubCpuMask selects the capability bits of a cpusubtype (CPU_SUBTYPE_MASK),
// such as CPU_SUBTYPE_LIB64 or arm64e's pointer-authentication ABI version.
// They play no part in naming the architecture.
const SubCpuMask = 0xff000000

// archNames is the table of LLVM's MachO::getArchTriple (BinaryFormat/MachO.cpp),
// whose ArchFlag names llvm-lipo and llvm-objdump print. Subtypes are
// without their capability bits.
var archNames = []struct {
	cpu, sub uint32
	name     string
}{
	{CpuX86, 3, "i386"},      // CPU_SUBTYPE_I386_ALL
	{CpuX86_64, 3, "x86_64"}, // CPU_SUBTYPE_X86_64_ALL
	{CpuX86_64, 8, "x86_64h"},
	{CpuArm, 5, "armv4t"},
	{CpuArm, 7, "armv5e"}, // CPU_SUBTYPE_ARM_V5TEJ
	{CpuArm, 8, "xscale"},
	{CpuArm, 6, "armv6"},
	{CpuArm, 14, "armv6m"},
	{CpuArm, 9, "armv7"},
	{CpuArm, 16, "armv7em"},
	{CpuArm, 12, "armv7k"},
	{CpuArm, 15, "armv7m"},
	{CpuArm, 11, "armv7s"},
	{CpuArm64, 0, "arm64"}, // CPU_SUBTYPE_ARM64_ALL
	{CpuArm64, 2, "arm64e"},
	{CpuArm6432, 1, "arm64_32"}, // CPU_SUBTYPE_ARM64_32_V8
	{CpuPpc, 0, "ppc"},          // CPU_SUBTYPE_POWERPC_ALL
	{CpuPpc64, 0, "ppc64"},
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
	sub := subcpu &^ SubCpuMask
	for _, a := range archNames {
		if a.cpu == cpu && a.sub == sub {
			return a.name
		}
	}
	return fmt.Sprintf("unknown(%d,%d)", cpu, sub)
}
