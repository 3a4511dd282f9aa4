package bitcode

import (
	"regexp"
	"strings"
)

// upgradeDataLayout returns the data layout string that LLVM 22's reader
// makes of dl, written for target triple: older producers lack address
// spaces and alignments that LLVM has since added to some targets'
// layouts (AutoUpgrade's UpgradeDataLayoutString). A layout that already
// has them is returned unchanged.
func upgradeDataLayout(dl, triple string) string {
	arch, rest, _ := strings.Cut(triple, "-")
	switch {
	case (arch == "spir" || arch == "spir64" || strings.HasPrefix(arch, "spirv")) &&
		!(strings.HasPrefix(arch, "spirv") && strings.Contains(rest, "vulkan")) &&
		!strings.Contains(dl, "-G") && !strings.HasPrefix(dl, "G"):
		if dl == "" {
			return "G1"
		}
		return dl + "-G1"
	case arch == "spir" || arch == "spir64" || strings.HasPrefix(arch, "spirv"):
		return dl
	case arch == "riscv64" || arch == "loongarch64":
		if before, after, ok := strings.Cut(dl, "-n64-"); ok {
			return before + "-n32:64-" + after
		}
		return dl
	case arch == "amdgcn" || arch == "r600":
		return upgradeAMDGPULayout(dl, arch == "amdgcn")
	case isAArch64Arch(arch):
		res := dl
		if dl != "" && !strings.Contains(dl, "-Fn32") {
			res += "-Fn32"
		}
		return addPtr32Ptr64(dl, res)
	case strings.HasPrefix(arch, "sparc") ||
		isMIPS64Arch(arch) && !strings.Contains(dl, "m:m") ||
		isPPC64Arch(arch) || arch == "wasm32" || arch == "wasm64":
		if !strings.Contains(dl, "-i128:128") {
			if i := strings.Index(dl, "-i64:64"); i >= 0 {
				i += len("-i64:64")
				return dl[:i] + "-i128:128" + dl[i:]
			}
		}
		return dl
	case !isX86Arch(arch):
		return dl
	}
	res := addPtr32Ptr64(dl, dl)
	if !strings.Contains(rest, "elfiamcu") && !strings.Contains(res, "-i128:128") {
		if m := x86I128.FindStringSubmatch(res); m != nil {
			res = m[1] + "-i128:128" + m[3]
		}
	}
	if strings.Contains(rest, "windows") && !strings.Contains(rest, "gnu") &&
		!strings.Contains(rest, "cygnus") && !strings.Contains(rest, "itanium") && arch != "x86_64" && arch != "amd64" {
		if before, after, ok := strings.Cut(res, "-f80:32-"); ok {
			res = before + "-f80:128-" + after
		}
	}
	return res
}

var (
	ptr32Ptr64 = regexp.MustCompile(`^([Ee]-m:[a-z](-p:32:32)?)(-.*)$`)
	x86I128    = regexp.MustCompile(`^(e(-[mpi][^-]*)*)((-[^mpi][^-]*)*)$`)
)

// addPtr32Ptr64 adds X86's and AArch64's 32- and 64-bit pointer address
// spaces 270-272 to res when dl lacks them and res has the usual shape.
func addPtr32Ptr64(dl, res string) string {
	const spaces = "-p270:32:32-p271:32:32-p272:64:64"
	if strings.Contains(dl, spaces) {
		return res
	}
	if m := ptr32Ptr64.FindStringSubmatch(res); m != nil {
		return m[1] + spaces + m[3]
	}
	return res
}

// upgradeAMDGPULayout adds the AMDGPU address spaces and mangling mode.
func upgradeAMDGPULayout(dl string, gcn bool) string {
	res := dl
	if !strings.Contains(dl, "-G") && !strings.HasPrefix(dl, "G") {
		if res == "" {
			res = "G1"
		} else {
			res += "-G1"
		}
	}
	if gcn {
		if !strings.Contains(dl, "-ni") && !strings.HasPrefix(dl, "ni") {
			res += "-ni:7:8:9"
		}
		if strings.HasSuffix(dl, "ni:7") {
			res += ":8:9"
		}
		if strings.HasSuffix(dl, "ni:7:8") {
			res += ":9"
		}
		if !strings.Contains(dl, "-p7") && !strings.HasPrefix(dl, "p7") {
			res += "-p7:160:256:256:32"
		}
		if !strings.Contains(dl, "-p8") && !strings.HasPrefix(dl, "p8") {
			res += "-p8:128:128:128:48"
		}
		const oldP8 = "-p8:128:128-"
		if strings.Contains(dl, oldP8) {
			res = strings.Replace(res, oldP8, "-p8:128:128:128:48-", 1)
		}
		if !strings.Contains(dl, "-p9") && !strings.HasPrefix(dl, "p9") {
			res += "-p9:192:256:256:32"
		}
	}
	if !strings.Contains(dl, "m:e") {
		if res == "" {
			return "m:e"
		}
		return "m:e-" + res
	}
	return res
}

func isAArch64Arch(a string) bool {
	switch a {
	case "aarch64", "aarch64_be", "arm64", "arm64e", "arm64ec", "arm64_32", "aarch64_32":
		return true
	}
	return false
}

func isMIPS64Arch(a string) bool {
	return strings.HasPrefix(a, "mips64") || strings.HasPrefix(a, "mipsisa64")
}

func isPPC64Arch(a string) bool {
	switch a {
	case "powerpc64", "powerpc64le", "ppc64", "ppc64le":
		return true
	}
	return false
}

func isX86Arch(a string) bool {
	switch a {
	case "x86_64", "amd64", "x86_64h", "i386", "i486", "i586", "i686", "i786", "i886", "i986":
		return true
	}
	return false
}
