package ir

import (
	"strconv"
	"strings"
)

// A Triple is a target triple as LLVM 22's Triple class reads a module's
// triple string: split at the first three hyphens into architecture,
// vendor, operating system and environment, each component recognised on
// its own, in place (no normalization, no moving of components), and the
// object format taken from the end of the environment or else from the
// architecture and operating system.
//
// The kinds are LLVM's canonical spellings (getArchTypeName,
// getOSTypeName, ...): Arch is "x86_64", "i386" (for every x86 spelling),
// "aarch64", "powerpc64", "s390x", ...; OS is "linux", "darwin",
// "macosx", "windows", ...; Environment is "gnu", "msvc", "eabihf", ...;
// ObjectFormat is "elf", "coff", "macho", "wasm", "xcoff", "goff",
// "spirv" or "dxcontainer". A component LLVM does not recognise is
// "unknown" (ObjectFormat is never unknown).
type Triple struct {
	Arch, Vendor, OS, Environment, ObjectFormat string
	// SubArch is the sub-architecture where the symbol table and its
	// mangling depend on it: "arm64e" and "arm64ec" (AArch64), "v7k"
	// (Apple Watch ARM), "r6" (MIPS R6); empty otherwise.
	SubArch string

	str string
}

// ParseTriple reads a target triple string as LLVM 22's Triple
// constructor does.
func ParseTriple(s string) Triple {
	t := Triple{Arch: "unknown", Vendor: "unknown", OS: "unknown", Environment: "unknown", str: s}
	c := strings.SplitN(s, "-", 4)
	t.Arch = parseTripleArch(c[0])
	t.SubArch = parseTripleSubArch(c[0])
	if len(c) > 1 {
		t.Vendor = lookupPrefix(c[1], tripleVendors, true)
		if len(c) > 2 {
			t.OS = lookupPrefix(c[2], tripleOSes, false)
			if len(c) > 3 {
				t.Environment = lookupPrefix(c[3], tripleEnvironments, false)
				t.ObjectFormat = tripleFormatOf(c[3])
			}
		}
	} else {
		switch {
		case strings.HasPrefix(c[0], "mipsn32"):
			t.Environment = "gnuabin32"
		case strings.HasPrefix(c[0], "mips64"), strings.HasPrefix(c[0], "mipsisa64"):
			t.Environment = "gnuabi64"
		case strings.HasPrefix(c[0], "mipsisa32"):
			t.Environment = "gnu"
		case c[0] == "mips" || c[0] == "mipsel" || c[0] == "mipsr6" || c[0] == "mipsr6el":
			t.Environment = "gnu"
		}
	}
	if t.ObjectFormat == "" {
		t.ObjectFormat = t.defaultFormat()
	}
	return t
}

// String returns the triple string as given.
func (t Triple) String() string { return t.str }

