package llvmir

import "testing"

// The releases of intrinsics as the headers of LLVM 13 to 22 list them
// (scripts/gen_intrinsic_since.py).
func TestIntrinsicOfName(t *testing.T) {
	for _, tc := range []struct {
		name, base string
		since      int
	}{
		{"llvm.memset.p0.i64", "", 13},
		{"llvm.memset.inline.p0.i64", "llvm.memset.inline", 15},
		{"llvm.minimumnum.f32", "llvm.minimumnum", 22},
		{"llvm.scmp.i32.i32", "llvm.scmp", 19},
		{"llvm.amdgcn.global.atomic.fmax.num.f32.p1.f32", "llvm.amdgcn.global.atomic.fmax.num", 19},
		{"llvm.amdgcn.global.atomic.fmax.f32.p1.f32", "", 13},
		// LLVM 13's, not LLVM 22's overloaded llvm.riscv.masked.atomicrmw.add.
		{"llvm.riscv.masked.atomicrmw.add.i32", "", 13},
		{"llvm.riscv.masked.atomicrmw.add.i32.p0", "", 13},
		{"llvm.riscv.masked.atomicrmw.add.p0", "llvm.riscv.masked.atomicrmw.add", 22},
		{"llvm.nvvm.ex2.approx.f16", "", 15},
		{"llvm.frexp.f64.i32", "llvm.frexp", 19},
		// Overloaded from LLVM 18 (19 here); before, of one type only.
		{"llvm.va_start.p0", "llvm.va_start", 19},
		{"llvm.va_start", "", 13},
		{"llvm.eh.typeid.for.p0", "llvm.eh.typeid.for", 19},
		{"llvm.riscv.sm4ks.i32", "llvm.riscv.sm4ks", 14},
		{"llvm", "", 13},
		{"llvm.", "", 13},
		{"memset", "", 13},
	} {
		base, since := IntrinsicOfName(tc.name)
		if base != tc.base || since != tc.since {
			t.Errorf("IntrinsicOfName(%q) = %q, %d, want %q, %d", tc.name, base, since, tc.base, tc.since)
		}
	}
}
