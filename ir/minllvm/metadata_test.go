package minllvm

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bcextract/bcextract/bitstream"
	"github.com/bcextract/bcextract/llvmir"
)

// TestMetadataRecord checks the rules of the METADATA_BLOCK records on
// records of the layouts LLVM 13 to 22 write, and on the layouts that
// need nothing.
func TestMetadataRecord(t *testing.T) {
	const (
		big  = 1 << 63
		none = ^uint64(0)
	)
	tests := []struct {
		name string
		code llvmir.MetadataCode
		ops  []uint64
		want int
	}{
		// DILocation: 13-19 take 5 or 6 operands, 21 8 too.
		{"location 5", llvmir.METADATA_LOCATION, []uint64{0, 3, 7, 4, 0}, 0},
		{"location 6 implicit", llvmir.METADATA_LOCATION, []uint64{1, 3, 7, 4, 9, 1}, 0},
		{"location 8 no atoms", llvmir.METADATA_LOCATION, []uint64{0, 3, 7, 4, 0, 0, 0, 0}, 21},
		{"location 8 atoms", llvmir.METADATA_LOCATION, []uint64{0, 3, 7, 4, 0, 0, 12, 1}, 21},

		// DIBasicType.
		{"basic 6", llvmir.METADATA_BASIC_TYPE, []uint64{0, 0x24, 3, 32, 0, 5}, 0},
		{"basic 7 flags", llvmir.METADATA_BASIC_TYPE, []uint64{1, 0x24, 3, 32, 0, 5, 1 << 27}, 0},
		{"basic 8 LLVM 19..21 writer", llvmir.METADATA_BASIC_TYPE, []uint64{0, 0x24, 3, 32, 0, 5, 0, 0}, 21},
		{"basic 8 extra inhabitants", llvmir.METADATA_BASIC_TYPE, []uint64{0, 0x24, 3, 8, 0, 2, 0, 254}, 21},
		{"basic size as metadata", llvmir.METADATA_BASIC_TYPE, []uint64{2, 0x24, 3, 9, 0, 5, 0, 0}, 21},
		{"basic 9 LLVM 22 writer", llvmir.METADATA_BASIC_TYPE, []uint64{2, 0x24, 3, 9, 0, 5, 0, 0, 0}, 22},

		// New record codes: skipped by older readers.
		{"fixed point", llvmir.METADATA_FIXED_POINT_TYPE, []uint64{2, 0x24, 3, 9, 0, 0x0d, 0, 0, 0, 1<<32 | 8, 2, 1<<32 | 8, 2}, 21},
		{"subrange type", llvmir.METADATA_SUBRANGE_TYPE, []uint64{2, 3, 0, 0, 0, 9, 0, 0, 5, 0, 0, 0, 0}, 21},
		{"assign id", llvmir.METADATA_ASSIGN_ID, []uint64{1}, 16},

		// DIStringType.
		{"string 8", llvmir.METADATA_STRING_TYPE, []uint64{0, 0x12, 3, 4, 0, 0, 8, 16}, 0},
		{"string 9", llvmir.METADATA_STRING_TYPE, []uint64{0, 0x12, 3, 4, 0, 5, 0, 8, 16}, 14},
		{"string 9 size as metadata", llvmir.METADATA_STRING_TYPE, []uint64{2, 0x12, 3, 4, 0, 5, 9, 8, 16}, 21},

		// DIDerivedType: [distinct, tag, name, file, line, scope, base,
		// size, align, offset, flags, extraData, addrspace, annotations,
		// ptrauth].
		{"derived 12", llvmir.METADATA_DERIVED_TYPE, []uint64{0, 0x0f, 0, 0, 0, 0, 5, 64, 0, 0, 0, 0}, 0},
		{"derived 13 addrspace", llvmir.METADATA_DERIVED_TYPE, []uint64{0, 0x0f, 0, 0, 0, 0, 5, 64, 0, 0, 0, 0, 2}, 0},
		{"derived 14 LLVM 14..18 writer", llvmir.METADATA_DERIVED_TYPE, []uint64{0, 0x0f, 0, 0, 0, 0, 5, 64, 0, 0, 0, 0, 0, 0}, 14},
		// Annotations, which LLVM 14-18 read from a 14-operand record
		// (and 19 on only from one of 15): the readers from 14 read
		// the record, and newer ones as LLVM 22 does.
		{"derived 14 annotations", llvmir.METADATA_DERIVED_TYPE, []uint64{0, 0x0d, 3, 1, 2, 6, 5, 32, 0, 0, 0, 0, 0, 11}, 14},
		{"derived 15 LLVM 19 writer", llvmir.METADATA_DERIVED_TYPE, []uint64{0, 0x0f, 0, 0, 0, 0, 5, 64, 0, 0, 0, 0, 0, 0, 0}, 19},
		{"derived 15 ptrauth", llvmir.METADATA_DERIVED_TYPE, []uint64{0, 0x4300, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 1<<23 | 2}, 19},
		{"derived 15 LLVM 21 writer", llvmir.METADATA_DERIVED_TYPE, []uint64{2, 0x0f, 0, 0, 0, 0, 5, 9, 0, 10, 0, 0, 0, 0, 0}, 21},
		{"derived static member variable", llvmir.METADATA_DERIVED_TYPE, []uint64{0, 0x34, 3, 1, 2, 6, 5, 0, 0, 0, 1 << 12, 0, 0, 0}, 18},
		{"derived static member", llvmir.METADATA_DERIVED_TYPE, []uint64{0, 0x0d, 3, 1, 2, 6, 5, 0, 0, 0, 1 << 12, 0, 0}, 0},
		{"derived template alias", llvmir.METADATA_DERIVED_TYPE, []uint64{0, 0x43, 3, 1, 2, 6, 5, 0, 0, 0, 0, 8, 0, 0, 0}, 19},

		// DICompositeType.
		{"composite 16", llvmir.METADATA_COMPOSITE_TYPE, make([]uint64, 16), 0},
		{"composite 21 rank", llvmir.METADATA_COMPOSITE_TYPE, make([]uint64, 21), 0},
		{"composite 22 annotations", llvmir.METADATA_COMPOSITE_TYPE, make([]uint64, 22), 14},
		{"composite 22 not in type refs", llvmir.METADATA_COMPOSITE_TYPE, append([]uint64{3}, make([]uint64, 21)...), 14},
		{"composite 22 size as metadata", llvmir.METADATA_COMPOSITE_TYPE, append([]uint64{4}, make([]uint64, 21)...), 21},
		{"composite 23", llvmir.METADATA_COMPOSITE_TYPE, make([]uint64, 23), 21},
		{"composite 26 LLVM 22 writer", llvmir.METADATA_COMPOSITE_TYPE, append([]uint64{7}, make([]uint64, 25)...), 21},

		// DICompileUnit.
		{"cu 14", llvmir.METADATA_COMPILE_UNIT, cu(14, 0x0c, 0), 0},
		{"cu 22 sysroot sdk", llvmir.METADATA_COMPILE_UNIT, cu(22, 0x0c, 0), 0},
		{"cu 22 nameTableKind None", llvmir.METADATA_COMPILE_UNIT, cu(22, 0x0c, 2), 0},
		{"cu 22 nameTableKind Apple", llvmir.METADATA_COMPILE_UNIT, cu(22, 0x0c, 3), 19},
		{"cu 23 LLVM 22 writer", llvmir.METADATA_COMPILE_UNIT, cu(23, 0x0c, 0), 22},
		{"cu DW_LNAME", llvmir.METADATA_COMPILE_UNIT, cu(22, big|0x0003, 0), 22},

		// DISubprogram with DISPFlags: [5 to 20] the optional fields.
		{"sp 18", llvmir.METADATA_SUBPROGRAM, sp(18, 0, 0, 0), 0},
		{"sp 19 no annotations", llvmir.METADATA_SUBPROGRAM, sp(19, 0, 0, 0), 0},
		{"sp 19 annotations", llvmir.METADATA_SUBPROGRAM, sp(19, 9, 0, 0), 14},
		{"sp 20 targetFuncName", llvmir.METADATA_SUBPROGRAM, sp(20, 0, 9, 0), 15},
		{"sp 21 LLVM 22 writer", llvmir.METADATA_SUBPROGRAM, sp(21, 0, 0, 0), 0},
		{"sp 21 keyInstructions", llvmir.METADATA_SUBPROGRAM, sp(21, 9, 9, 1), 21},
		{"sp 22", llvmir.METADATA_SUBPROGRAM, sp(22, 0, 0, 0), 21},
		{"sp old layout 21", llvmir.METADATA_SUBPROGRAM, append([]uint64{3}, make([]uint64, 20)...), 0},

		// Annotations of variables.
		{"global var 12", llvmir.METADATA_GLOBAL_VAR, append([]uint64{2 << 1}, make([]uint64, 11)...), 0},
		{"global var 13 no annotations", llvmir.METADATA_GLOBAL_VAR, append([]uint64{2 << 1}, make([]uint64, 12)...), 0},
		{"global var 13 annotations", llvmir.METADATA_GLOBAL_VAR, []uint64{2<<1 | 1, 1, 2, 3, 4, 5, 6, 0, 1, 0, 0, 0, 8}, 14},
		{"global var version 1", llvmir.METADATA_GLOBAL_VAR, []uint64{1<<1 | 1, 1, 2, 3, 4, 5, 6, 0, 1, 0, 0, 0}, 0},
		{"local var 9", llvmir.METADATA_LOCAL_VAR, []uint64{2, 1, 2, 3, 4, 5, 1, 0, 0}, 0},
		{"local var 10", llvmir.METADATA_LOCAL_VAR, []uint64{2, 1, 2, 3, 4, 5, 1, 0, 0, 0}, 0},
		{"local var 10 annotations", llvmir.METADATA_LOCAL_VAR, []uint64{2, 1, 2, 3, 4, 5, 1, 0, 0, 7}, 14},
		{"local var 9 old tag", llvmir.METADATA_LOCAL_VAR, []uint64{0, 0x101, 1, 2, 3, 4, 5, 1, 0}, 0},

		// DILabel.
		{"label 5", llvmir.METADATA_LABEL, []uint64{1, 1, 2, 3, 4}, 0},
		{"label 5 artificial", llvmir.METADATA_LABEL, []uint64{3, 1, 2, 3, 4}, 21},
		{"label 7 LLVM 22 writer", llvmir.METADATA_LABEL, []uint64{0, 1, 2, 3, 4, 0, none}, 21},

		// DIExpression: version 3, operations by verifier.
		{"expr empty", llvmir.METADATA_EXPRESSION, []uint64{3 << 1}, 0},
		{"expr old version", llvmir.METADATA_EXPRESSION, []uint64{0, 0x23, 8}, 0},
		{"expr fragment", llvmir.METADATA_EXPRESSION, []uint64{3 << 1, 0x1000, 0, 32}, 0},
		{"expr arg convert", llvmir.METADATA_EXPRESSION, []uint64{3 << 1, 0x1005, 0, 0x1001, 32, 5, 0x9f}, 0},
		{"expr extract bits", llvmir.METADATA_EXPRESSION, []uint64{3<<1 | 1, 0x1007, 0, 8}, 19},
		{"expr compare", llvmir.METADATA_EXPRESSION, []uint64{3 << 1, 0x10, 4, 0x2d, 0x9f}, 19},
		{"expr rot", llvmir.METADATA_EXPRESSION, []uint64{3 << 1, 0x17, 0x9f}, 22},
		{"expr rot after extract", llvmir.METADATA_EXPRESSION, []uint64{3 << 1, 0x1006, 0, 8, 0x1f}, 22},
		// Operands are not operations: 0x17 is DW_OP_constu's operand
		// here, 0x1007 DW_OP_LLVM_fragment's.
		{"expr operand 0x17", llvmir.METADATA_EXPRESSION, []uint64{3 << 1, 0x10, 0x17, 0x9f}, 0},
		{"expr operand 0x1007", llvmir.METADATA_EXPRESSION, []uint64{3 << 1, 0x1000, 0x1007, 0x1007}, 0},

		// DIImportedEntity.
		{"imported 6", llvmir.METADATA_IMPORTED_ENTITY, []uint64{0, 0x3a, 1, 2, 0, 0}, 0},
		{"imported 7", llvmir.METADATA_IMPORTED_ENTITY, []uint64{0, 0x3a, 1, 2, 5, 0, 3}, 0},
		{"imported 8", llvmir.METADATA_IMPORTED_ENTITY, []uint64{0, 0x3a, 1, 2, 5, 0, 3, 0}, 14},

		// Records every reader reads alike.
		{"node", llvmir.METADATA_NODE, []uint64{1, 2, 0}, 0},
		{"distinct node", llvmir.METADATA_DISTINCT_NODE, []uint64{}, 0},
		{"value", llvmir.METADATA_VALUE, []uint64{3, 4}, 0},
		{"strings", llvmir.METADATA_STRINGS, []uint64{10, 20}, 0},
		{"index offset", llvmir.METADATA_INDEX_OFFSET, []uint64{100, 0}, 0},
		{"index", llvmir.METADATA_INDEX, []uint64{1, 2, 3}, 0},
		{"name", llvmir.METADATA_NAME, []uint64{'a', 'b'}, 0},
		{"named node", llvmir.METADATA_NAMED_NODE, []uint64{1}, 0},
		{"kind", llvmir.METADATA_KIND, []uint64{0, 'd', 'b', 'g'}, 0},
		{"global decl attachment", llvmir.METADATA_GLOBAL_DECL_ATTACHMENT, []uint64{4, 0, 7}, 0},
		{"arg list", llvmir.METADATA_ARG_LIST, []uint64{1, 2}, 0},
		{"generic debug", llvmir.METADATA_GENERIC_DEBUG, []uint64{0, 0x11, 0, 1, 2}, 0},
		{"subrange v2", llvmir.METADATA_SUBRANGE, []uint64{2 << 1, 1, 0, 0, 0}, 0},
		{"generic subrange", llvmir.METADATA_GENERIC_SUBRANGE, []uint64{0, 1, 2, 3, 4}, 0},
		{"enumerator wide", llvmir.METADATA_ENUMERATOR, []uint64{4 | 2, 128, 3, 2, 2}, 0},
		{"subroutine", llvmir.METADATA_SUBROUTINE_TYPE, []uint64{2, 0, 4, 0}, 0},
		{"file 6", llvmir.METADATA_FILE, []uint64{0, 1, 2, 2, 3, 4}, 0},
		{"module 9", llvmir.METADATA_MODULE, []uint64{0, 1, 2, 3, 4, 5, 6, 7, 1}, 0},
		{"lexical block", llvmir.METADATA_LEXICAL_BLOCK, []uint64{1, 2, 3, 4, 5}, 0},
		{"lexical block file", llvmir.METADATA_LEXICAL_BLOCK_FILE, []uint64{1, 2, 3, 0}, 0},
		{"namespace export", llvmir.METADATA_NAMESPACE, []uint64{2, 1, 3}, 0},
		{"macro", llvmir.METADATA_MACRO, []uint64{0, 1, 2, 3, 4}, 0},
		{"macro file", llvmir.METADATA_MACRO_FILE, []uint64{0, 3, 2, 3, 4}, 0},
		{"template type defaulted", llvmir.METADATA_TEMPLATE_TYPE, []uint64{0, 1, 2, 1}, 0},
		{"template value defaulted", llvmir.METADATA_TEMPLATE_VALUE, []uint64{0, 0x30, 1, 2, 1, 3}, 0},
		{"global var expr", llvmir.METADATA_GLOBAL_VAR_EXPR, []uint64{0, 1, 2}, 0},
		{"objc property", llvmir.METADATA_OBJC_PROPERTY, []uint64{0, 1, 2, 3, 4, 5, 6, 7}, 0},
		{"common block", llvmir.METADATA_COMMON_BLOCK, []uint64{1, 1, 2, 3, 4, 5}, 0},
	}
	for _, tt := range tests {
		v, what := metadataRecord(tt.code, tt.ops)
		if v != tt.want {
			t.Errorf("%s: metadataRecord(%v, %v) = %d, %q; want %d", tt.name, tt.code, tt.ops, v, what, tt.want)
		}
		if (v == 0) != (what == "") {
			t.Errorf("%s: metadataRecord = %d, %q: a version needs a what and nothing none", tt.name, v, what)
		}
	}
}

