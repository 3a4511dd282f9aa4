package bitcode

import (
	"fmt"
	"os"
	"strings"
	"testing"

	bw "github.com/bcextract/bcextract/internal/bitwriter"
	"github.com/bcextract/bcextract/internal/irfixtures"
	"github.com/bcextract/bcextract/ir"
)

// usedMetadata describes the metadata m's globals, functions and their
// bodies (all loaded through r) use: attachments and metadata operands,
// and all they refer to, each node once in the order met, so that two
// readings of one module can be compared (IDs are checked to be there and
// unique: upgrades of named metadata take some).
func usedMetadata(t *testing.T, r *Reader, m *ir.Module) (string, int) {
	var b strings.Builder
	seen := map[ir.Metadata]int{}
	var work []ir.Metadata
	ref := func(md ir.Metadata) string {
		switch md := md.(type) {
		case nil:
			return "null"
		case *ir.MDString:
			return fmt.Sprintf("%q", md.Value)
		case *ir.ValueAsMetadata:
			ty := md.Value.Type()
			return fmt.Sprintf("value %T %d:%d", md.Value, ty.Kind, ty.BitWidth)
		}
		if md == droppedDebugInfo {
			return "dropped"
		}
		n, ok := seen[md]
		if !ok {
			n = len(seen)
			seen[md] = n
			work = append(work, md)
		}
		return fmt.Sprintf("#%d", n)
	}
	roots := func(what string, as []ir.Attachment) {
		for _, a := range as {
			fmt.Fprintf(&b, "%s !%s %s\n", what, a.Kind, ref(a.Node))
		}
	}
	for _, g := range m.Globals {
		roots("@"+g.Name, g.Metadata)
	}
	for _, f := range m.Functions {
		roots("@"+f.Name, f.Metadata)
		if !f.HasBody {
			continue
		}
		if err := r.LoadBody(f); err != nil {
			t.Fatalf("@%s: %v", f.Name, err)
		}
		for _, bb := range f.Blocks {
			for _, in := range bb.Instrs {
				roots("  instr", in.Metadata)
				for _, op := range in.Operands {
					if mv, ok := op.(*ir.MetadataValue); ok {
						fmt.Fprintf(&b, "  operand %s\n", ref(mv.MD))
					}
				}
			}
		}
	}
	ids := map[uint32]bool{}
	for i := 0; i < len(work); i++ {
		fmt.Fprintf(&b, "#%d = ", i)
		if id := nodeIDOf(work[i]); id == 0 || ids[id] {
			t.Errorf("#%d has ID %d: zero or not unique", i, id)
		} else {
			ids[id] = true
		}
		switch n := work[i].(type) {
		case *ir.MDTuple:
			fmt.Fprintf(&b, "tuple distinct=%v {", n.Distinct)
			for _, op := range n.Ops {
				b.WriteString(" " + ref(op))
			}
			b.WriteString(" }\n")
		case *ir.SpecializedNode:
			fmt.Fprintf(&b, "%s distinct=%v (", n.Kind, n.Distinct)
			for _, f := range n.Fields {
				fmt.Fprintf(&b, " %s:%d:%d:%s", f.Name, f.Kind, f.Int, ref(f.MD))
			}
			b.WriteString(" )\n")
		default:
			fmt.Fprintf(&b, "%T\n", n)
		}
	}
	return b.String(), len(seen)
}

// nodeIDOf returns the ID of a node.
func nodeIDOf(md ir.Metadata) uint32 {
	id, _ := mdID(md)
	return id
}

