package minllvm

import (
	"errors"
	"os"
	"path/filepath"
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
		{"ir/attrs.bc", []Need{{22, "nocreateundeforpoison attribute", 0}}},
		{"ir/instr-arith.bc", []Need{{22, "ptrtoaddr instruction", 0}}},
		{"ir/fp.bc", []Need{{15, "opaque pointer type (ptr)", 0}}},
		{"ir/summary/summary-memprof-llvm19.bc", []Need{{19, "module summary version 10", 0}}},
		{"ir/llvm14-di-switch-O0.bc", []Need{{14, "DIDerivedType annotations (METADATA_DERIVED_TYPE of 14 operands)", 0}}},
		{"ir/legacy/legacy-attrs.bc", []Need{{16, "uwtable in an attribute list of LLVM 3.2's encoding", 0}}},
		// An atomicrmw fadd of <2 x float>: found reading the bodies
		// (LLVM 16's verifier: "atomicrmw fadd operand must have
		// floating point type!").
		{"ir/bodies/align0-x86_64.bc", []Need{{19, "atomicrmw fadd of a vector", 0}}},
		// The same module for AArch64, whose data layout says i8:8:32:
		// an alloca of i1 with no alignment is aligned 1 by LLVM 21's
		// reader (and 19's: opt-19 misreads it), 4 by 22's.
		{"ir/bodies/align0-aarch64.bc", []Need{{22, "alloca of i1 without an alignment (LLVM 22 aligns it as i8)", 0}}},
		// fadd and fsub of scalars only: the bodies read, nothing more
		// needed than the opaque pointers.
		{"../ir/bcwrite/testdata/decl/atomicrmw-fp.bc", []Need{{15, "opaque pointer type (ptr)", 0}}},
		// A wrapper around a module of an unknown producer nothing in
		// which needs more than LLVM 13.
		{"bc/wrapped-odd.bc", []Need{{13, "", 0}}},
		// Two modules, each its own.
		{"bc/multi.bc", []Need{{19, "range attribute", 0},
			{22, "DICompileUnit sourceLanguageVersion (METADATA_COMPILE_UNIT of 23 operands)", 0}}},
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
			if got[i].Version != tt.want[i].Version || got[i].What != tt.want[i].What || got[i].Version > Oldest && got[i].Bit == 0 {
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
