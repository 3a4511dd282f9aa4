package minllvm

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
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
				len(got[i].FPAtomics) != len(tt.want[i].FPAtomics) || slices.Contains(got[i].FPAtomics, 0) {
				t.Errorf("%s module %d: %+v, want %+v", tt.file, i+1, got[i], tt.want[i])
			}
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
		"ir/bodies/align0-x86_64.bc", "ir/bodies/align0-aarch64.bc"} {
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
