package assembly

import (
	"bytes"
	"io"
	"os"
	"sync"
	"testing"

	"github.com/bcextract/bcextract/internal/irfixtures"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
)

// fld makes a field for the tests.
func fld(name string, k ir.FieldKind, v int64) ir.Field {
	return ir.Field{Name: ir.FieldNameOf(name), Kind: k, Int: v}
}

func strFld(name, v string) ir.Field {
	return ir.Field{Name: ir.FieldNameOf(name), Kind: ir.FieldString, MD: &ir.MDString{Value: v}}
}

func enumFld(name string, e ir.DIEnum, v int64) ir.Field {
	return ir.Field{Name: ir.FieldNameOf(name), Kind: ir.FieldEnum, Enum: e, Int: v}
}

// TestFieldWalk prints nodes that hold only some of their fields, as a
// reader leaves zero fields out: the walk supplies the zeros llvm-dis-22
// prints (AsmWriter's writeDI* functions: DIFile's filename, a
// DICompileUnit's file, isOptimized, runtimeVersion, emissionKind, ...)
// and leaves out the values it does not (a DIBasicType's tag when it is
// DW_TAG_base_type, splitDebugInlining when true). Each node is printed
// both ways the printer has: inline (specializedBody) and as a numbered
// node's compact record (appendNodeRecord), which must agree.
func TestFieldWalk(t *testing.T) {
	expr := func(elts ...int64) ir.Metadata {
		fs := make([]ir.Field, len(elts))
		for i, e := range elts {
			fs[i] = ir.Field{Kind: ir.FieldUint, Int: e}
		}
		return &ir.SpecializedNode{Kind: "DIExpression", Fields: fs}
	}
	mdFld := func(name string, md ir.Metadata) ir.Field { return ir.Field{Name: ir.FieldNameOf(name), MD: md} }
	for _, c := range []struct {
		kind   string
		fields []ir.Field
		want   string
	}{
		{"DIBasicType", []ir.Field{enumFld("tag", ir.EnumDWTag, 0x24), strFld("name", "int")}, `!DIBasicType(name: "int")`},
		{"DIBasicType", []ir.Field{enumFld("tag", ir.EnumDWTag, 0x3b), strFld("name", "nullptr_t")}, `!DIBasicType(tag: DW_TAG_unspecified_type, name: "nullptr_t")`},
		{"DIBasicType", []ir.Field{strFld("name", "t0")}, `!DIBasicType(tag: 0, name: "t0")`},
		{"DIBasicType", []ir.Field{{Name: ir.FieldNameOf("size"), Kind: ir.FieldSize, MD: &ir.ValueAsMetadata{Value: &ir.ConstInt{V: 0}}}}, `!DIBasicType(tag: 0)`},
		{"DICompileUnit", nil, `!DICompileUnit(file: null, isOptimized: false, runtimeVersion: 0, emissionKind: NoDebug, splitDebugInlining: false)`},
		{"DICompileUnit", []ir.Field{enumFld("language", ir.EnumDWLang, 0x21), fld("isOptimized", ir.FieldBool, 1), enumFld("emissionKind", ir.EnumEmissionKind, 1), fld("splitDebugInlining", ir.FieldBool, 1)},
			`!DICompileUnit(language: DW_LANG_C_plus_plus_14, file: null, isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)`},
		{"DISubprogram", []ir.Field{strFld("name", "f")}, `!DISubprogram(name: "f", scope: null, spFlags: 0)`},
		{"DISubprogram", []ir.Field{fld("spFlags", ir.FieldSPFlags, 1)}, `!DISubprogram(scope: null, virtualIndex: 0, spFlags: DISPFlagVirtual)`},
		{"DISubprogram", []ir.Field{fld("virtualIndex", ir.FieldUint, 3), fld("spFlags", ir.FieldSPFlags, 8)}, `!DISubprogram(scope: null, virtualIndex: 3, spFlags: DISPFlagDefinition)`},
		{"DIEnumerator", nil, `!DIEnumerator(name: "", value: 0)`},
		{"DIEnumerator", []ir.Field{strFld("name", "e"), fld("isUnsigned", ir.FieldBool, 1)}, `!DIEnumerator(name: "e", value: 0, isUnsigned: true)`},
		{"DIFile", nil, `!DIFile(filename: "", directory: "")`},
		{"DIFile", []ir.Field{strFld("filename", "a.c"), enumFld("checksumkind", ir.EnumChecksumKind, 1), {Name: ir.FieldNameOf("checksum"), Kind: ir.FieldString}},
			`!DIFile(filename: "a.c", directory: "", checksumkind: CSK_MD5, checksum: "")`},
		{"DIDerivedType", []ir.Field{enumFld("tag", ir.EnumDWTag, 0x0f)}, `!DIDerivedType(tag: DW_TAG_pointer_type, baseType: null)`},
		{"DIDerivedType", []ir.Field{enumFld("tag", ir.EnumDWTag, 0x0f), fld("dwarfAddressSpace", ir.FieldUint, 0)}, `!DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, dwarfAddressSpace: 0)`},
		{"DILabel", []ir.Field{fld("coroSuspendIdx", ir.FieldUint, 0)}, `!DILabel(scope: null, coroSuspendIdx: 0)`},
		{"DILexicalBlockFile", nil, `!DILexicalBlockFile(scope: null, discriminator: 0)`},
		{"DIGlobalVariable", nil, `!DIGlobalVariable(scope: null, isLocal: false, isDefinition: false)`},
		{"DITemplateValueParameter", []ir.Field{enumFld("tag", ir.EnumDWTag, 0x30)}, `!DITemplateValueParameter(value: null)`},
		{"DISubrange", []ir.Field{fld("count", ir.FieldInt, 0)}, `!DISubrange(count: 0)`},
		{"DIAssignID", nil, `!DIAssignID()`},
		// DW_OP_consts 5, DW_OP_stack_value is a constant; DW_OP_constu 7,
		// DW_OP_stack_value is not (AsmWriter wants a signed one).
		{"DIGenericSubrange", []ir.Field{mdFld("count", expr(0x11, 5, 0x9f)), mdFld("lowerBound", expr(0x10, 7, 0x9f)), mdFld("stride", expr(0x11, -2))},
			`!DIGenericSubrange(count: 5, lowerBound: !DIExpression(DW_OP_constu, 7, DW_OP_stack_value), stride: -2)`},
		{"DIFixedPointType", []ir.Field{enumFld("kind", ir.EnumFixedPointKind, 2), fld("factor", ir.FieldInt, -4)},
			`!DIFixedPointType(tag: 0, kind: Rational, numerator: 0, denominator: 0)`},
		{"DIFixedPointType", []ir.Field{fld("factor", ir.FieldInt, -4), {Name: ir.FieldNameOf("numerator"), Kind: ir.FieldRaw, MD: &ir.MDString{Value: "7"}}},
			`!DIFixedPointType(tag: 0, kind: Binary, factor: -4)`},
		{"DIFixedPointType", []ir.Field{enumFld("kind", ir.EnumFixedPointKind, 2), {Name: ir.FieldNameOf("denominator"), Kind: ir.FieldRaw, MD: &ir.MDString{Value: "18446744073709551616"}}},
			`!DIFixedPointType(tag: 0, kind: Rational, numerator: 0, denominator: 18446744073709551616)`},
		// Fields out of the schema's order, or unknown to it, are
		// printed as the node holds them.
		{"DIFile", []ir.Field{strFld("directory", "d"), strFld("filename", "f")}, `!DIFile(directory: "d", filename: "f")`},
		{"DIFile", []ir.Field{strFld("filename", "f"), strFld("colour", "red")}, `!DIFile(filename: "f", colour: "red")`},
		{"DINew", []ir.Field{fld("x", ir.FieldUint, 0)}, `!DINew(x: 0)`},
	} {
		n := &ir.SpecializedNode{Kind: c.kind, Fields: c.fields, ID: 1}
		p := &printer{}
		p.specializedBody(n, 0)
		if got := string(p.b); got != c.want {
			t.Errorf("%s %v inline:\n got %s\nwant %s", c.kind, c.fields, got, c.want)
		}
		var buf bytes.Buffer
		m := &ir.Module{NamedMetadata: []*ir.NamedMetadata{{Name: "n", Ops: []ir.MDNode{n}}}}
		if err := Write(&buf, m, Options{}); err != nil {
			t.Fatal(err)
		}
		if want := "\n!n = !{!0}\n\n!0 = " + c.want + "\n"; buf.String() != want {
			t.Errorf("%s %v numbered:\n got %q\nwant %q", c.kind, c.fields, buf.String(), want)
		}
	}
}

// TestSchemasFitFixtures prints every bitcode fixture and checks that
// each debug-info node it meets, but a DIExpression, has a schema that
// its fields fit: one that does not would be printed without the fields
// llvm-dis-22 shows at zero.
func TestSchemasFitFixtures(t *testing.T) {
	files := irfixtures.IR("../../testdata/ir")
	if len(files) == 0 {
		t.Skip("no fixtures")
	}
	var mu sync.Mutex
	bad := map[string]int{}
	kinds := map[string]bool{}
	misfit = func(n *ir.SpecializedNode) {
		if n.Kind == "DIExpression" {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		bad[n.Kind]++
	}
	defer func() { misfit = nil }()
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		f, err := bitcode.Open(data)
		if err != nil {
			continue
		}
		for _, r := range f.Modules {
			m, err := r.Module()
			if err != nil {
				continue
			}
			_ = Write(io.Discard, m, Options{Loader: r})
		}
	}
	for k := range bad {
		_, kinds[k] = schemaOf(k)
	}
	for k, n := range bad {
		if kinds[k] {
			t.Errorf("%d %s nodes whose fields do not fit the schema", n, k)
		} else {
			t.Errorf("%d %s nodes: no schema", n, k)
		}
	}
}