// cu returns a METADATA_COMPILE_UNIT record of n operands with language
// lang and nameTableKind kind (when n has it).
func cu(n int, lang, kind uint64) []uint64 {
	ops := make([]uint64, n)
	ops[0], ops[1], ops[2], ops[8] = 1, lang, 2, 1
	if n > 18 {
		ops[18] = kind
	}
	return ops
}

// sp returns a METADATA_SUBPROGRAM record with DISPFlags of n operands:
// annotations, targetFuncName and keyInstructions as given when n has
// them.
func sp(n int, annotations, target, key uint64) []uint64 {
	ops := make([]uint64, n)
	ops[0], ops[9] = 1|2|4, 8
	for i, v := range []uint64{annotations, target, key} {
		if 18+i < n {
			ops[18+i] = v
		}
	}
	return ops
}

// TestMetadataRecordAllocs checks that the rules allocate nothing.
func TestMetadataRecordAllocs(t *testing.T) {
	ops := []uint64{3 << 1, 0x1006, 0, 8, 0x10, 4, 0x2d, 0x9f}
	loc := []uint64{0, 3, 7, 4, 0, 0, 12, 1}
	if n := testing.AllocsPerRun(100, func() {
		metadataRecord(llvmir.METADATA_EXPRESSION, ops)
		metadataRecord(llvmir.METADATA_LOCATION, loc)
	}); n != 0 {
		t.Errorf("metadataRecord allocates %v times", n)
	}
}

