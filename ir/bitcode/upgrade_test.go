package bitcode

import (
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// The layouts clang-19 writes (as llvm-dis-19 prints them) and what
// llvm-dis-22 prints for the same bitcode.
func TestUpgradeDataLayout(t *testing.T) {
	for _, c := range []struct{ triple, in, want string }{
		{"aarch64-unknown-linux-gnu",
			"e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32",
			"e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"},
		{"arm64-apple-macosx13.0.0",
			"e-m:o-i64:64-i128:128-n32:64-S128-Fn32",
			"e-m:o-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-n32:64-S128-Fn32"},
		{"aarch64-pc-windows-msvc",
			"e-m:w-p:64:64-i32:32-i64:64-i128:128-n32:64-S128-Fn32",
			"e-m:w-p270:32:32-p271:32:32-p272:64:64-p:64:64-i32:32-i64:64-i128:128-n32:64-S128-Fn32"},
		{"wasm32-unknown-unknown",
			"e-m:e-p:32:32-p10:8:8-p20:8:8-i64:64-n32:64-S128-ni:1:10:20",
			"e-m:e-p:32:32-p10:8:8-p20:8:8-i64:64-i128:128-n32:64-S128-ni:1:10:20"},
		{"powerpc64le-unknown-linux-gnu",
			"e-m:e-Fn32-i64:64-n32:64-S128-v256:256:256-v512:512:512",
			"e-m:e-Fn32-i64:64-i128:128-n32:64-S128-v256:256:256-v512:512:512"},
		{"mips64-unknown-linux-gnuabi64",
			"E-m:e-i8:8:32-i16:16:32-i64:64-n32:64-S128",
			"E-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128"},
		{"sparc-unknown-linux-gnu",
			"E-m:e-p:32:32-i64:64-f128:64-n32-S64",
			"E-m:e-p:32:32-i64:64-i128:128-f128:64-n32-S64"},
		{"r600--",
			"e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1",
			"m:e-e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1"},
		{"amdgcn-amd-amdhsa",
			"e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9",
			"m:e-e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"},
		// Unchanged: already current.
		{"x86_64-unknown-linux-gnu",
			"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128",
			"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"},
		{"riscv64-unknown-linux-gnu", "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128", "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"},
		{"armv7-unknown-linux-gnueabihf", "e-m:e-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64", "e-m:e-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64"},
		{"", "", ""},
	} {
		if got := upgradeDataLayout(c.in, c.triple); got != c.want {
			t.Errorf("%s: upgradeDataLayout(%q)\n got %q\nwant %q", c.triple, c.in, got, c.want)
		}
		// Upgrading is idempotent.
		if got := upgradeDataLayout(c.want, c.triple); got != c.want {
			t.Errorf("%s: upgrading %q again gives %q", c.triple, c.want, got)
		}
	}
}

// Names llvm-dis-22 prints for clang-14's typed-pointer intrinsic names
// (testdata/ir/llvm14-*.dis).
func TestIntrinsicRemangle(t *testing.T) {
	p0 := &ir.Type{Kind: ir.PointerType}
	i1 := &ir.Type{Kind: ir.IntegerType, BitWidth: 1}
	i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	i64 := &ir.Type{Kind: ir.IntegerType, BitWidth: 64}
	void := &ir.Type{Kind: ir.VoidType}
	memcpy := func(n *ir.Type) *ir.Type {
		return &ir.Type{Kind: ir.FunctionType, Ret: void, Params: []*ir.Type{p0, p0, n, i1}}
	}
	for _, c := range []struct {
		name string
		sig  *ir.Type
		want string
	}{
		{"llvm.memcpy.p0i8.p0i8.i64", memcpy(i64), "llvm.memcpy.p0.p0.i64"},
		{"llvm.memcpy.p0i8.p0i8.i32", memcpy(i32), "llvm.memcpy.p0.p0.i32"},
		{"llvm.memcpy.p0.p0.i64", memcpy(i64), "llvm.memcpy.p0.p0.i64"},
		{"llvm.umax.i32", &ir.Type{Kind: ir.FunctionType, Ret: i32, Params: []*ir.Type{i32, i32}}, "llvm.umax.i32"},
	} {
		got, ok := ir.IntrinsicMangledName(c.name, c.sig)
		if !ok || got != c.want {
			t.Errorf("IntrinsicMangledName(%q) = %q, %v; want %q", c.name, got, ok, c.want)
		}
	}
	if _, ok := ir.IntrinsicMangledName("llvm.trap", &ir.Type{Kind: ir.FunctionType, Ret: void}); ok {
		t.Error("llvm.trap is not overloaded")
	}
}
