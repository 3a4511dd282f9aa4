package inspect

import (
	"errors"
	"os"
	"testing"

	"github.com/bcextract/bcextract/ir/minllvm"
)

// TestMinLLVM: the records' need, and the one reading the bodies finds:
// an atomicrmw fadd of <2 x float> needs LLVM 19 (opt-16: "atomicrmw fadd
// operand must have floating point type!"; conformance_minllvm.sh); fadd
// and fsub of scalars need nothing more than the opaque pointers.
func TestMinLLVM(t *testing.T) {
	for _, tt := range []struct {
		file string
		want minllvm.Need
	}{
		{"../testdata/ir/bodies/align0-x86_64.bc", minllvm.Need{Version: 19, What: "atomicrmw fadd of a vector"}},
		{"../ir/bcwrite/testdata/decl/atomicrmw-fp.bc", minllvm.Need{Version: 15, What: "opaque pointer type (ptr)"}},
		// The rules the records call for (Need.Checks), decided on the
		// IR: opt-16 refuses the callbr use and the annotation, opt-19
		// the convergence token; opt-19 and opt-22 read them.
		{"../ir/bcwrite/testdata/decl/callbr-use.bc", minllvm.Need{Version: 17, What: "callbr result used in an indirect destination"}},
		{"../ir/bcwrite/testdata/decl/annotation.bc", minllvm.Need{Version: 17, What: "!annotation holding a tuple"}},
		{"../ir/bcwrite/testdata/decl/bundles.bc", minllvm.Need{Version: 21, What: "convergencectrl bundle on a call that is not convergent"}},
	} {
		data, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		got, err := MinLLVM(data)
		if err != nil || len(got) != 1 {
			t.Fatalf("%s: %v, %v", tt.file, got, err)
		}
		if g := got[0]; g.Version != tt.want.Version || g.What != tt.want.What || g.Bit == 0 || g.FPAtomics != nil || g.Checks != nil {
			t.Errorf("%s: %+v, want %+v", tt.file, g, tt.want)
		}
	}
}

// FuzzMinLLVM: any bytes give needs or a *minllvm.Error, never a panic,
// the bodies read or not.
func FuzzMinLLVM(f *testing.F) {
	for _, name := range []string{"../testdata/ir/bodies/align0-x86_64.bc", "../ir/bcwrite/testdata/decl/atomicrmw-fp.bc",
		"../ir/bcwrite/testdata/decl/callbr-use.bc", "../ir/bcwrite/testdata/decl/annotation.bc", "../ir/bcwrite/testdata/decl/bundles.bc"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		needs, err := MinLLVM(data)
		var e *minllvm.Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("not a *minllvm.Error: %v", err)
		}
		for _, n := range needs {
			if n.Version < minllvm.Oldest || n.Version > minllvm.Latest+1 || n.Version > minllvm.Oldest && n.What == "" {
				t.Fatalf("need %+v", n)
			}
		}
	})
}
