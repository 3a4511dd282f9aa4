package llvmir

import "slices"

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
