package irdiff_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/internal/irtest"
	"github.com/bcextract/bcextract/ir/irdiff"
)

// canonical returns the canonical text of every function definition of the
// fixture testdata/irdiff/name.
func canonical(t *testing.T, name string) map[string]string {
	t.Helper()
	r, m := irtest.Module(t, filepath.Join("../../testdata/irdiff", name))
	out := make(map[string]string)
	for _, f := range m.Functions {
		if !f.HasBody {
			continue
		}
		if err := r.LoadBody(f); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := irdiff.Canonical(&b, m, f); err != nil {
			t.Fatalf("%s: @%s: %v", name, f.Name, err)
		}
		out[f.Name] = b.String()
	}
	return out
}

// TestCanonicalPairs writes the functions of the fixture pairs (see
// testdata/irdiff/README.md) in canonical form: those the structural hash
// finds equal have the same text, so that -U shows nothing for them.
func TestCanonicalPairs(t *testing.T) {
	for _, tc := range []struct {
		old, new string
		same     []string
		changed  string // a function whose text differs, with a line it holds in new
		line     string
	}{
		{"same-old.bc", "same-new.bc", []string{"sum_to", "classify"}, "", ""},
		{"renamed-old.bc", "renamed-new.bc", []string{"count_matches", "manhattan"}, "", ""},
		{"addrm-old.bc", "addrm-new.bc", []string{"common_a", "common_b"}, "", ""},
		// !srcloc (a byte offset in the source) moved in all three.
		{"asm-old.bc", "asm-new.bc", []string{"read_flags", "fence", "checked"}, "", ""},
		// The loop node lists DILocations in the -g build only.
		{"nodebug.bc", "debug.bc", []string{"sum_to", "classify"}, "", ""},
		{"constant-old.bc", "constant-new.bc", []string{"offset", "twice"}, "scale", "  %2 = mul nsw i32 %0, 5\n"},
	} {
		old, new := canonical(t, tc.old), canonical(t, tc.new)
		for _, name := range tc.same {
			if old[name] == "" || old[name] != new[name] {
				t.Errorf("%s/%s: @%s:\n%s\nvs\n%s", tc.old, tc.new, name, old[name], new[name])
			}
			if strings.Contains(new[name], "!srcloc") || strings.Contains(new[name], "!dbg") {
				t.Errorf("%s: @%s keeps a location:\n%s", tc.new, name, new[name])
			}
		}
		if tc.changed != "" && (old[tc.changed] == new[tc.changed] || !strings.Contains(new[tc.changed], tc.line)) {
			t.Errorf("%s/%s: @%s:\n%s\nvs\n%s", tc.old, tc.new, tc.changed, old[tc.changed], new[tc.changed])
		}
	}
}