// tripleArchs maps LLVM's architecture spellings to their kinds, in
// parseArch's order of cases.
var tripleArchs = map[string]string{
	"i386": "i386", "i486": "i386", "i586": "i386", "i686": "i386",
	"i786": "i386", "i886": "i386", "i986": "i386",
	"amd64": "x86_64", "x86_64": "x86_64", "x86_64h": "x86_64",
	"powerpc": "powerpc", "powerpcspe": "powerpc", "ppc": "powerpc", "ppc32": "powerpc",
	"powerpcle": "powerpcle", "ppcle": "powerpcle", "ppc32le": "powerpcle",
	"powerpc64": "powerpc64", "ppu": "powerpc64", "ppc64": "powerpc64",
	"powerpc64le": "powerpc64le", "ppc64le": "powerpc64le",
	"xscale": "arm", "xscaleeb": "armeb",
	"aarch64": "aarch64", "aarch64_be": "aarch64_be", "aarch64_32": "aarch64_32",
	"arc": "arc", "arm64": "aarch64", "arm64_32": "aarch64_32", "arm64e": "aarch64", "arm64ec": "aarch64",
	"arm": "arm", "armeb": "armeb", "thumb": "thumb", "thumbeb": "thumbeb",
	"avr": "avr", "m68k": "m68k", "msp430": "msp430",
	"mips": "mips", "mipseb": "mips", "mipsallegrex": "mips", "mipsisa32r6": "mips", "mipsr6": "mips",
	"mipsel": "mipsel", "mipsallegrexel": "mipsel", "mipsisa32r6el": "mipsel", "mipsr6el": "mipsel",
	"mips64": "mips64", "mips64eb": "mips64", "mipsn32": "mips64", "mipsisa64r6": "mips64",
	"mips64r6": "mips64", "mipsn32r6": "mips64",
	"mips64el": "mips64el", "mipsn32el": "mips64el", "mipsisa64r6el": "mips64el",
	"mips64r6el": "mips64el", "mipsn32r6el": "mips64el",
	"r600": "r600", "amdgcn": "amdgcn",
	"riscv32": "riscv32", "riscv64": "riscv64", "riscv32be": "riscv32be", "riscv64be": "riscv64be",
	"hexagon": "hexagon", "s390x": "s390x", "systemz": "s390x",
	"sparc": "sparc", "sparcel": "sparcel", "sparcv9": "sparcv9", "sparc64": "sparcv9",
	"tce": "tce", "tcele": "tcele", "xcore": "xcore",
	"nvptx": "nvptx", "nvptx64": "nvptx64",
	"amdil": "amdil", "amdil64": "amdil64", "hsail": "hsail", "hsail64": "hsail64",
	"spir": "spir", "spir64": "spir64",
	"spirv": "spirv", "spirv1.5": "spirv", "spirv1.6": "spirv",
	"spirv32": "spirv32", "spirv32v1.0": "spirv32", "spirv32v1.1": "spirv32", "spirv32v1.2": "spirv32",
	"spirv32v1.3": "spirv32", "spirv32v1.4": "spirv32", "spirv32v1.5": "spirv32", "spirv32v1.6": "spirv32",
	"spirv64": "spirv64", "spirv64v1.0": "spirv64", "spirv64v1.1": "spirv64", "spirv64v1.2": "spirv64",
	"spirv64v1.3": "spirv64", "spirv64v1.4": "spirv64", "spirv64v1.5": "spirv64", "spirv64v1.6": "spirv64",
	"lanai": "lanai", "renderscript32": "renderscript32", "renderscript64": "renderscript64",
	"shave": "shave", "ve": "ve", "wasm32": "wasm32", "wasm64": "wasm64", "csky": "csky",
	"loongarch32": "loongarch32", "loongarch64": "loongarch64",
	"dxil": "dxil", "dxilv1.0": "dxil", "dxilv1.1": "dxil", "dxilv1.2": "dxil", "dxilv1.3": "dxil",
	"dxilv1.4": "dxil", "dxilv1.5": "dxil", "dxilv1.6": "dxil", "dxilv1.7": "dxil", "dxilv1.8": "dxil",
	"xtensa": "xtensa",
}

// parseTripleArch is LLVM's parseArch.
func parseTripleArch(name string) string {
	if a, ok := tripleArchs[name]; ok {
		return a
	}
	switch {
	case strings.HasPrefix(name, "kalimba"):
		return "kalimba"
	case strings.HasPrefix(name, "arm"), strings.HasPrefix(name, "thumb"), strings.HasPrefix(name, "aarch64"):
		return parseARMArch(name)
	case name == "bpf", name == "bpf_le", name == "bpfel":
		return "bpfel" // "bpf" is the host's order; little-endian hosts only
	case name == "bpf_be", name == "bpfeb":
		return "bpfeb"
	}
	return "unknown"
}

// parseARMArch is LLVM's parseARMArch: the instruction set and byte order
// from the spelling ("armv7", "thumbebv7m", "aarch64_be"), checked by
// ARM's canonical architecture name; ARMv6-M is Thumb only.
func parseARMArch(name string) string {
	big := strings.HasPrefix(name, "armeb") || strings.HasPrefix(name, "thumbeb") || strings.HasPrefix(name, "aarch64_be") ||
		((strings.HasPrefix(name, "arm") || strings.HasPrefix(name, "thumb")) && strings.HasSuffix(name, "eb"))
	var arch string
	switch {
	case strings.HasPrefix(name, "aarch64"), strings.HasPrefix(name, "arm64"):
		arch = "aarch64"
		if big {
			arch = "aarch64_be"
		}
	case strings.HasPrefix(name, "thumb"):
		arch = "thumb"
		if big {
			arch = "thumbeb"
		}
	default:
		arch = "arm"
		if big {
			arch = "armeb"
		}
	}
	canon, ok := armCanonicalArchName(name)
	if !ok {
		return "unknown"
	}
	if (arch == "thumb" || arch == "thumbeb") && (strings.HasPrefix(canon, "v2") || strings.HasPrefix(canon, "v3")) {
		return "unknown"
	}
	if armArchSynonym(canon) == "v6-m" {
		if big {
			return "thumbeb"
		}
		return "thumb"
	}
	return arch
}

