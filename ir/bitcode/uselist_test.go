package bitcode

import (
	"os"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// TestUseListOrdersOfConstantData checks that the use-list orders an older
// producer recorded for constant data are dropped, as LLVM 22's reader
// drops them (constant data has no use list from LLVM 21 on): of the 31
// orders clang-19 recorded in testdata/ir/llvm19-neon-O2.bc (28 of values,
// 3 of blocks), 3 are of integer constants, and opt-22 writes the other
// 28 back (llvm-bcanalyzer-22 -dump of both).
func TestUseListOrdersOfConstantData(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ir/llvm19-neon-O2.bc")
	if err != nil {
		t.Fatal(err)
	}
	r, m := firstModule(t, data)
	values, blocks := len(m.UseListOrders), 0
	for _, f := range m.Functions {
		if !f.HasBody {
			continue
		}
		if err := r.LoadBody(f); err != nil {
			t.Fatal(err)
		}
		for _, o := range f.UseListOrders {
			if _, ok := o.Value.(*ir.Block); ok {
				blocks++
				continue
			}
			values++
			if !ir.HasUseList(o.Value) {
				t.Errorf("@%s: a use-list order of constant data %T", f.Name, o.Value)
			}
		}
	}
	if values != 25 || blocks != 3 {
		t.Errorf("%d use-list orders of values and %d of blocks, want 25 and 3", values, blocks)
	}
}