// TestDropNamedMetadata reads every fixture without debug info twice, once
// with DropNamedMetadata (whose module-level tuples are made only when
// used): the metadata the globals, functions and instructions use must be
// the same, node for node, and the named metadata gone.
func TestDropNamedMetadata(t *testing.T) {
	bcs := irfixtures.IR("../../testdata/ir")
	if len(bcs) == 0 {
		t.Skip("no fixtures")
	}
	nodes := 0
	for _, bc := range bcs {
		data, err := os.ReadFile(bc)
		if err != nil {
			t.Fatal(err)
		}
		read := func(dropNamed bool) []string {
			f, err := Options{DropDebugInfo: true, DropNamedMetadata: dropNamed}.Open(data)
			if err != nil {
				t.Fatalf("%s: %v", bc, err)
			}
			var out []string
			for _, r := range f.Modules {
				m, err := r.Module()
				if err != nil {
					t.Fatalf("%s: %v", bc, err)
				}
				if dropNamed && len(m.NamedMetadata) > 0 {
					t.Errorf("%s: %d named metadata read", bc, len(m.NamedMetadata))
				}
				s, n := usedMetadata(t, r, m)
				if !dropNamed {
					nodes += n
				}
				out = append(out, s)
			}
			return out
		}
		all, used := read(false), read(true)
		for k := range all {
			if all[k] != used[k] {
				t.Errorf("%s (module %d): with DropNamedMetadata:\n%s\nwithout:\n%s", bc, k, used[k], all[k])
			}
		}
	}
	if nodes < 100 {
		t.Errorf("only %d nodes compared", nodes)
	}
	t.Logf("%d nodes compared", nodes)
}

// TestDropNamedMetadataForward reads a module whose module-level tuples
// refer to tuples after them and to each other (!0 = !{!1}, !1 = distinct
// !{!0, !2}, !2 = !{}, !3 = !{!0} named only), with and without
// DropNamedMetadata: @g's attachment !k !1 is the same cycle either way,
// and !3, which nothing but named metadata uses, is never made.
func TestDropNamedMetadataForward(t *testing.T) {
	data := strtabModule(baseTypes, func(w *bw.Writer) {
		globalVar(w, 0)
		w.EnterBlock(22, 3) // METADATA_KIND_BLOCK
		w.Unabbrev(6, 0, 'k')
		w.EndBlock()
		w.EnterBlock(15, 3) // METADATA_BLOCK: IDs plus one as operands
		w.Unabbrev(3, 2)    // !0 = !{!1}
		w.Unabbrev(5, 1, 3) // !1 = distinct !{!0, !2}
		w.Unabbrev(3)       // !2 = !{}
		w.Unabbrev(3, 1)    // !3 = !{!0}
		w.Unabbrev(4, 'n')  // NAME
		w.Unabbrev(10, 3)   // NAMED_NODE !n = !{!3}
		w.Unabbrev(36, 0, 0, 1)
		w.EndBlock()
	}, "g")
	for _, dropNamed := range []bool{false, true} {
		f, err := Options{DropNamedMetadata: dropNamed}.Open(data)
		if err != nil {
			t.Fatal(err)
		}
		r := f.Modules[0]
		m, err := r.Module()
		if err != nil {
			t.Fatal(err)
		}
		if got, want := len(m.NamedMetadata), map[bool]int{false: 1, true: 0}[dropNamed]; got != want {
			t.Errorf("dropNamed=%v: %d named metadata, want %d", dropNamed, got, want)
		}
		as := m.Globals[0].Metadata
		if len(as) != 1 || as[0].Kind != "k" {
			t.Fatalf("dropNamed=%v: attachments %v", dropNamed, as)
		}
		n1, ok := as[0].Node.(*ir.MDTuple)
		if !ok || !n1.Distinct || len(n1.Ops) != 2 {
			t.Fatalf("dropNamed=%v: !k is %#v, want distinct !{!0, !2}", dropNamed, as[0].Node)
		}
		n0, ok := n1.Ops[0].(*ir.MDTuple)
		if !ok || n0.Distinct || len(n0.Ops) != 1 || n0.Ops[0] != ir.Metadata(n1) {
			t.Errorf("dropNamed=%v: !0 is %#v, want !{!1}", dropNamed, n1.Ops[0])
		}
		if n2, ok := n1.Ops[1].(*ir.MDTuple); !ok || n2.Ops == nil || len(n2.Ops) != 0 {
			t.Errorf("dropNamed=%v: !2 is %#v, want !{}", dropNamed, n1.Ops[1])
		}
		if ids := []uint32{n0.ID, n1.ID}; ids[0] != 1 || ids[1] != 2 {
			t.Errorf("dropNamed=%v: IDs %v, want [1 2]", dropNamed, ids)
		}
		if made := r.md.items[3] != nil; made == dropNamed {
			t.Errorf("dropNamed=%v: !3 made: %v", dropNamed, made)
		}
	}
}
