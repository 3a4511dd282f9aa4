package bcwrite

import (
	"strings"
	"testing"
)

// TestParamAccessUnknownCallee checks that a parameter access passed to a
// value without a value ID is left out of FS_PARAM_ACCESS, the other
// parameters of the function kept, as LLVM's writer leaves it out of a
// per-module summary and a combined index alike.
func TestParamAccessUnknownCallee(t *testing.T) {
	data := readFile(t, "../../testdata/ir/summary/summary-memtag.bc")
	want, m, r, ok := text(t, data)
	if !ok || m.Summary == nil {
		t.Fatal("summary-memtag.bc does not read")
	}
	// @forward: params: ((param: 0, offset: [12, 27]), (param: 1, offset:
	// [0, -1], calls: ((callee: ^8, param: 0, offset: [0, 0])))).
	const forward = 10504750621703953814
	const param1 = ", (param: 1, offset: [0, -1], calls: ((callee: ^8, param: 0, offset: [0, 0])))"
	if !strings.Contains(want, param1) {
		t.Fatalf("summary-memtag.dis has no %q", param1)
	}
	found := false
	for _, v := range m.Summary.Values {
		if v.GUID != forward {
			continue
		}
		for _, gs := range v.Summaries {
			if len(gs.Params) == 2 && len(gs.Params[1].Calls) == 1 {
				gs.Params[1].Calls[0].Callee = 1 // no value of the module
				found = true
			}
		}
	}
	if !found {
		t.Fatal("@forward's second parameter access not found")
	}
	out, err := Write(m, Options{ModuleID: "m", Loader: r})
	if err != nil {
		t.Fatalf("Write: %v", err)
	}
	got, _, _, ok := text(t, out)
	if !ok {
		t.Fatal("the module written does not read")
	}
	if want := strings.Replace(want, param1, "", 1); got != want {
		t.Errorf("the module written prints otherwise:\n%s\nwant:\n%s", summaryLines(got), summaryLines(want))
	}
}
