package readobj

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSectionsDemangleViews checks -C in the views llvm-readobj lacks
// (--call-graph here; --jt-sizes, --pc-section and --sympart name symbols
// through the same hook) and in --json, on cxx.o, whose names are C++'s.
func TestDemangleViews(t *testing.T) {
	const file = "../../testdata/sections/cxx.o"
	out, warnings, errs := dumpFile(t, file, Options{Demangle: true, CallGraph: true}, false)
	if errs != nil {
		t.Fatalf("errors %v, warnings %q", errs, warnings)
	}
	for _, want := range []string{
		"    Name: geo::classify(int)\n",
		"    Name: run(int)\n",
		"        Name: int geo::dot<geo::Point>(geo::Point const&, geo::Point const&)\n",
		"        Name: (anonymous namespace)::twice(int)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("CallGraph, Demangle: no %q in\n%s", want, out)
		}
	}
	out, _, _ = dumpFile(t, file, Options{CallGraph: true}, false)
	if !strings.Contains(out, "    Name: _Z3runi\n") || strings.Contains(out, "run(int)") {
		t.Errorf("CallGraph without Demangle:\n%s", out)
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
	out, _, _ = dumpFile(t, file, Options{Demangle: true, CGProfile: true, Addrsig: true}, true)
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
