package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSectionsDemangleViews checks -C in the views llvm-readobj lacks
// (--call-graph here; --jt-sizes, --pc-section and --sympart name symbols
// through the same hook) and in --json, on cxx.o, whose names are C++'s.
func TestSectionsDemangleViews(t *testing.T) {
	const file = "../../testdata/sections/cxx.o"
	code, out, stderr := runCmd(t, "sections", "-C", "--call-graph", file)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"    Name: geo::classify(int)\n",
		"    Name: run(int)\n",
		"        Name: int geo::dot<geo::Point>(geo::Point const&, geo::Point const&)\n",
		"        Name: (anonymous namespace)::twice(int)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("--call-graph -C: no %q in\n%s", want, out)
		}
	}
	_, out, _ = runCmd(t, "sections", "--call-graph", file)
	if !strings.Contains(out, "    Name: _Z3runi\n") || strings.Contains(out, "run(int)") {
		t.Errorf("--call-graph without -C:\n%s", out)
	}

	// JSON carries the names the text shows.
	var doc []struct {
		CGProfile []struct {
			CGProfileEntry struct {
				From, To struct {
					Name  string
					Value int
				}
			}
		}
		Addrsig []struct{ Sym struct{ Name string } }
	}
	_, out, _ = runCmd(t, "sections", "-C", "--json", "--cg-profile", "--addrsig", file)
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc) != 1 || len(doc[0].CGProfile) != 3 || len(doc[0].Addrsig) != 2 {
		t.Fatalf("%v:\n%s", err, out)
	}
	if e := doc[0].CGProfile[0].CGProfileEntry; e.From.Name != "run(int)" || e.To.Name != "int geo::dot<geo::Point>(geo::Point const&, geo::Point const&)" {
		t.Errorf("JSON CGProfile entry %+v", e)
	}
	if s := doc[0].Addrsig[1].Sym.Name; s != "(anonymous namespace)::twice(int)" {
		t.Errorf("JSON Addrsig %q", s)
	}
}
