package main

import (
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// objdumpTarget is the "<NAME>" llvm-objdump prints after an instruction's
// target address ("0x201540 <__cxa_throw@plt>"), "" if none; memory
// operand comments ("# 0x200340 <...>") do not count.
var (
	objdumpComment = regexp.MustCompile(`[ \t]#[ \t].*$`)
	objdumpTargetR = regexp.MustCompile(`0x[0-9a-f]+ (<.*>)$`)
)

func objdumpTarget(text string) string {
	m := objdumpTargetR.FindStringSubmatch(objdumpComment.ReplaceAllString(text, ""))
	if m == nil {
		return ""
	}
	return m[1]
}

// readObjdumpTargets reads a golden of llvm-objdump-22 -d: the target name of
// each instruction by address.
func readObjdumpTargets(t *testing.T, name string) map[uint64]string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	out := map[uint64]string{}
	line := regexp.MustCompile(`^ *([0-9a-f]+): `)
	for _, l := range strings.Split(string(b), "\n") {
		m := line.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		addr, _ := strconv.ParseUint(m[1], 16, 64)
		out[addr] = objdumpTarget(l)
	}
	return out
}

// TestBBMapTargets checks the names bbmap --disasm gives branch and call
// targets (and AArch64 ADR/ADRP addresses) against what llvm-objdump-22 -d
// (-C) prints for the same instructions: symbols with offsets, the
// NAME@plt of PLT entries, the symbol in no section that llvm-objdump falls
// back on, demangled names with -C.
func TestBBMapTargets(t *testing.T) {
	for _, tt := range []struct {
		file   string
		flags  []string
		golden string
		named  int // how many instructions have a named target, at least
		want   []string
	}{
		{"bbmap-x86_64", nil, "bbmap-x86_64.objdump", 10, []string{"<classify+0x2d>", "<sq>"}},
		{"cxx-plt", nil, "cxx-plt.objdump", 12, []string{"<__cxa_throw@plt>", "<_ZSt20__throw_length_errorPKc@plt>", "<_Z3runi+0x6a>"}},
		{"cxx-plt", []string{"-C"}, "cxx-plt.objdumpC", 12, []string{"<__cxa_throw@plt>", "<_ZSt20__throw_length_errorPKc@plt>", "<run(int)+0x6a>", "<int geo::dot<geo::Point>(geo::Point const&, geo::Point const&)>"}},
		{"cxx-plt-aarch64", nil, "cxx-plt-aarch64.objdump", 15, []string{"<__cxa_allocate_exception@plt>", "<table>", "<__cxa_throw+0x200340>", "<_Z5checki+0x20>"}},
		{"cxx-plt-aarch64", []string{"--demangle"}, "cxx-plt-aarch64.objdumpC", 15, []string{"<check(int)+0x20>", "<(anonymous namespace)::twice(int)>"}},
		{"cxx-plt-i686", []string{"-C"}, "cxx-plt-i686.objdumpC", 10, []string{"<__cxa_throw@plt>", "<check(int)+0x9>"}},
	} {
		name := tt.file + " " + strings.Join(tt.flags, " ")
		golden := readObjdumpTargets(t, "../../testdata/sections/golden/"+tt.golden)
		args := append(append([]string{"bbmap", "--disasm", "--json"}, tt.flags...), "../../testdata/sections/"+tt.file)
		code, out, stderr := runCmd(t, args...)
		var doc struct {
			Functions []struct {
				Ranges []struct {
					Blocks []struct {
						Instructions []struct {
							Address uint64
							Text    string
						}
					}
				}
			}
		}
		if err := json.Unmarshal([]byte(out), &doc); code != exitOK || err != nil {
			t.Fatalf("%s: exit %d, %v, stderr %q", name, code, err, stderr)
		}
		named := map[string]bool{}
		n := 0
		for _, f := range doc.Functions {
			for _, r := range f.Ranges {
				for _, b := range r.Blocks {
					for _, in := range b.Instructions {
						got := objdumpTarget(in.Text)
						if want, ok := golden[in.Address]; !ok || got != want {
							t.Errorf("%s: %#x %q: target %q, llvm-objdump-22 %q (instruction there: %v)", name, in.Address, in.Text, got, want, ok)
						}
						if got != "" {
							named[got] = true
							n++
						}
					}
				}
			}
		}
		if n < tt.named {
			t.Errorf("%s: %d named targets, want at least %d", name, n, tt.named)
		}
		for _, w := range tt.want {
			if !named[w] {
				t.Errorf("%s: no target named %s", name, w)
			}
		}
	}
}

