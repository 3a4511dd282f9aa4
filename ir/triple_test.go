package ir

import "testing"

func TestParseTriple(t *testing.T) {
	tests := []struct {
		in                                 string
		arch, sub, vendor, os, env, format string
	}{
		{"x86_64-unknown-linux-gnu", "x86_64", "", "unknown", "linux", "gnu", "elf"},
		{"x86_64-pc-windows-msvc19.40.0", "x86_64", "", "pc", "windows", "msvc", "coff"},
		{"x86_64-w64-windows-gnu", "x86_64", "", "unknown", "windows", "gnu", "coff"},
		{"i686-pc-windows-elf", "i386", "", "pc", "windows", "unknown", "elf"},
		{"x86_64-apple-macosx14.0.0", "x86_64", "", "apple", "macosx", "unknown", "macho"},
		{"arm64-apple-ios12.0.0", "aarch64", "", "apple", "ios", "unknown", "macho"},
		{"arm64e-apple-ios", "aarch64", "arm64e", "apple", "ios", "unknown", "macho"},
		{"arm64ec-pc-windows-msvc", "aarch64", "arm64ec", "pc", "windows", "msvc", "coff"},
		{"armv7k-apple-watchos", "arm", "v7k", "apple", "watchos", "unknown", "macho"},
		{"thumbv6m-none-eabi", "thumb", "", "unknown", "unknown", "unknown", "elf"},
		{"armv6m-none-eabi", "thumb", "", "unknown", "unknown", "unknown", "elf"},
		{"armebv7-unknown-linux-gnueabihf", "armeb", "", "unknown", "linux", "gnueabihf", "elf"},
		{"armv7eb-unknown-linux-gnueabi", "armeb", "", "unknown", "linux", "gnueabi", "elf"},
		{"thumbv3-unknown-unknown", "unknown", "", "unknown", "unknown", "unknown", "elf"},
		{"armx7-unknown-linux", "unknown", "", "unknown", "linux", "unknown", "elf"},
		{"aarch64_be-unknown-linux-gnu", "aarch64_be", "", "unknown", "linux", "gnu", "elf"},
		{"powerpc64-ibm-aix7.2", "powerpc64", "", "ibm", "aix", "unknown", "xcoff"},
		{"s390x-ibm-zos", "s390x", "", "ibm", "zos", "unknown", "goff"},
		{"wasm32-unknown-wasip1", "wasm32", "", "unknown", "wasip1", "unknown", "wasm"},
		{"mipsisa64r6el-unknown-linux-gnuabi64", "mips64el", "r6", "unknown", "linux", "gnuabi64", "elf"},
		{"mips64", "mips64", "", "unknown", "unknown", "gnuabi64", "elf"},
		{"x86_64-pc-cygwin", "x86_64", "", "pc", "unknown", "unknown", "elf"},
		{"spirv64-unknown-unknown", "spirv64", "", "unknown", "unknown", "unknown", "spirv"},
		{"dxil-pc-shadermodel6.0-library", "dxil", "", "pc", "shadermodel", "library", "dxcontainer"},
		{"", "unknown", "", "unknown", "unknown", "unknown", "elf"},
		{"i386-apple-darwin-macho-x", "i386", "", "apple", "darwin", "unknown", "macho"},
	}
	for _, tc := range tests {
		got := ParseTriple(tc.in)
		want := Triple{Arch: tc.arch, SubArch: tc.sub, Vendor: tc.vendor, OS: tc.os, Environment: tc.env, ObjectFormat: tc.format, str: tc.in}
		if got != want {
			t.Errorf("ParseTriple(%q) = %+v, want %+v", tc.in, got, want)
		}
	}
}

func TestTriplePredicates(t *testing.T) {
	tests := []struct {
		in                            string
		darwin, msvc, cygming, bits64 bool
		got                           bool // NeedsGOTSymbol without a code model
		gotLarge                      bool
		macLT109, mprofile            bool
	}{
		{"x86_64-unknown-linux-gnu", false, false, false, true, false, true, false, false},
		{"i686-unknown-linux-gnu", false, false, false, false, true, true, false, false},
		{"i686-pc-windows-msvc", false, true, false, false, false, false, false, false},
		{"x86_64-pc-windows", false, true, false, true, false, false, false, false},
		{"x86_64-w64-windows-gnu", false, false, true, true, false, false, false, false},
		{"x86_64-apple-darwin12", true, false, false, true, false, false, true, false},
		{"x86_64-apple-darwin13", true, false, false, true, false, false, false, false},
		{"x86_64-apple-macosx10.8.5", true, false, false, true, false, false, true, false},
		{"x86_64-apple-macosx", true, false, false, true, false, false, true, false},
		{"arm64-apple-macos11", true, false, false, true, false, false, false, false},
		{"thumbv7em-none-eabihf", false, false, false, false, false, false, false, true},
		{"armv8m.main-none-eabi", false, false, false, false, false, false, false, true},
		{"armv7a-none-eabi", false, false, false, false, false, false, false, false},
	}
	for _, tc := range tests {
		tt := ParseTriple(tc.in)
		if got := tt.IsOSDarwin(); got != tc.darwin {
			t.Errorf("%s: IsOSDarwin = %v", tc.in, got)
		}
		if got := tt.IsWindowsMSVCEnvironment(); got != tc.msvc {
			t.Errorf("%s: IsWindowsMSVCEnvironment = %v", tc.in, got)
		}
		if got := tt.IsOSCygMing(); got != tc.cygming {
			t.Errorf("%s: IsOSCygMing = %v", tc.in, got)
		}
		if got := tt.IsArch64Bit(); got != tc.bits64 {
			t.Errorf("%s: IsArch64Bit = %v", tc.in, got)
		}
		if got := tt.NeedsGOTSymbol(NoCodeModel); got != tc.got {
			t.Errorf("%s: NeedsGOTSymbol = %v", tc.in, got)
		}
		if got := tt.NeedsGOTSymbol(LargeCodeModel); got != tc.gotLarge {
			t.Errorf("%s: NeedsGOTSymbol(large) = %v", tc.in, got)
		}
		if tt.IsMacOSX() {
			if got := tt.IsMacOSXVersionLT(10, 9, 0); got != tc.macLT109 {
				t.Errorf("%s: IsMacOSXVersionLT(10.9) = %v", tc.in, got)
			}
		}
		if got := tt.IsARMMProfile(); got != tc.mprofile {
			t.Errorf("%s: IsARMMProfile = %v", tc.in, got)
		}
	}
}

func TestOSVersion(t *testing.T) {
	tests := []struct {
		in   string
		want [3]int
	}{
		{"x86_64-apple-macosx14.1.2", [3]int{14, 1, 2}},
		{"x86_64-apple-macos10.15", [3]int{10, 15, 0}},
		{"arm64-apple-ios", [3]int{}},
		{"aarch64-apple-visionos1.0", [3]int{1, 0, 0}},
		{"x86_64-apple-darwin19.6.0", [3]int{19, 6, 0}},
		{"x86_64-apple-macosx14.x", [3]int{}},
		{"x86_64-apple-macosx1.2.3.4", [3]int{1, 2, 3}},
		{"x86_64-apple-macosx1.2.3.4.5", [3]int{}},
		{"x86_64", [3]int{}},
	}
	for _, tc := range tests {
		if got := ParseTriple(tc.in).OSVersion(); got != tc.want {
			t.Errorf("OSVersion(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
