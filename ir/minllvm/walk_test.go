package minllvm

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/bcextract/bcextract/llvmir"
)

// TestModules: what fixtures of several producers need, each checked
// against the installed readers by scripts/conformance_minllvm.sh (LLVM
// 13 to 16, 19 and 22: the readers from the version on read the module
// correctly, the newest one below does not).
func TestModules(t *testing.T) {
	tests := []struct {
		file string
		want []Need
	}{
		{"ir/attrs.bc", []Need{{Version: 22, What: "nocreateundeforpoison attribute"}}},
		{"ir/instr-arith.bc", []Need{{Version: 22, What: "ptrtoaddr instruction"}}},
		{"ir/fp.bc", []Need{{Version: 15, What: "opaque pointer type (ptr)"}}},
		{"ir/summary/summary-memprof-llvm19.bc", []Need{{Version: 19, What: "module summary version 10"}}},
		{"ir/llvm14-di-switch-O0.bc", []Need{{Version: 14, What: "DIDerivedType annotations (METADATA_DERIVED_TYPE of 14 operands)"}}},
		{"ir/legacy/legacy-attrs.bc", []Need{{Version: 16, What: "uwtable in an attribute list of LLVM 3.2's encoding"}}},
		// An atomicrmw fadd of <2 x float>: the records say where
		// (FPAtomics), inspect.MinLLVM reads the bodies for the type.
		{"ir/bodies/align0-x86_64.bc", []Need{{Version: 15, What: "opaque pointer type (ptr)", FPAtomics: []uint64{1, 1, 1, 1}}}},
		// The same module for AArch64, whose data layout says i8:8:32:
		// an alloca of i1 with no alignment is aligned 1 by LLVM 21's
		// reader (and 19's: opt-19 misreads it), 4 by 22's.
		{"ir/bodies/align0-aarch64.bc", []Need{{Version: 22, What: "alloca of i1 without an alignment (LLVM 22 aligns it as i8)"}}},
		// fadd and fsub of scalars: two records to look at.
		{"../ir/bcwrite/testdata/decl/atomicrmw-fp.bc", []Need{{Version: 15, What: "opaque pointer type (ptr)", FPAtomics: []uint64{1, 1}}}},
		// Module flags of behaviour Max and Min: 13 and 14 refuse Min.
		{"../ir/link/testdata/flags-a.bc", []Need{{Version: 15, What: "module flag of behaviour Min (8)"}}},
		// llvm.nvvm.abs.bf16 of bfloat (LLVM 19's), which LLVM 22
		// reads as llvm.nvvm.fabs.bf16: the string table says.
		{"ir/upgrade/nvvm-bf16only-llvm19.bc", []Need{{Version: 17, What: "NVVM intrinsic of bfloat values (@llvm.nvvm.abs.bf16)"}}},
		// Intrinsics an older reader lacks, or takes for another (LLVM
		// 16 takes fmax.num for fmax), by the names in the string table:
		// the first release listed that has them (17 to 19 here).
		{"ir/upgrade/nvvm-bf16-llvm19.bc", []Need{{Version: 19, What: "intrinsic llvm.nvvm.mapa.shared.cluster (@llvm.nvvm.mapa.shared.cluster)"}}},
		{"ir/upgrade/amdgpu-llvm19.bc", []Need{{Version: 19, What: "intrinsic llvm.amdgcn.atomic.cond.sub.u32 (@llvm.amdgcn.atomic.cond.sub.u32.p0)"}}},
		// llvm.va_start.p0: overloaded from LLVM 18; before, the name of
		// an unknown function.
		{"ir/instr-control.bc", []Need{{Version: 19, What: "intrinsic llvm.va_start (@llvm.va_start.p0)"}}},
		// Splats written as INTEGER and FLOAT records of a vector type
		// (the SETTYPE before says): LLVM 18 (16 refuses, 19 reads).
		{"ir/splat-const.bc", []Need{{Version: 18, What: "vector splat constant (splat (...))"}}},
		// Rules the IR decides (inspect.MinLLVM): a callbr, an
		// !annotation, a convergencectrl bundle.
		{"../ir/bcwrite/testdata/decl/callbr-use.bc", []Need{{Version: 15, What: "opaque pointer type (ptr)", Checks: []Check{{Rule: CallBrIndirectUse}}}}},
		{"../ir/bcwrite/testdata/decl/annotation.bc", []Need{{Version: 15, What: "opaque pointer type (ptr)", Checks: []Check{{Rule: AnnotationTuple}}}}},
		{"../ir/bcwrite/testdata/decl/bundles.bc", []Need{{Version: 19, What: "intrinsic llvm.experimental.convergence.entry (@llvm.experimental.convergence.entry)",
			Checks: []Check{{Rule: ConvergenceNotConvergent}}}}},
		// A wrapper around a module of an unknown producer nothing in
		// which needs more than LLVM 13.
		{"bc/wrapped-odd.bc", []Need{{Version: 13, What: ""}}},
		// Two modules, each its own.
		{"bc/multi.bc", []Need{{Version: 19, What: "range attribute"},
			{Version: 22, What: "DICompileUnit sourceLanguageVersion (METADATA_COMPILE_UNIT of 23 operands)"}}},
	}
	for _, tt := range tests {
		data, err := os.ReadFile(filepath.Join("../../testdata", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		got, err := Modules(data)
		if err != nil {
			t.Errorf("%s: %v", tt.file, err)
			continue
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: %d modules, want %d", tt.file, len(got), len(tt.want))
			continue
		}
		for i := range got {
			if got[i].Version != tt.want[i].Version || got[i].What != tt.want[i].What || got[i].Version > Oldest && got[i].Bit == 0 ||
				len(got[i].FPAtomics) != len(tt.want[i].FPAtomics) || slices.Contains(got[i].FPAtomics, 0) || !sameRules(got[i].Checks, tt.want[i].Checks) {
				t.Errorf("%s module %d: %+v, want %+v", tt.file, i+1, got[i], tt.want[i])
			}
		}
	}
}

// sameRules reports whether two lists of checks are of the same rules,
// in order, each of got with a bit.
func sameRules(got, want []Check) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i].Rule != want[i].Rule || got[i].Bit == 0 {
			return false
		}
	}
	return true
}

