package llvmir

import (
	"slices"
	"strings"
)

// IntrinsicSince returns the first release among LLVM 14, 15, 16, 19 and
// 22 whose reader has the LLVM 22 intrinsic base (a name without the
// suffixes that mangle overloaded types, as "llvm.memset.inline"), 13
// for one LLVM 13 has already (or no intrinsic of LLVM 22 at all). An
// intrinsic first listed for 19 came in LLVM 17, 18 or 19; for 22, in 20,
// 21 or 22: the releases between are not among the sources
// (scripts/gen_intrinsic_since.py reads the intrinsics of 13, 14, 15, 16,
// 19 and 22).
func IntrinsicSince(base string) int {
	for _, v := range []int{14, 15, 16, 19, 22} {
		if _, found := slices.BinarySearch(intrinsicsSince[v], base); found {
			return v
		}
	}
	return 13
}

// IntrinsicOlderName returns the name release v (13, 14, 15, 16 or 19)
// has for the LLVM 22 intrinsic base when LLVM renamed it since without
// changing it (llvm.stepvector is llvm.experimental.stepvector up to 19),
// false when v has it by that name or not at all.
func IntrinsicOlderName(base string, v int) (string, bool) {
	old, ok := intrinsicOlderNames[base][v]
	return old, ok
}

// IntrinsicFixedSig returns the signature release v (13, 14, 15, 16 or
// 19) has for the LLVM 22 intrinsic base, which LLVM 22 overloads and v
// does not (llvm.va_start before LLVM 18): the overload suffixes of its
// result and parameters; false when v overloads it too, or lacks it.
func IntrinsicFixedSig(base string, v int) ([]string, bool) {
	sig, ok := intrinsicsFixed[base][v]
	return sig, ok
}

// IntrinsicOfName returns the LLVM 22 intrinsic a function named name is
// that an older release reads otherwise, and the first release among 14,
// 15, 16, 19 and 22 whose reader reads it as LLVM 22 does: that of the
// longest name that is name or begins it and a dot, as LLVM looks
// intrinsics up. One LLVM 13 lacks needs the first release that has it
// (IntrinsicSince); one LLVM 22 overloads and an older release does not
// (IntrinsicFixedSig), named with an overload suffix, the first release
// that overloads it (llvm.va_start.p0: 19; the older take the name for an
// unknown function's). An older intrinsic whose name begins with a newer
// one's and a dot, as llvm.riscv.masked.atomicrmw.add.i32 of LLVM 13 with
// LLVM 22's llvm.riscv.masked.atomicrmw.add, is the older one. "" and 13
// for a name that is none of these.
func IntrinsicOfName(name string) (base string, since int) {
	for p := name; len(p) > len("llvm."); {
		if v, ok := intrinsicsShadowing[p]; ok {
			return "", v
		}
		if v := IntrinsicSince(p); v > 13 {
			return p, v
		}
		if fixed, ok := intrinsicsFixed[p]; ok {
			if p == name {
				return "", 13
			}
			for _, v := range []int{13, 14, 15, 16, 19} {
				if _, ok := fixed[v]; !ok && v > fixedUntil(fixed) {
					return p, v
				}
			}
			return p, 22
		}
		i := strings.LastIndexByte(p, '.')
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return "", 13
}

// fixedUntil returns the last release among those of fixed that has the
// intrinsic without overloads.
func fixedUntil(fixed map[int][]string) int {
	last := 0
	for v := range fixed {
		last = max(last, v)
	}
	return last
}