// mdNeed walks the bitcode file path (a raw stream, no wrapper) and
// returns what its METADATA_BLOCK records need most, with the first
// record that needs it.
func mdNeed(t *testing.T, path string) (int, string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := bitstream.NewReader(data)
	if _, err := bitstream.ReadMagic(r.Cursor()); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	v := &mdVisitor{}
	if _, err := bitstream.Walk(r, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v.v, v.what
}

// mdVisitor keeps the greatest need of the METADATA_BLOCK records walked.
type mdVisitor struct {
	v    int
	what string
}

func (*mdVisitor) BlockInfoStart(int) error               { return nil }
func (*mdVisitor) EnterBlock(*bitstream.BlockEvent) error { return nil }
func (*mdVisitor) ExitBlock(*bitstream.BlockEvent) error  { return nil }
func (m *mdVisitor) Record(b *bitstream.BlockEvent, r *bitstream.RecordEvent) error {
	if llvmir.BlockID(b.ID) != llvmir.METADATA_BLOCK_ID {
		return nil
	}
	if v, what := metadataRecord(llvmir.MetadataCode(r.Code), r.Ops); v > m.v {
		m.v, m.what = v, what
	}
	return nil
}

// TestMetadataFixtures checks the rules on modules that LLVM 22 wrote
// (testdata/ir, made with clang-22): each has a DICompileUnit of 23
// operands and DIBasicTypes of 9, which LLVM 21 refuses, and DILocations
// of 8 operands, which LLVM 19 refuses (llvm-dis-19: "Invalid record").
func TestMetadataFixtures(t *testing.T) {
	for _, name := range []string{"di-cattrs-O1.bc", "di-coro-O0.bc", "di-switch-O2.bc"} {
		path := filepath.Join("..", "..", "testdata", "ir", name)
		v, what := mdNeed(t, path)
		if v != 22 {
			t.Errorf("%s: metadata needs %d (%s), want 22", name, v, what)
		}
	}
}
