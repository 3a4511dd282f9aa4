package macho

import "testing"

// nameTests checks ArchName against the names of LLVM's
// MachO::getArchTriple, and against what llvm-lipo-22 -archs printed for
// crafted universal files (unknown(16777223,9), unknown(153,5),
// unknown(4294967295,16777214), unknown(16777228,1)).
var nameTests = []struct {
	cpu, sub uint32
	want     string
}{
	{CpuX86, 3, "i386"},
	{CpuX86_64, 3, "x86_64"},
	{CpuX86_64, 0x80000003, "x86_64"}, // CPU_SUBTYPE_LIB64
	{CpuX86_64, 8, "x86_64h"},
	{CpuArm, 5, "armv4t"},
	{CpuArm, 6, "armv6"},
	{CpuArm, 7, "armv5e"},
	{CpuArm, 8, "xscale"},
	{CpuArm, 9, "armv7"},
	{CpuArm, 11, "armv7s"},
	{CpuArm, 12, "armv7k"},
	{CpuArm, 14, "armv6m"},
	{CpuArm, 15, "armv7m"},
	{CpuArm, 16, "armv7em"},
	{CpuArm64, 0, "arm64"},
	{CpuArm64, 2, "arm64e"},
	{CpuArm64, 0x80000002, "arm64e"}, // CPU_SUBTYPE_PTRAUTH_ABI
	{CpuArm6432, 1, "arm64_32"},
	{CpuPpc, 0, "ppc"},
	{CpuPpc64, 0, "ppc64"},
	// Not named by LLVM.
	{CpuX86_64, 9, "unknown(16777223,9)"},
	{CpuX86_64, 0x80000009, "unknown(16777223,9)"},
	{153, 5, "unknown(153,5)"},
	{0xffffffff, 0xfffffffe, "unknown(4294967295,16777214)"},
	{CpuArm64, 1, "unknown(16777228,1)"}, // CPU_SUBTYPE_ARM64_V8
	{CpuArm, 10, "unknown(12,10)"},       // CPU_SUBTYPE_ARM_V7F
	{CpuX86, 4, "unknown(7,4)"},          // CPU_SUBTYPE_486
	{CpuArm6432, 0, "unknown(33554444,0)"},
}

func TestArchName(t *testing.T) {
	for _, tt := range nameTests {
		if got := ArchName(tt.cpu, tt.sub); got != tt.want {
			t.Errorf("ArchName(%#x, %#x) = %q; want %q", tt.cpu, tt.sub, got, tt.want)
		}
	}
}
