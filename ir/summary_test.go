package ir

import "testing"

// The GUIDs are the "; guid = N" comments of llvm-dis-22's output for
// testdata/ir/summary-switch-O2.bc (source_filename "src/switch.c").
func TestGUID(t *testing.T) {
	for _, c := range []struct {
		name    string
		linkage Linkage
		want    uint64
	}{
		{"dispatch", ExternalLinkage, 10684185348653899165},
		{"state_machine", ExternalLinkage, 836133635626177271},
		{"computed_goto.labels", InternalLinkage, 7087586500357280234},
		{"\x01dispatch", ExternalLinkage, 10684185348653899165},
	} {
		if got := GUID(c.name, c.linkage, "src/switch.c"); got != c.want {
			t.Errorf("GUID(%q) = %d, want %d", c.name, got, c.want)
		}
	}
}
