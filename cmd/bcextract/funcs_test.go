package main

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const irdiffData = "../../testdata/irdiff/"

// TestDiffFixtures runs diff on the pairs of testdata/irdiff, whose README
// says how each was built and what differs.
func TestDiffFixtures(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"same-old.bc", "same-new.bc"}, 0, ""},
		{[]string{"renamed-old.bc", "renamed-new.bc"}, 0, ""},
		{[]string{"constant-old.bc", "constant-new.bc"}, 1, "changed constant-new.bc#1: scale\n"},
		{[]string{"addrm-old.bc", "addrm-new.bc"}, 1, "added   addrm-new.bc#1: f_new_only\nremoved addrm-old.bc#1: f_old_only\n"},
		{[]string{"addrm-new.bc", "addrm-old.bc"}, 1, "added   addrm-old.bc#1: f_old_only\nremoved addrm-new.bc#1: f_new_only\n"},
		{[]string{"libold.a", "libnew.a"}, 0, ""},
		{[]string{"libold.a", "libnew-changed.a"}, 1, "changed libnew-changed.a(x3.o)#1: b_weight\n"},
		{[]string{"cxx.bc", "cxx.bc"}, 0, ""},
		{[]string{"-U", "1", "constant-old.bc", "constant-new.bc"}, 1, `changed constant-new.bc#1: scale
--- constant-old.bc#1: scale
+++ constant-new.bc#1: scale
@@ -2,3 +2,3 @@
 define dso_local i32 @scale(i32 noundef %0) local_unnamed_addr #0 {
-  %2 = mul nsw i32 %0, 3
+  %2 = mul nsw i32 %0, 5
   ret i32 %2
`},
		{[]string{"--json", "constant-old.bc", "constant-new.bc"}, 1, `{
  "added": [],
  "removed": [],
  "changed": [
    {
      "path": "constant-new.bc#1",
      "name": "scale"
    }
  ]
}
`},
	} {
		out, stderr, code := runIn(t, irdiffData, append([]string{"diff"}, tc.args...)...)
		if code != tc.code || stderr != "" || out != tc.out {
			t.Errorf("diff %v: exit %d, stderr %q, output:\n%s\nwant exit %d, output:\n%s", tc.args, code, stderr, out, tc.code, tc.out)
		}
	}
}

