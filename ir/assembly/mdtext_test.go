package assembly

import (
	"bytes"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// TestMDText prints, through named metadata, DILocations of every shape
// the compact record holds and of the shapes it does not (written as
// text), a node whose text holds a zero byte, two nodes sharing an ID,
// and strings short enough to be held and long enough to be referred to
// (mdStrRef): the definitions must be what the printer writes for each
// node.
func TestMDText(t *testing.T) {
	sp := &ir.SpecializedNode{Kind: "DISubprogram", Distinct: true, ID: 1,
		Fields: []ir.Field{{Name: ir.FieldNameOf("name"), Kind: ir.FieldString, MD: &ir.MDString{Value: "long\\name of subprogram f"}}}}
	ia := &ir.DILocation{Line: 3, Scope: sp, ID: 2}
	locs := []*ir.DILocation{
		{Line: 1, Column: 2, Scope: sp, ID: 3},
		{Line: 4, Scope: sp, InlinedAt: ia, Distinct: true, ImplicitCode: true, AtomGroup: 1 << 40, AtomRank: 2, ID: 4},
		{Line: 5, ID: 5}, // null scope: as text
		{Line: 6, Scope: &ir.MDString{Value: "s"}, ID: 6},                   // a string scope: as text
		{Line: 7, Scope: sp, InlinedAt: &ir.DILocation{Line: 8, Scope: sp}}, // no IDs: numbered through mdOther
	}
	nul := &ir.SpecializedNode{Kind: "DIFlagged", ID: 7, Fields: []ir.Field{{Name: ir.FieldNameOf("raw"), Kind: ir.FieldRaw, MD: &ir.MDString{Value: "a\x00b"}}}}
	same1 := &ir.MDTuple{Ops: []ir.Metadata{&ir.MDString{Value: "one"}}, ID: 9}
	same2 := &ir.MDTuple{Ops: []ir.Metadata{&ir.MDString{Value: "two, long enough to be referred to"}}, ID: 9}
	ops := []ir.MDNode{}
	for _, l := range locs {
		ops = append(ops, l)
	}
	ops = append(ops, nul, same1, same2, same1)
	m := &ir.Module{NamedMetadata: []*ir.NamedMetadata{{Name: "n", Ops: ops}}}
	var buf bytes.Buffer
	if err := Write(&buf, m, Options{}); err != nil {
		t.Fatal(err)
	}
	// The text of the printer before it held definitions compactly.
	want := "\n!n = !{!0, !2, !4, !5, !6, !8, !9, !10, !9}\n\n" +
		"!0 = !DILocation(line: 1, column: 2, scope: !1)\n" +
		"!1 = distinct !DISubprogram(name: \"long\\\\name of subprogram f\", scope: null, spFlags: 0)\n" +
		"!2 = distinct !DILocation(line: 4, scope: !1, inlinedAt: !3, isImplicitCode: true, atomGroup: 1099511627776, atomRank: 2)\n" +
		"!3 = !DILocation(line: 3, scope: !1)\n" +
		"!4 = !DILocation(line: 5, scope: null)\n" +
		"!5 = !DILocation(line: 6, scope: !\"s\")\n" +
		"!6 = !DILocation(line: 7, scope: !1, inlinedAt: !7)\n" +
		"!7 = !DILocation(line: 8, scope: !1)\n" +
		"!8 = !DIFlagged(raw: a\x00b)\n" +
		"!9 = !{!\"one\"}\n" +
		"!10 = !{!\"two, long enough to be referred to\"}\n"
	if got := buf.String(); got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

func TestPaged(t *testing.T) {
	var a paged[int32]
	if a.len() != 0 || a.at(5) != 0 {
		t.Fatalf("empty: len %d, at(5) %d", a.len(), a.at(5))
	}
	a.set(3*pageLen+7, 42)
	a.push(43)
	if a.len() != 3*pageLen+9 || a.at(3*pageLen+7) != 42 || a.at(3*pageLen+8) != 43 || a.at(7) != 0 || a.at(-1) != 0 {
		t.Fatalf("len %d, at: %d %d %d", a.len(), a.at(3*pageLen+7), a.at(3*pageLen+8), a.at(7))
	}
	a.reset()
	if a.len() != 0 || a.at(3*pageLen+7) != 0 {
		t.Fatalf("reset: len %d", a.len())
	}
	a.push(1)
	if a.at(0) != 1 || a.at(3*pageLen+7) != 0 {
		t.Fatalf("after reset: %d %d", a.at(0), a.at(3*pageLen+7))
	}
}
