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
	{CPU_TYPE_X86, 3, "i386"},
	{CPU_TYPE_X86_64, 3, "x86_64"},
	{CPU_TYPE_X86_64, 0x80000003, "x86_64"}, // CPU_SUBTYPE_LIB64
	{CPU_TYPE_X86_64, 8, "x86_64h"},
	{CPU_TYPE_ARM, 5, "armv4t"},
	{CPU_TYPE_ARM, 6, "armv6"},
	{CPU_TYPE_ARM, 7, "armv5e"},
	{CPU_TYPE_ARM, 8, "xscale"},
	{CPU_TYPE_ARM, 9, "armv7"},
	{CPU_TYPE_ARM, 11, "armv7s"},
	{CPU_TYPE_ARM, 12, "armv7k"},
	{CPU_TYPE_ARM, 14, "armv6m"},
	{CPU_TYPE_ARM, 15, "armv7m"},
	{CPU_TYPE_ARM, 16, "armv7em"},
	{CPU_TYPE_ARM64, 0, "arm64"},
	{CPU_TYPE_ARM64, 2, "arm64e"},
	{CPU_TYPE_ARM64, 0x80000002, "arm64e"}, // CPU_SUBTYPE_PTRAUTH_ABI
	{CPU_TYPE_ARM64_32, 1, "arm64_32"},
	{CPU_TYPE_POWERPC, 0, "ppc"},
	{CPU_TYPE_POWERPC64, 0, "ppc64"},
	// Not named by LLVM.
	{CPU_TYPE_X86_64, 9, "unknown(16777223,9)"},
	{CPU_TYPE_X86_64, 0x80000009, "unknown(16777223,9)"},
	{153, 5, "unknown(153,5)"},
	{0xffffffff, 0xfffffffe, "unknown(4294967295,16777214)"},
	{CPU_TYPE_ARM64, 1, "unknown(16777228,1)"}, // CPU_SUBTYPE_ARM64_V8
	{CPU_TYPE_ARM, 10, "unknown(12,10)"},       // CPU_SUBTYPE_ARM_V7F
	{CPU_TYPE_X86, 4, "unknown(7,4)"},          // CPU_SUBTYPE_486
	{CPU_TYPE_ARM64_32, 0, "unknown(33554444,0)"},
}

func TestArchName(t *testing.T) {
	for _, tt := range nameTests {
		if got := ArchName(tt.cpu, tt.sub); got != tt.want {
			t.Errorf("ArchName(%#x, %#x) = %q; want %q", tt.cpu, tt.sub, got, tt.want)
		}
	}
}