// TestDiffTrees diffs two directories: the archives of the same program
// pair through their source file names, and what is not bitcode is passed
// over.
func TestDiffTrees(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	copyFile(t, irdiffData+"libold.a", filepath.Join(a, "lib", "libfoo.a"))
	copyFile(t, irdiffData+"README.md", filepath.Join(a, "README.md"))
	copyFile(t, irdiffData+"libnew-changed.a", filepath.Join(b, "libfoo.a"))
	out, stderr, code := runIn(t, ".", "diff", a, b)
	want := "changed " + filepath.Join(b, "libfoo.a") + "(x3.o)#1: b_weight\n"
	if code != 1 || stderr != "" || out != want {
		t.Errorf("exit %d, stderr %q, output %q; want %q", code, stderr, out, want)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDiffTrouble: an input that cannot be read is exit status 2, as
// diff(1)'s, and what could be read is still compared.
func TestDiffTrouble(t *testing.T) {
	out, stderr, code := runIn(t, irdiffData, "diff", "constant-old.bc", "no-such-file.bc")
	if code != 2 || !strings.Contains(stderr, "no-such-file.bc") || out != "removed constant-old.bc#1: offset\nremoved constant-old.bc#1: scale\nremoved constant-old.bc#1: twice\n" {
		t.Errorf("exit %d, stderr %q, output %q", code, stderr, out)
	}
	if _, stderr, code := runIn(t, irdiffData, "diff", "constant-old.bc"); code != 2 || !strings.Contains(stderr, "want OLD and NEW") {
		t.Errorf("one argument: exit %d, stderr %q", code, stderr)
	}
}

// TestFuncsJSON checks funcs --json on the two modules of the call graph
// fixture (testdata/irdiff/README.md).
func TestFuncsJSON(t *testing.T) {
	out, stderr, code := runIn(t, irdiffData, "funcs", "--json", "--all", "-C", "m1.bc", "m2.bc")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	type row struct {
		Path, Name, Demangled, Linkage, File, Hash string
		Defined                                    bool
		Blocks, Instructions, CallSites, Line      int
		Callees, Attrs                             []string
	}
	var rows []row
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var r struct {
			row
			CallSites int `json:"call_sites"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		r.row.CallSites = r.CallSites
		rows = append(rows, r.row)
	}
	byName := make(map[string]row)
	for _, r := range rows {
		byName[r.Path+" "+r.Name] = r
	}
	main := byName["m1.bc#1 main"]
	if main.Linkage != "external" || !main.Defined || main.Blocks != 1 || main.CallSites != 7 || main.Line != 17 ||
		main.File != "m1.c" || strings.Join(main.Callees, ",") != "helper,shared_fn,shared_alias,printf,puts" ||
		len(main.Hash) != 32 || main.Demangled != "main" {
		t.Errorf("main: %+v", main)
	}
	if h1, h2 := byName["m1.bc#1 helper"], byName["m2.bc#1 helper"]; h1.Linkage != "internal" || h2.Line != 5 || h1.Hash == "" {
		t.Errorf("helpers: %+v %+v", h1, h2)
	}
	if d := byName["m1.bc#1 printf"]; d.Defined || d.Hash != "" || d.Blocks != 0 {
		t.Errorf("declaration: %+v", d)
	}
}

func TestFuncsTable(t *testing.T) {
	out, stderr, code := runIn(t, irdiffData, "funcs", "-C", "cxx.bc")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	lines := strings.Split(out, "\n")
	if !strings.HasPrefix(lines[0], "PATH      FUNCTION") || len(lines) != 11 {
		t.Fatalf("output:\n%s", out)
	}
	if !strings.Contains(out, "cxx.bc#1  int biggest<int>(int, int)") || !strings.Contains(out, "  linkonce_odr  4       14      0      cxx.cpp:23  ") {
		t.Errorf("output:\n%s", out)
	}
}

func TestCallgraphCommand(t *testing.T) {
	out, stderr, code := runIn(t, irdiffData, "callgraph", "--format", "json", "--no-intrinsics", "m1.bc", "m2.bc", "cxx.bc")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var g struct {
		Nodes []struct{ ID string }
		Edges []struct {
			Caller, Callee string
			Sites          int
			ViaAlias       int `json:"via_alias"`
		}
	}
	if err := json.Unmarshal([]byte(out), &g); err != nil {
		t.Fatal(err)
	}
	var edges []string
	for _, e := range g.Edges {
		if strings.HasPrefix(e.Callee, "llvm.") {
			t.Errorf("intrinsic edge %+v", e)
		}
		if e.Caller == "main" || e.Caller == "_ZN7CounterD0Ev" {
			edges = append(edges, e.Caller+">"+e.Callee)
		}
	}
	if got := strings.Join(edges, " "); got != "main>m1.bc#1::helper main>shared_fn main>printf main>puts main><indirect> _ZN7CounterD0Ev>_ZN7CounterD2Ev _ZN7CounterD0Ev>_ZdlPvm" {
		t.Errorf("edges: %s", got)
	}
	if _, _, code := runIn(t, irdiffData, "callgraph", "--format", "svg", "m1.bc"); code != 2 {
		t.Errorf("--format svg: exit %d", code)
	}
	dot, _, code := runIn(t, irdiffData, "callgraph", "m1.bc")
	if code != 0 || !strings.HasPrefix(dot, "digraph callgraph {\n") || !strings.Contains(dot, "\t\"main\" -> \"<indirect>\" [label=\"2\"];\n") {
		t.Errorf("DOT: exit %d\n%s", code, dot)
	}
}

// TestDisFunction prints chosen functions only, numbered as in the whole
// module's text.
func TestDisFunction(t *testing.T) {
	whole, _, _ := runIn(t, irdiffData, "dis", "m1.bc")
	out, stderr, code := runIn(t, irdiffData, "dis", "--function", "tw*", "--function", "helper", "m1.bc")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	parts := strings.Split(out, "\n\n")
	if len(parts) != 2 || !strings.Contains(parts[0], "define internal i32 @helper(") || !strings.Contains(parts[1], "define internal i32 @twice(") {
		t.Fatalf("output:\n%s", out)
	}
	for _, p := range parts {
		if !strings.Contains(whole, strings.TrimSuffix(p, "\n")+"\n") {
			t.Errorf("not as in the whole module:\n%s", p)
		}
	}
	if _, stderr, code := runIn(t, irdiffData, "dis", "--function", "nothing", "m1.bc"); code != 1 || !strings.Contains(stderr, "no function definition matches") {
		t.Errorf("no match: exit %d, stderr %q", code, stderr)
	}
	if _, _, code := runIn(t, irdiffData, "dis", "--function", "[", "m1.bc"); code != 2 {
		t.Errorf("bad pattern: exit %d", code)
	}
}

// TestFuncsParallel: a module read by several readers at once is described
// exactly as by one.
func TestFuncsParallel(t *testing.T) {
	defer func(n int) { parallelMin = n }(parallelMin)
	bcs, _ := filepath.Glob(irdata + "*.bc")
	args := append([]string{"funcs", "--json", "--all"}, bcs...)
	parallelMin = 1 << 62
	one, stderr1, code1 := runIn(t, ".", args...)
	parallelMin = 0
	many, stderr2, code2 := runIn(t, ".", args...)
	if code1 != 0 || code2 != 0 || stderr1 != "" || stderr2 != "" || one != many || strings.Count(one, "\n") < 400 {
		t.Errorf("exit %d/%d, stderr %q/%q, outputs equal: %v (%d lines)", code1, code2, stderr1, stderr2, one == many, strings.Count(one, "\n"))
	}
}

// TestAnalysisInvalidTBAA: a module whose second body has a !tbaa tag
// LLVM's TBAA verifier rejects, for which LLVM drops every !tbaa of the
// module. funcs, callgraph and diff read it again without them (no report,
// exit 0): the hashes are those of the module llvm-dis-22 prints, made
// bitcode again by llvm-as-22 (worked by hand in November 2026).
func TestAnalysisInvalidTBAA(t *testing.T) {
	const dir = "../../testdata/ir/upgrade/strip/"
	const file = "tbaa-invalid-second-llvm22.bc"
	out, stderr, code := runIn(t, dir, "funcs", file)
	if code != 0 || stderr != "" {
		t.Fatalf("funcs: exit %d, stderr %q", code, stderr)
	}
	hashes := map[string]string{}
	for _, line := range strings.Split(out, "\n")[1:] {
		if f := strings.Fields(line); len(f) == 10 {
			hashes[f[1]] = f[7]
		}
	}
	if want := map[string]string{"f": "940e9191ba2f8460", "g": "8fc49d03713f1889", "h": "6b298858aa070cba"}; !maps.Equal(hashes, want) {
		t.Errorf("funcs prints\n%s\nwant the hashes %v", out, want)
	}
	out, stderr, code = runIn(t, dir, "callgraph", "--format", "json", file)
	if code != 0 || stderr != "" || !strings.Contains(out, `"h"`) {
		t.Errorf("callgraph: exit %d, stderr %q, output %q", code, stderr, out)
	}
	if out, stderr, code := runIn(t, dir, "diff", file, file); code != 0 || stderr != "" || out != "" {
		t.Errorf("diff: exit %d, stderr %q, output %q", code, stderr, out)
	}
}
