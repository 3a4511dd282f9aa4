package bitcode

import (
	"os"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// TestSummary reads the ThinLTO summary of summary-switch-O2.bc; the values
// are those llvm-dis-22 prints (testdata/ir/summary-switch-O2.dis).
func TestSummary(t *testing.T) {
	data, err := os.ReadFile("../../testdata/ir/summary-switch-O2.bc")
	if err != nil {
		t.Skip(err)
	}
	f, err := Open(data)
	if err != nil {
		t.Fatal(err)
	}
	m, err := f.Modules[0].Module()
	if err != nil {
		t.Fatal(err)
	}
	s := m.Summary
	if s == nil {
		t.Fatal("no summary")
	}
	if want := [5]uint32{1674599755, 1069121838, 296625612, 475768653, 2905751393}; len(s.Modules) != 1 || s.Modules[0].Hash != want {
		t.Errorf("modules = %+v", s.Modules)
	}
	if len(s.Values) != 5 || s.BlockCount != 0 || s.Flags != 0 {
		t.Fatalf("%d values, blockcount %d, flags %d", len(s.Values), s.BlockCount, s.Flags)
	}
	v := s.Values[1]
	if v.Name != "computed_goto" || v.GUID != 1000909189991024853 || len(v.Summaries) != 1 {
		t.Fatalf("value 1 = %+v", v)
	}
	fs := v.Summaries[0]
	if fs.Kind != ir.SummaryFunction || fs.Insts != 14 || !fs.Flags.NotEligibleToImport || !fs.Flags.DSOLocal ||
		!fs.FuncFlags.ReadOnly || !fs.FuncFlags.NoRecurse || !fs.FuncFlags.NoUnwind || fs.FuncFlags.ReadNone {
		t.Errorf("computed_goto summary = %+v", fs)
	}
	if len(fs.Refs) != 1 || fs.Refs[0].GUID != 7087586500357280234 {
		t.Errorf("refs = %+v", fs.Refs)
	}
	lab := s.Values[2]
	if lab.Name != "computed_goto.labels" || lab.Summaries[0].Kind != ir.SummaryVariable ||
		lab.Summaries[0].Flags.Linkage != ir.InternalLinkage || !lab.Summaries[0].VarFlags.Constant {
		t.Errorf("value 2 = %+v %+v", lab, lab.Summaries[0])
	}
}