// armCanonicalArchName is ARM::getCanonicalArchName for names that start
// with arm, thumb or aarch64: the version part ("v7a"), false when the
// name is not a valid ARM architecture spelling.
func armCanonicalArchName(name string) (string, bool) {
	a := name
	off := 0
	switch {
	case strings.HasPrefix(a, "arm64_32"):
		off = 8
	case strings.HasPrefix(a, "arm64e"):
		off = 6
	case strings.HasPrefix(a, "arm64"):
		off = 5
	case strings.HasPrefix(a, "aarch64_32"):
		off = 10
	case strings.HasPrefix(a, "arm"):
		off = 3
	case strings.HasPrefix(a, "thumb"):
		off = 5
	case strings.HasPrefix(a, "aarch64"):
		off = 7
		if strings.Contains(a, "eb") {
			return "", false
		}
		if strings.HasPrefix(a[off:], "_be") {
			off += 3
		}
	}
	if strings.HasPrefix(a[off:], "eb") {
		off += 2
	} else {
		a = strings.TrimSuffix(a, "eb")
	}
	if off <= len(a) {
		a = a[off:]
	} else {
		a = ""
	}
	if a == "" {
		return name, true
	}
	if len(a) >= 2 && (a[0] != 'v' || a[1] < '0' || a[1] > '9') {
		return "", false
	}
	if strings.Contains(a, "eb") {
		return "", false
	}
	return a, true
}

// armArchSynonym is the part of ARM::getArchSynonym that tells the
// M-profile architectures.
func armArchSynonym(a string) string {
	switch a {
	case "v6m", "v6sm", "v6s-m":
		return "v6-m"
	case "v7m":
		return "v7-m"
	case "v7em":
		return "v7e-m"
	case "v8m.base":
		return "v8-m.base"
	case "v8m.main":
		return "v8-m.main"
	case "v8.1m.main":
		return "v8.1-m.main"
	}
	return a
}

// IsARMMProfile reports a 32-bit ARM architecture name of the M
// (microcontroller) profile: ARMv6-M, ARMv7-M, ARMv7E-M, ARMv8-M,
// ARMv8.1-M ("thumbv7em", "armv8m.main").
func (t Triple) IsARMMProfile() bool {
	arch, _, _ := strings.Cut(t.str, "-")
	if !strings.HasPrefix(arch, "arm") && !strings.HasPrefix(arch, "thumb") && !strings.HasPrefix(arch, "aarch64") {
		return false
	}
	c, ok := armCanonicalArchName(arch)
	if !ok {
		return false
	}
	switch armArchSynonym(c) {
	case "v6-m", "v7-m", "v7e-m", "v8-m.base", "v8-m.main", "v8.1-m.main":
		return true
	}
	return false
}

// parseTripleSubArch is the part of LLVM's parseSubArch this package
// uses.
func parseTripleSubArch(name string) string {
	switch {
	case strings.HasPrefix(name, "mips") && (strings.HasSuffix(name, "r6el") || strings.HasSuffix(name, "r6")):
		return "r6"
	case name == "arm64e", name == "arm64ec":
		return name
	case strings.HasPrefix(name, "arm") || strings.HasPrefix(name, "thumb"):
		if c, ok := armCanonicalArchName(name); ok && c == "v7k" {
			return "v7k"
		}
	}
	return ""
}

// A prefixKind pairs a component prefix with its kind.
type prefixKind struct{ prefix, kind string }

var tripleVendors = []prefixKind{
	{"apple", "apple"}, {"pc", "pc"}, {"scei", "scei"}, {"sie", "scei"}, {"fsl", "fsl"},
	{"ibm", "ibm"}, {"img", "img"}, {"mti", "mti"}, {"nvidia", "nvidia"}, {"csr", "csr"},
	{"amd", "amd"}, {"mesa", "mesa"}, {"suse", "suse"}, {"oe", "oe"}, {"intel", "intel"},
	{"meta", "meta"},
}

