package bitcode

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// The expected spellings below are llvm-dis-22's, from the di-* goldens.

func TestDIFlags(t *testing.T) {
	for _, c := range []struct {
		f    uint64
		want string
	}{
		{1<<8 | 1<<29, "DIFlagPrototyped | DIFlagAllCallsDescribed"},
		{1<<22 | 1<<26, "DIFlagTypePassByValue | DIFlagNonTrivial"},
		{1 << 19, "DIFlagBitField"},
		{3 | 1<<6, "DIFlagPublic | DIFlagArtificial"},
		{1<<2 | 1<<5, "DIFlagIndirectVirtualBase"},
		{1 << 21, "2097152"},
	} {
		if got := diFlags(c.f); got != c.want {
			t.Errorf("diFlags(%#x) = %q, want %q", c.f, got, c.want)
		}
	}
	for _, c := range []struct {
		f    uint64
		want string
	}{
		{1<<3 | 1<<4, "DISPFlagDefinition | DISPFlagOptimized"},
		{1<<2 | 1<<3 | 1<<4, "DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized"},
		{0, "0"},
		{1 | 1<<3, "DISPFlagVirtual | DISPFlagDefinition"},
	} {
		if got := spFlags(c.f); got != c.want {
			t.Errorf("spFlags(%#x) = %q, want %q", c.f, got, c.want)
		}
	}
}

func exprText(fs []ir.Field) string {
	var parts []string
	for _, f := range fs {
		if f.Kind == ir.FieldRaw {
			parts = append(parts, f.Text)
		} else {
			parts = append(parts, strconv.FormatUint(uint64(f.Int), 10))
		}
	}
	return strings.Join(parts, ", ")
}

func TestExpressionFields(t *testing.T) {
	for _, c := range []struct {
		elts []uint64
		want string
	}{
		{nil, ""},
		{[]uint64{0x06, 0x23, 32}, "DW_OP_deref, DW_OP_plus_uconst, 32"},
		{[]uint64{0x23, 1, 0x9f}, "DW_OP_plus_uconst, 1, DW_OP_stack_value"},
		{[]uint64{0x1000, 64, 64}, "DW_OP_LLVM_fragment, 64, 64"},
		{[]uint64{0x1001, 32, 0x05}, "DW_OP_LLVM_convert, 32, DW_ATE_signed"},
		// Not well formed: the raw elements.
		{[]uint64{0x1000, 64, 64, 0x06}, "4096, 64, 64, 6"},
		{[]uint64{0x23}, "35"},
	} {
		if got := exprText(expressionFields(c.elts)); got != c.want {
			t.Errorf("expressionFields(%v) = %q, want %q", c.elts, got, c.want)
		}
	}
}

// TestDINodeHostile feeds every debug-info record code random records of
// every length: errors are fine, panics are not.
func TestDINodeHostile(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for code, kind := range diNames {
		if code == mdLocation {
			continue
		}
		for n := 1; n <= 30; n++ {
			for k := 0; k < 20; k++ {
				r := &Reader{}
				r.md.items = []ir.Metadata{&ir.MDString{Value: "s"}, &ir.MDTuple{}}
				ops := make([]uint64, n)
				for i := range ops {
					switch rng.Intn(4) {
					case 0:
						ops[i] = rng.Uint64()
					case 1:
						ops[i] = uint64(rng.Intn(4))
					default:
						ops[i] = uint64(rng.Intn(100))
					}
				}
				_, _ = r.diNode(code, kind, ops)
				r.md.resolveFixes()
			}
		}
	}
}

func TestDINodeFields(t *testing.T) {
	// !DILocalVariable(name: "x", arg: 1, scope: !97, file: !3, line: 31, type: !5)
	// from di-cattrs-O1: LOCAL_VAR [distinct|hasAlign, scope, name, file,
	// line, type, arg, flags, align].
	scope, file, typ := &ir.SpecializedNode{Kind: "DISubprogram"}, &ir.SpecializedNode{Kind: "DIFile"}, &ir.SpecializedNode{Kind: "DIBasicType"}
	r := &Reader{}
	r.md.items = []ir.Metadata{&ir.MDString{Value: "x"}, scope, file, typ}
	m, err := r.diNode(mdLocalVar, "DILocalVariable", []uint64{2, 2, 1, 3, 31, 4, 1, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	n := m.(*ir.SpecializedNode)
	var names []string
	for _, f := range n.Fields {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, " "); got != "name arg scope file line type" {
		t.Errorf("fields = %q", got)
	}
	if n.Fields[2].MD != scope || n.Fields[3].MD != file || n.Fields[5].MD != typ || n.Fields[1].Int != 1 {
		t.Errorf("wrong field values: %+v", n.Fields)
	}
	// LLVM's operand order: scope, name, file, type, annotations.
	if len(n.Refs) < 4 || n.Refs[0] != scope || n.Refs[2] != file || n.Refs[3] != typ {
		t.Errorf("wrong refs: %v", n.Refs)
	}
}