// TestFlagTracker: a module flag is of behaviour Min when the first
// operand of a node named by llvm.module.flags is a value that is the
// integer 8; Max (7) is not, nor 8 in another place or another node.
func TestFlagTracker(t *testing.T) {
	type rec struct {
		id   llvmir.BlockID
		code uint32
		ops  []uint64
	}
	module := func(code llvmir.ModuleCode) rec { return rec{llvmir.MODULE_BLOCK_ID, uint32(code), []uint64{0, 0, 0}} }
	cst := func(code llvmir.ConstantsCode, ops ...uint64) rec {
		return rec{llvmir.CONSTANTS_BLOCK_ID, uint32(code), ops}
	}
	md := func(code llvmir.MetadataCode, ops ...uint64) rec {
		return rec{llvmir.METADATA_BLOCK_ID, uint32(code), ops}
	}
	// Values: @g (0), @f (1), i32 7 (2), i32 8 (3), i32 2 (4).
	// Metadata: !"a" (0), !"b" (1), 7 (2), 8 (3), 2 (4), then nodes.
	head := []rec{
		module(llvmir.MODULE_CODE_GLOBALVAR), module(llvmir.MODULE_CODE_FUNCTION),
		cst(llvmir.CST_CODE_SETTYPE, 1), cst(llvmir.CST_CODE_INTEGER, 14), cst(llvmir.CST_CODE_INTEGER, 16), cst(llvmir.CST_CODE_INTEGER, 4),
		md(llvmir.METADATA_STRINGS, 2, 8), md(llvmir.METADATA_VALUE, 1, 2), md(llvmir.METADATA_VALUE, 1, 3), md(llvmir.METADATA_VALUE, 1, 4),
	}
	for _, tt := range []struct {
		name string
		tail []rec
		want bool
	}{
		{"min", []rec{md(llvmir.METADATA_NODE, 4, 1, 5), md(llvmir.METADATA_NAME, chars("llvm.module.flags")...), md(llvmir.METADATA_NAMED_NODE, 5)}, true},
		{"max", []rec{md(llvmir.METADATA_NODE, 3, 1, 5), md(llvmir.METADATA_NAME, chars("llvm.module.flags")...), md(llvmir.METADATA_NAMED_NODE, 5)}, false},
		{"8 as the value", []rec{md(llvmir.METADATA_NODE, 3, 1, 4), md(llvmir.METADATA_NAME, chars("llvm.module.flags")...), md(llvmir.METADATA_NAMED_NODE, 5)}, false},
		{"another named node", []rec{md(llvmir.METADATA_NODE, 4, 1, 5), md(llvmir.METADATA_NAME, chars("llvm.ident")...), md(llvmir.METADATA_NAMED_NODE, 5)}, false},
		{"a node of two", []rec{md(llvmir.METADATA_NODE, 4, 1), md(llvmir.METADATA_NAME, chars("llvm.module.flags")...), md(llvmir.METADATA_NAMED_NODE, 5)}, false},
	} {
		var f flagTracker
		f.reset()
		got := false
		for _, r := range append(slices.Clone(head), tt.tail...) {
			if f.record(r.id, r.code, r.ops) {
				got = true
			}
		}
		if got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestModulesErrors: a stream cut short or not bitcode is an *Error with
// the byte offset where it is found.
func TestModulesErrors(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ir/attrs.bc")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		data []byte
		off  int64
	}{
		{"not bitcode", []byte("hello, world"), 0},
		{"cut", data[:100], 100},
	} {
		_, err := Modules(tt.data)
		var e *Error
		if !errors.As(err, &e) || e.Off > tt.off || tt.name == "cut" && e.Off < 8 {
			t.Errorf("%s: %v (%#v)", tt.name, err, e)
		}
	}
}

// FuzzModules: any bytes give needs or an *Error, never a panic.
func FuzzModules(f *testing.F) {
	for _, name := range []string{"ir/attrs.bc", "bc/multi.bc", "bc/wrapped-odd.bc", "ir/legacy/legacy-attrs.bc", "ir/summary/summary-memprof-llvm19.bc",
		"ir/bodies/align0-x86_64.bc", "ir/bodies/align0-aarch64.bc", "ir/upgrade/nvvm-bf16-llvm19.bc", "../ir/link/testdata/flags-a.bc"} {
		data, err := os.ReadFile(filepath.Join("../../testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		needs, err := Modules(data)
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("not an *Error: %v", err)
		}
		for _, n := range needs {
			if n.Version < Oldest || n.Version > Latest+1 || n.Version > Oldest && n.What == "" {
				t.Fatalf("need %+v", n)
			}
		}
	})
}