// TestBBMapDemangle checks -C on function names (text and JSON) and what
// --function matches with and without it.
func TestBBMapDemangle(t *testing.T) {
	const file = "../../testdata/sections/cxx-plt"
	heads := func(out string) string {
		var h []string
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, " at 0x") {
				h = append(h, l[:strings.Index(l, " at 0x")])
			}
		}
		return strings.Join(h, "|")
	}
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-C"}, exitOK, "(anonymous namespace)::twice(int)|int geo::dot<geo::Point>(geo::Point const&, geo::Point const&)|geo::classify(int)|run(int)|check(int)"},
		{nil, exitOK, "_ZN12_GLOBAL__N_15twiceEi|_ZN3geo3dotINS_5PointEEEiRKT_S4_|_ZN3geo8classifyEi|_Z3runi|_Z5checki"},
		// Exact names, demangled or not, with -C.
		{[]string{"-C", "--function", "geo::classify(int)"}, exitOK, "geo::classify(int)"},
		{[]string{"-C", "--function", "_ZN3geo8classifyEi"}, exitOK, "geo::classify(int)"},
		// A regular expression matching either name, with -C.
		{[]string{"-C", "--function", "^geo::"}, exitOK, "geo::classify(int)"},
		{[]string{"-C", "--function", "geo::"}, exitOK, "int geo::dot<geo::Point>(geo::Point const&, geo::Point const&)|geo::classify(int)"},
		{[]string{"-C", "--function", "^_Z3"}, exitOK, "run(int)"},
		{[]string{"-C", "--function", `\(int\)$`}, exitOK, "(anonymous namespace)::twice(int)|geo::classify(int)|run(int)|check(int)"},
		// Without -C only the symbol names.
		{[]string{"--function", "geo::classify(int)"}, exitFailure, ""},
		{[]string{"--function", "classify"}, exitOK, "_ZN3geo8classifyEi"},
	} {
		code, out, stderr := runCmd(t, append(append([]string{"bbmap"}, tt.args...), file)...)
		if code != tt.code || heads(out) != tt.want {
			t.Errorf("bbmap %q: exit %d, functions %q, want %d %q (stderr %q)", tt.args, code, heads(out), tt.code, tt.want, stderr)
		}
	}

	// JSON: "name" stays the symbol's, "demangled" comes with -C, in
	// functions and lookups.
	var doc struct {
		Functions []map[string]any
		Lookups   []map[string]any
	}
	code, out, _ := runCmd(t, "bbmap", "-C", "--json", "--function", "geo::classify(int)", "--addr", "0x201412", "--addr", "0x10", file)
	if err := json.Unmarshal([]byte(out), &doc); code != exitOK || err != nil || len(doc.Functions) != 1 || len(doc.Lookups) != 2 {
		t.Fatalf("exit %d, %v:\n%s", code, err, out)
	}
	if f := doc.Functions[0]; f["name"] != "_ZN3geo8classifyEi" || f["demangled"] != "geo::classify(int)" {
		t.Errorf("function %v", f)
	}
	if l := doc.Lookups[0]; l["function"] != "_ZN3geo8classifyEi" || l["demangled"] != "geo::classify(int)" {
		t.Errorf("lookup %v", l)
	}
	if l := doc.Lookups[1]; l["function"] != nil || l["demangled"] != nil {
		t.Errorf("lookup outside every block %v", l)
	} else if _, ok := l["demangled"]; !ok {
		t.Errorf("lookup outside every block has no \"demangled\": %v", l)
	}
	_, out, _ = runCmd(t, "bbmap", "--json", "--addr", "0x201412", file)
	if strings.Contains(out, `"demangled"`) {
		t.Errorf("without -C: %s", out)
	}
}
