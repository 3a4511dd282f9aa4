package irdiff

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir/structhash"
)

func sum(b byte) structhash.Sum { return structhash.Sum{b} }

func TestCompare(t *testing.T) {
	old := []*Module{
		{Path: "old.a(a.o)#1", Source: "a.c", Funcs: []Func{{"f", sum(1)}, {"g", sum(2)}, {"gone", sum(3)}}},
		{Path: "old.a(b.o)#1", Source: "b.c", Funcs: []Func{{"h", sum(4)}}},
		// Two modules of one source file: the one of equal path pairs.
		{Path: "x/dup.o#1", Source: "dup.c", Funcs: []Func{{"d", sum(5)}}},
		{Path: "y/dup.o#1", Source: "dup.c", Funcs: []Func{{"d", sum(6)}}},
		{Path: "only-old.bc#1", Funcs: []Func{{"o", sum(7)}}},
	}
	new := []*Module{
		{Path: "new.a(x2.o)#1", Source: "b.c", Funcs: []Func{{"h", sum(4)}}},
		{Path: "new.a(x1.o)#1", Source: "a.c", Funcs: []Func{{"f", sum(1)}, {"g", sum(9)}, {"born", sum(8)}}},
		{Path: "y/dup.o#1", Source: "dup.c", Funcs: []Func{{"d", sum(6)}}},
		{Path: "z/dup.o#1", Source: "dup.c", Funcs: []Func{{"d", sum(5)}}},
		{Path: "only-new.bc#1", Funcs: []Func{{"n", sum(10)}}},
	}
	r := Compare(old, new)
	var b bytes.Buffer
	if err := r.WriteText(&b, func(c Change) (string, error) { return "  (" + c.OldPath + ")\n", nil }); err != nil {
		t.Fatal(err)
	}
	want := `added   new.a(x1.o)#1: born
added   only-new.bc#1: n
removed old.a(a.o)#1: gone
removed only-old.bc#1: o
changed new.a(x1.o)#1: g
  (old.a(a.o)#1)
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
	if r.Empty() || !Compare(old, old).Empty() {
		t.Error("Empty")
	}
	b.Reset()
	if err := Compare(nil, nil).WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != "{\n  \"added\": [],\n  \"removed\": [],\n  \"changed\": []\n}\n" {
		t.Errorf("JSON: %q", got)
	}
}

func TestUnified(t *testing.T) {
	a := "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\n"
	for _, tc := range []struct {
		name    string
		b       string
		context int
		want    string
	}{
		{"equal", a, 3, ""},
		{"one line", strings.Replace(a, "l5", "L5", 1), 1, "@@ -4,3 +4,3 @@\n l4\n-l5\n+L5\n l6\n"},
		{"two hunks", strings.Replace(strings.Replace(a, "l2", "L2", 1), "l8", "L8", 1), 1,
			"@@ -1,3 +1,3 @@\n l1\n-l2\n+L2\n l3\n@@ -7,3 +7,3 @@\n l7\n-l8\n+L8\n l9\n"},
		{"one hunk", strings.Replace(strings.Replace(a, "l2", "L2", 1), "l5", "L5", 1), 1,
			"@@ -1,6 +1,6 @@\n l1\n-l2\n+L2\n l3\n l4\n-l5\n+L5\n l6\n"},
		{"added at the end", a + "l10\n", 2, "@@ -8,2 +8,3 @@\n l8\n l9\n+l10\n"},
		{"removed at the start", strings.TrimPrefix(a, "l1\n"), 0, "@@ -1 +0,0 @@\n-l1\n"},
		{"no context", strings.Replace(a, "l5\n", "", 1), 0, "@@ -5 +4,0 @@\n-l5\n"},
	} {
		var b strings.Builder
		if err := Unified(&b, "old", "new", a, tc.b, tc.context); err != nil {
			t.Fatal(err)
		}
		want := tc.want
		if want != "" {
			want = "--- old\n+++ new\n" + want
		}
		if b.String() != want {
			t.Errorf("%s:\n%s\nwant:\n%s", tc.name, b.String(), want)
		}
	}
}

// TestLineDiff checks, on random texts, that the edit script turns a into
// b and is as short as the longest common subsequence allows.
func TestLineDiff(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := range 2000 {
		a := randomLines(rng, rng.Intn(30))
		b := randomLines(rng, rng.Intn(30))
		ops := lineDiff(a, b)
		var ga, gb []string
		edits := 0
		for _, o := range ops {
			switch o.kind {
			case ' ':
				if a[o.a] != b[o.b] {
					t.Fatalf("case %d: kept line %q != %q", i, a[o.a], b[o.b])
				}
				ga, gb = append(ga, a[o.a]), append(gb, b[o.b])
			case '-':
				ga = append(ga, a[o.a])
				edits++
			case '+':
				gb = append(gb, b[o.b])
				edits++
			}
		}
		if fmt.Sprint(ga) != fmt.Sprint(a) || fmt.Sprint(gb) != fmt.Sprint(b) {
			t.Fatalf("case %d: script does not rebuild the texts:\n%v\n%v\n%v", i, a, b, ops)
		}
		if want := len(a) + len(b) - 2*lcs(a, b); edits != want {
			t.Fatalf("case %d: %d edits, shortest is %d", i, edits, want)
		}
	}
	// Past maxEdits the rest is replaced whole, and still rebuilds.
	a, b := make([]string, 3000), make([]string, 3000)
	for i := range a {
		a[i], b[i] = fmt.Sprint("a", i), fmt.Sprint("b", i)
	}
	if ops := lineDiff(a, b); len(ops) != 6000 {
		t.Errorf("%d ops", len(ops))
	}
}

func randomLines(rng *rand.Rand, n int) []string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = string(rune('a' + rng.Intn(4)))
	}
	return lines
}

func lcs(a, b []string) int {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	return dp[0][0]
}
