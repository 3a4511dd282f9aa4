package bcwrite

import (
	"fmt"
	"slices"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// The math intrinsics LLVM added from 17 to 22 (llvm.tan, llvm.acos,
// llvm.exp10, llvm.ldexp, ...) stand for the C library's functions:
// clang calls them for tan(), acos(), ... where errno is not set
// (-ffast-math, -fno-math-errno), and LLVM's code generators call the
// library's function for them on the targets that have no instruction
// for it. A reader that lacks one is given its declaration, of float or
// double, as that of the library's function (llvm.acos.f64 as @acos,
// llvm.acos.f32 as @acosf), reported: its calls are then calls of the
// library, whose errno LLVM no longer knows unset. Not on GPU targets
// (AMDGPU, NVPTX, SPIR-V, DirectX), which link no C library; not when
// the module has a global of that name already: refused there, as
// before.
var libmIntrinsics = map[string]struct {
	lib    string
	params int // the floating-point parameters; ldexp's also an i32
}{
	"llvm.tan": {"tan", 1}, "llvm.asin": {"asin", 1}, "llvm.acos": {"acos", 1}, "llvm.atan": {"atan", 1},
	"llvm.atan2": {"atan2", 2}, "llvm.sinh": {"sinh", 1}, "llvm.cosh": {"cosh", 1}, "llvm.tanh": {"tanh", 1},
	"llvm.exp10": {"exp10", 1}, "llvm.ldexp": {"ldexp", 1},
}

// olderLibm returns the name of the C library's function a reader that
// lacks math intrinsic f is given it as (see libmIntrinsics).
func (w *writer) olderLibm(f *ir.Function) (string, bool) {
	base, ok := ir.IntrinsicName(f.Name)
	if !ok {
		return "", false
	}
	fn, ok := libmIntrinsics[base]
	if !ok || w.knowsIntrinsic(base) {
		return "", false
	}
	switch ir.ParseTriple(w.m.Triple).Arch {
	case "amdgcn", "r600", "nvptx", "nvptx64", "spir", "spir64", "spirv", "spirv32", "spirv64", "dxil":
		return "", false
	}
	sig := f.Sig
	if sig == nil || sig.Kind != ir.FunctionType || sig.VarArg || sig.Ret == nil {
		return "", false
	}
	suffix := ""
	switch sig.Ret.Kind {
	case ir.FloatType:
		suffix = "f"
	case ir.DoubleType:
	default:
		return "", false
	}
	want := slices.Repeat([]*ir.Type{sig.Ret}, fn.params)
	if base == "llvm.ldexp" {
		want = append(want, i32Type)
	}
	if !slices.EqualFunc(sig.Params, want, sameScalar) {
		return "", false
	}
	name := fn.lib + suffix
	if w.globalNamed(name) {
		return "", false
	}
	w.lose(fmt.Sprintf("%s (written as a call of @%s)", base, name))
	return name, true
}

// sameScalar reports whether a and b are the same floating-point or
// integer type.
func sameScalar(a, b *ir.Type) bool {
	return a != nil && b != nil && a.Kind == b.Kind && a.BitWidth == b.BitWidth && !a.IsVector()
}

// knowsIntrinsic reports whether the reader written for has intrinsic
// base (a name without the suffixes that mangle its types).
func (w *writer) knowsIntrinsic(base string) bool {
	return llvmir.IntrinsicSince(base) <= w.t.version
}

// globalNamed reports whether the module has a global value named name.
func (w *writer) globalNamed(name string) bool {
	m := w.m
	return slices.ContainsFunc(m.Functions, func(f *ir.Function) bool { return f.Name == name }) ||
		slices.ContainsFunc(m.Globals, func(g *ir.GlobalVar) bool { return g.Name == name }) ||
		slices.ContainsFunc(m.Aliases, func(a *ir.Alias) bool { return a.Name == name }) ||
		slices.ContainsFunc(m.IFuncs, func(i *ir.IFunc) bool { return i.Name == name })
}