// tripleOSes is parseOS's list, in its order (a longer name before its
// prefix).
var tripleOSes = []prefixKind{
	{"darwin", "darwin"}, {"dragonfly", "dragonfly"}, {"freebsd", "freebsd"}, {"fuchsia", "fuchsia"},
	{"ios", "ios"}, {"kfreebsd", "kfreebsd"}, {"linux", "linux"}, {"lv2", "lv2"}, {"macos", "macosx"},
	{"managarm", "managarm"}, {"netbsd", "netbsd"}, {"openbsd", "openbsd"}, {"solaris", "solaris"},
	{"uefi", "uefi"}, {"win32", "windows"}, {"windows", "windows"}, {"zos", "zos"}, {"haiku", "haiku"},
	{"rtems", "rtems"}, {"aix", "aix"}, {"cuda", "cuda"}, {"nvcl", "nvcl"}, {"amdhsa", "amdhsa"},
	{"ps4", "ps4"}, {"ps5", "ps5"}, {"elfiamcu", "elfiamcu"}, {"tvos", "tvos"}, {"watchos", "watchos"},
	{"bridgeos", "bridgeos"}, {"driverkit", "driverkit"}, {"xros", "xros"}, {"visionos", "xros"},
	{"mesa3d", "mesa3d"}, {"amdpal", "amdpal"}, {"hermit", "hermit"}, {"hurd", "hurd"},
	{"wasip1", "wasip1"}, {"wasip2", "wasip2"}, {"wasip3", "wasip3"}, {"wasi", "wasi"},
	{"emscripten", "emscripten"}, {"shadermodel", "shadermodel"}, {"liteos", "liteos"},
	{"serenity", "serenity"}, {"vulkan", "vulkan"}, {"cheriotrtos", "cheriotrtos"},
}

// tripleEnvironments is parseEnvironment's list, in its order.
var tripleEnvironments = []prefixKind{
	{"eabihf", "eabihf"}, {"eabi", "eabi"}, {"gnuabin32", "gnuabin32"}, {"gnuabi64", "gnuabi64"},
	{"gnueabihft64", "gnueabihft64"}, {"gnueabihf", "gnueabihf"}, {"gnueabit64", "gnueabit64"},
	{"gnueabi", "gnueabi"}, {"gnuf32", "gnuf32"}, {"gnuf64", "gnuf64"}, {"gnusf", "gnusf"},
	{"gnux32", "gnux32"}, {"gnu_ilp32", "gnu_ilp32"}, {"code16", "code16"}, {"gnut64", "gnut64"},
	{"gnu", "gnu"}, {"android", "android"}, {"muslabin32", "muslabin32"}, {"muslabi64", "muslabi64"},
	{"musleabihf", "musleabihf"}, {"musleabi", "musleabi"}, {"muslf32", "muslf32"}, {"muslsf", "muslsf"},
	{"muslx32", "muslx32"}, {"muslwali", "muslwali"}, {"musl", "musl"}, {"msvc", "msvc"},
	{"itanium", "itanium"}, {"cygnus", "cygnus"}, {"coreclr", "coreclr"}, {"simulator", "simulator"},
	{"macabi", "macabi"}, {"pixel", "pixel"}, {"vertex", "vertex"}, {"geometry", "geometry"},
	{"hull", "hull"}, {"domain", "domain"}, {"compute", "compute"}, {"library", "library"},
	{"raygeneration", "raygeneration"}, {"intersection", "intersection"}, {"anyhit", "anyhit"},
	{"closesthit", "closesthit"}, {"miss", "miss"}, {"callable", "callable"}, {"mesh", "mesh"},
	{"amplification", "amplification"}, {"rootsignature", "rootsignature"}, {"opencl", "opencl"},
	{"ohos", "ohos"}, {"mlibc", "mlibc"}, {"pauthtest", "pauthtest"}, {"llvm", "llvm"}, {"mtia", "mtia"},
}

