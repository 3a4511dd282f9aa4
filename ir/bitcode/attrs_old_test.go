package bitcode

import (
	"slices"
	"strings"

	"testing"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// TestDecodeRawAttrs decodes ENTRY_OLD values worked out by hand from LLVM
// 3.2's encoding: the alignment as a byte count in bits 16-31, the stack
// alignment as log2+1 in bits 37-39, the kinds from bit 21 of the old set
// moved up by 11.
func TestDecodeRawAttrs(t *testing.T) {
	mem := func(v uint64) ir.Attribute { return ir.Attribute{Kind: ir.AttrMemory, Int: v} }
	tests := []struct {
		name string
		v    uint64
		fn   bool
		want ir.AttrSet
	}{
		{"none", 0, false, nil},
		{"zeroext+align 8", 1 | 8<<16, false, ir.AttrSet{{Kind: ir.AttrAlignment, Int: 8}, {Kind: ir.AttrZExt}}},
		{"nocapture", 1 << 32, false, ir.AttrSet{{Kind: ir.AttrCaptures, Int: 0}}},
		{"readnone on a parameter", 1 << 9, false, ir.AttrSet{{Kind: ir.AttrReadNone}}},
		{"readnone on the function", 1<<9 | 1<<5, true, ir.AttrSet{{Kind: ir.AttrNoUnwind}, mem(0)}},
		{"readonly on the function", 1 << 10, true, ir.AttrSet{mem(0x555)}},
		{"readnone and readonly", 1<<9 | 1<<10, true, ir.AttrSet{mem(0)}},
		{"alignstack(16)", 5 << 37, true, ir.AttrSet{{Kind: ir.AttrStackAlignment, Int: 16}}},
		{"uwtable and cold", 1<<41 | 1<<51, true, ir.AttrSet{{Kind: ir.AttrCold}, {Kind: ir.AttrUWTable}}},
		{"bits above 51 are not read", 1 << 52, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := tt.want
			ir.SortAttrs(want)
			got := decodeRawAttrs(tt.v, tt.fn)
			if len(got) != len(want) {
				t.Fatalf("decodeRawAttrs(%#x) = %+v, want %+v", tt.v, got, want)
			}
			for i := range got {
				if got[i].Kind != want[i].Kind || got[i].Int != want[i].Int {
					t.Fatalf("decodeRawAttrs(%#x) = %+v, want %+v", tt.v, got, want)
				}
			}
		})
	}
}

// TestSupportsComdat checks which triples get the implicit comdats of old
// weak and linkonce objects: all but Mach-O, XCOFF and DXContainer ones.
func TestSupportsComdat(t *testing.T) {
	for _, tt := range []struct {
		triple string
		want   bool
	}{
		{"", true},
		{"x86_64-unknown-linux-gnu", true},
		{"x86_64-pc-windows-msvc", true},
		{"wasm32-unknown-unknown", true},
		{"x86_64-apple-macosx10.9.0", false},
		{"arm64-apple-ios7.0.0", false},
		{"x86_64-unknown-linux-macho", false},
		{"powerpc64-ibm-aix", false},
		{"dxil-pc-shadermodel6.3-library", false},
	} {
		if got := supportsComdat(tt.triple); got != tt.want {
			t.Errorf("supportsComdat(%q) = %v, want %v", tt.triple, got, tt.want)
		}
	}
}

// TestOldSubprogramUpgrade reads a DISubprogram of version 1 (LLVM 3.8:
// no unit, operand 15 its function) and gives it the unit of a
// DICompileUnit that lists it, as LLVM 22's upgradeCUSubprograms does: the
// unit field goes where llvm-dis prints it (after spFlags, before
// retainedNodes), the unit operand is LLVM's sixth, and the function is
// noted for its !dbg.
func TestOldSubprogramUpgrade(t *testing.T) {
	f := &ir.Function{HasBody: true}
	file := &ir.SpecializedNode{Kind: "DIFile"}
	vars := &ir.MDTuple{Ops: []ir.Metadata{}}
	r := &Reader{}
	r.md.items = []ir.Metadata{&ir.MDString{Value: "f"}, file, &ir.ValueAsMetadata{Value: f}, vars}
	// [distinct, scope, name, linkageName, file, line, type, isLocal,
	// isDefinition, scopeLine, containingType, virtuality, virtualIndex,
	// flags, isOptimized, function, templateParams, declaration, variables]
	m, err := r.diNode(llvmir.METADATA_SUBPROGRAM, "DISubprogram",
		[]uint64{1, 2, 1, 0, 2, 3, 0, 0, 1, 3, 0, 0, 0, 0, 0, 3, 0, 0, 4})
	if err != nil {
		t.Fatal(err)
	}
	sp := m.(*ir.SpecializedNode)
	if r.fnSubprograms[f] != sp {
		t.Errorf("the subprogram of the function is %v, want the one read", r.fnSubprograms[f])
	}
	cu := &ir.SpecializedNode{Kind: "DICompileUnit"}
	r.md.items = append(r.md.items, sp, &ir.MDTuple{Ops: []ir.Metadata{sp}})
	r.cuSubprograms = []cuList{{cu: cu, id: uint64(len(r.md.items))}}
	r.upgradeCUSubprograms()
	var names []string
	for _, fl := range sp.Fields {
		names = append(names, fl.Name.String())
	}
	if got, want := strings.Join(names, " "), "name scope file line scopeLine spFlags unit retainedNodes"; got != want {
		t.Errorf("fields %q, want %q", got, want)
	}
	if sp.Refs[spUnitRef] != ir.Metadata(cu) {
		t.Errorf("unit operand %v, want the unit", sp.Refs[spUnitRef])
	}
}

// TestGlobalVar0Constant reads a DIGlobalVariable of version 0 whose
// variable is an integer constant: LLVM 22 makes the slot a distinct
// DIGlobalVariableExpression of the variable with DW_OP_constu of the
// constant's zero-extended value and DW_OP_stack_value.
func TestGlobalVar0Constant(t *testing.T) {
	i32 := &ir.Type{Kind: ir.IntegerType, BitWidth: 32}
	r := &Reader{}
	r.md.items = []ir.Metadata{&ir.MDString{Value: "k"}, &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: i32, V: -1}}}
	// [distinct, scope, name, linkageName, file, line, type, isLocal,
	// isDefinition, variable, declaration]
	m, err := r.diNode(llvmir.METADATA_GLOBAL_VAR, "DIGlobalVariable", []uint64{1, 0, 1, 0, 0, 7, 0, 1, 1, 2, 0})
	if err != nil {
		t.Fatal(err)
	}
	gve, ok := m.(*ir.SpecializedNode)
	if !ok || gve.Kind != "DIGlobalVariableExpression" || !gve.Distinct || len(gve.Fields) != 2 {
		t.Fatalf("slot holds %+v, want a distinct DIGlobalVariableExpression", m)
	}
	gv, ok := gve.Fields[0].MD.(*ir.SpecializedNode)
	if !ok || gv.Kind != "DIGlobalVariable" || gv.Name() != "k" {
		t.Errorf("var is %+v, want the DIGlobalVariable named k", gve.Fields[0].MD)
	}
	expr, ok := gve.Fields[1].MD.(*ir.SpecializedNode)
	var elts []int64
	if ok {
		for _, f := range expr.Fields {
			elts = append(elts, f.Int)
		}
	}
	if want := []int64{0x10, 0xffffffff, 0x9f}; !slices.Equal(elts, want) {
		t.Errorf("expression elements %#x, want %#x (DW_OP_constu 0xffffffff DW_OP_stack_value)", elts, want)
	}
}