// lookupPrefix returns the kind of the first entry whose prefix starts s
// (or equals s, when exact), "unknown" for none.
func lookupPrefix(s string, list []prefixKind, exact bool) string {
	for _, e := range list {
		if s == e.prefix || (!exact && strings.HasPrefix(s, e.prefix)) {
			return e.kind
		}
	}
	return "unknown"
}

// tripleFormatOf is LLVM's parseFormat: the object format an environment
// component ends with, "" for none.
func tripleFormatOf(env string) string {
	for _, f := range [...]string{"xcoff", "coff", "elf", "goff", "macho", "wasm", "spirv"} {
		if strings.HasSuffix(env, f) {
			return f
		}
	}
	return ""
}

// defaultFormat is LLVM's getDefaultFormat.
func (t Triple) defaultFormat() string {
	switch t.Arch {
	case "unknown", "aarch64", "aarch64_32", "arm", "thumb", "i386", "x86_64":
		switch {
		case t.OS == "windows", t.OS == "uefi":
			return "coff"
		case t.IsOSDarwin():
			return "macho"
		}
		return "elf"
	case "mipsel":
		if t.IsOSWindows() {
			return "coff"
		}
	case "powerpc64", "powerpc":
		if t.OS == "aix" {
			return "xcoff"
		}
		if t.IsOSDarwin() {
			return "macho"
		}
	case "s390x":
		if t.OS == "zos" {
			return "goff"
		}
	case "wasm32", "wasm64":
		return "wasm"
	case "spirv", "spirv32", "spirv64":
		return "spirv"
	case "dxil":
		return "dxcontainer"
	}
	return "elf"
}

// IsX86 reports 32- and 64-bit x86.
func (t Triple) IsX86() bool { return t.Arch == "i386" || t.Arch == "x86_64" }

// IsAArch64 reports the AArch64 architectures.
func (t Triple) IsAArch64() bool {
	return t.Arch == "aarch64" || t.Arch == "aarch64_be" || t.Arch == "aarch64_32"
}

// IsARM reports 32-bit ARM and Thumb, either byte order.
func (t Triple) IsARM() bool {
	return t.Arch == "arm" || t.Arch == "armeb" || t.Arch == "thumb" || t.Arch == "thumbeb"
}

// IsWindowsArm64EC reports the ARM64EC sub-architecture.
func (t Triple) IsWindowsArm64EC() bool { return t.Arch == "aarch64" && t.SubArch == "arm64ec" }

// PointerBitWidth is LLVM's getArchPointerBitWidth: 16, 32 or 64, 0 for
// an unknown architecture.
func (t Triple) PointerBitWidth() int {
	switch t.Arch {
	case "unknown":
		return 0
	case "avr", "msp430":
		return 16
	case "aarch64", "aarch64_be", "amdgcn", "amdil64", "bpfeb", "bpfel", "hsail64", "loongarch64",
		"mips64", "mips64el", "nvptx64", "powerpc64", "powerpc64le", "renderscript64", "riscv64",
		"riscv64be", "sparcv9", "spirv", "spir64", "spirv64", "s390x", "ve", "wasm64", "x86_64":
		return 64
	}
	return 32
}

// IsArch64Bit reports a 64-bit architecture (LLVM's isArch64Bit).
func (t Triple) IsArch64Bit() bool { return t.PointerBitWidth() == 64 }

// IsMacOSX reports macOS, spelled "macos" or "darwin".
func (t Triple) IsMacOSX() bool { return t.OS == "darwin" || t.OS == "macosx" }

// IsiOS reports iOS and tvOS.
func (t Triple) IsiOS() bool { return t.OS == "ios" || t.OS == "tvos" }

// IsOSDarwin reports Apple's operating systems.
func (t Triple) IsOSDarwin() bool {
	switch t.OS {
	case "darwin", "macosx", "ios", "tvos", "watchos", "driverkit", "xros", "bridgeos":
		return true
	}
	return false
}

// IsOSWindows reports Windows.
func (t Triple) IsOSWindows() bool { return t.OS == "windows" }

// IsWindowsMSVCEnvironment reports Windows with the MSVC environment,
// which an absent environment means.
func (t Triple) IsWindowsMSVCEnvironment() bool {
	return t.IsOSWindows() && (t.Environment == "msvc" || t.Environment == "unknown")
}

// IsWindowsGNUEnvironment reports MinGW.
func (t Triple) IsWindowsGNUEnvironment() bool { return t.IsOSWindows() && t.Environment == "gnu" }

// IsWindowsCygwinEnvironment reports Cygwin.
func (t Triple) IsWindowsCygwinEnvironment() bool {
	return t.IsOSWindows() && t.Environment == "cygnus"
}

// IsWindowsItaniumEnvironment reports Windows with the Itanium C++ ABI.
func (t Triple) IsWindowsItaniumEnvironment() bool {
	return t.IsOSWindows() && t.Environment == "itanium"
}

// IsOSCygMing reports Cygwin and MinGW.
func (t Triple) IsOSCygMing() bool {
	return t.IsWindowsCygwinEnvironment() || t.IsWindowsGNUEnvironment()
}

// IsOSMSVCRT reports Windows environments that use the MSVC runtime.
func (t Triple) IsOSMSVCRT() bool {
	return t.IsWindowsMSVCEnvironment() || t.IsWindowsGNUEnvironment() || t.IsWindowsItaniumEnvironment()
}

// IsGNUEnvironment reports the GNU environments ("gnu", "gnueabihf", ...
// but not "gnu_ilp32").
func (t Triple) IsGNUEnvironment() bool {
	switch t.Environment {
	case "gnu", "gnut64", "gnuabin32", "gnuabi64", "gnueabi", "gnueabit64", "gnueabihf",
		"gnueabihft64", "gnuf32", "gnuf64", "gnusf", "gnux32":
		return true
	}
	return false
}

// IsPS reports the PlayStation 4 and 5.
func (t Triple) IsPS() bool {
	return t.Arch == "x86_64" && t.Vendor == "scei" && (t.OS == "ps4" || t.OS == "ps5")
}

// OSVersion returns the version that follows the operating system's name
// in the triple ("14.0" of "macosx14.0"), zeros for none.
func (t Triple) OSVersion() [3]int {
	c := strings.SplitN(t.str, "-", 4)
	if len(c) < 3 {
		return [3]int{}
	}
	name := c[2]
	typ := t.OS
	switch {
	case strings.HasPrefix(name, typ):
		name = name[len(typ):]
	case t.OS == "macosx":
		name = strings.TrimPrefix(name, "macos")
	case strings.HasPrefix(name, "visionos"):
		name = name[len("visionos"):]
	}
	return parseVersionTuple(name)
}

// parseVersionTuple reads "major[.minor[.micro[.build]]]" as LLVM's
// VersionTuple::tryParse, leaving zeros where it fails.
func parseVersionTuple(s string) [3]int {
	var v [3]int
	parts := strings.Split(s, ".")
	if len(parts) > 4 {
		return [3]int{}
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || p == "" || p[0] == '+' || p[0] == '-' {
			return [3]int{}
		}
		if i < 3 {
			v[i] = n
		}
	}
	return v
}

// IsOSVersionLT reports an operating system version below
// major.minor.micro.
func (t Triple) IsOSVersionLT(major, minor, micro int) bool {
	v := t.OSVersion()
	for i, w := range [3]int{major, minor, micro} {
		if v[i] != w {
			return v[i] < w
		}
	}
	return false
}

// IsMacOSXVersionLT is LLVM's isMacOSXVersionLT, which reads "darwinN" as
// macOS 10.(N-4) up to darwin19 and 11+(N-20) after.
func (t Triple) IsMacOSXVersionLT(major, minor, micro int) bool {
	if t.OS == "macosx" {
		return t.IsOSVersionLT(major, minor, micro)
	}
	if major == 10 {
		return t.IsOSVersionLT(minor+4, micro, 0)
	}
	return t.IsOSVersionLT(major-11+20, minor, micro)
}

// NeedsGOTSymbol reports whether LLVM's module symbol table lists the
// undefined symbol _GLOBAL_OFFSET_TABLE_ for a module of this target,
// which code for it may use without the IR saying so: ELF x86, 32-bit
// always, 64-bit with the medium or large code model (the module's "Code
// Model" flag).
func (t Triple) NeedsGOTSymbol(cm CodeModel) bool {
	return t.ObjectFormat == "elf" && t.IsX86() && (t.Arch == "i386" || cm == MediumCodeModel || cm == LargeCodeModel)
}
