package assembly

import (
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// TestAppendDIEnum checks the enumerations a reader keeps as numbers
// against llvm-dis-22's spelling (of a module made by llvm-as-22 with these
// fields): a name, or the number when LLVM 22 has none.
func TestAppendDIEnum(t *testing.T) {
	for _, c := range []struct {
		e    ir.DIEnum
		v    uint64
		want string
	}{
		{ir.EnumDWTag, 0x13, "DW_TAG_structure_type"},
		{ir.EnumDWTag, 0x0f, "DW_TAG_pointer_type"},
		{ir.EnumDWTag, 18944, "18944"},
		{ir.EnumDWTag, 0, "0"}, // not DW_TAG_null
		{ir.EnumDWTag, 1 << 20, "1048576"},
		{ir.EnumDWATE, 5, "DW_ATE_signed"},
		{ir.EnumDWATE, 200, "200"},
		{ir.EnumDWLang, 0x21, "DW_LANG_C_plus_plus_14"},
		{ir.EnumDWLang, 0x1e, "DW_LANG_Swift"},
		{ir.EnumDWLang, 30000, "30000"},
		{ir.EnumDWLName, 4, "DW_LNAME_C_plus_plus"},
		{ir.EnumDWCC, 0xc0, "DW_CC_LLVM_vectorcall"},
		{ir.EnumDWAppleEnumKind, 0, "DW_APPLE_ENUM_KIND_Closed"},
		// The small enumerations of LLVM's own.
		{ir.EnumChecksumKind, 1, "CSK_MD5"},
		{ir.EnumChecksumKind, 3, "CSK_SHA256"},
		{ir.EnumChecksumKind, 4, "4"},
		{ir.EnumEmissionKind, 0, "NoDebug"},
		{ir.EnumEmissionKind, 1, "FullDebug"},
		{ir.EnumEmissionKind, 3, "DebugDirectivesOnly"},
		{ir.EnumEmissionKind, 9, "9"},
		{ir.EnumNameTableKind, 2, "None"},
		{ir.EnumMacinfoType, 1, "DW_MACINFO_define"},
		{ir.EnumMacinfoType, 0xff, "DW_MACINFO_vendor_ext"},
		{ir.EnumMacinfoType, 7, "7"},
		{ir.EnumFixedPointKind, 0, "Binary"},
		{ir.EnumFixedPointKind, 1, "Decimal"},
		{ir.EnumFixedPointKind, 2, "Rational"},
		{ir.EnumFixedPointKind, 7, "Rational"},
		{ir.DIEnum(200), 5, "5"},
	} {
		if got := string(appendDIEnum(nil, c.e, c.v)); got != c.want {
			t.Errorf("appendDIEnum(%d, %d) = %q, want %q", c.e, c.v, got, c.want)
		}
	}
}

// TestAppendExprElements checks a DIExpression's elements as
// writeDIExpression spells them (llvm-dis-22 on modules made by
// llvm-as-22, -disable-verify for the malformed ones): operations by name
// when the expression is well formed, the numbers otherwise.
func TestAppendExprElements(t *testing.T) {
	for _, c := range []struct {
		elts []uint64
		want string
	}{
		{nil, ""},
		{[]uint64{0x06, 0x23, 32}, "DW_OP_deref, DW_OP_plus_uconst, 32"},
		{[]uint64{0x23, 1, 0x9f}, "DW_OP_plus_uconst, 1, DW_OP_stack_value"},
		{[]uint64{0x1000, 64, 64}, "DW_OP_LLVM_fragment, 64, 64"},
		{[]uint64{0x1001, 32, 0x05, 0x9f}, "DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_stack_value"},
		// An encoding without a name: its number, where llvm-dis-22
		// prints nothing (see appendExprElements).
		{[]uint64{0x1001, 32, 200, 0x9f}, "DW_OP_LLVM_convert, 32, 200, DW_OP_stack_value"},
		{[]uint64{0x10, 4, 0x1c, 0x1000, 8, 8}, "DW_OP_constu, 4, DW_OP_minus, DW_OP_LLVM_fragment, 8, 8"},
		{[]uint64{0x75, 8}, "DW_OP_breg5, 8"},
		// Not well formed: the numbers. A fragment not last, an
		// operation short of its argument, an unknown operation.
		{[]uint64{0x1000, 0, 32, 0x06}, "4096, 0, 32, 6"},
		{[]uint64{0x23}, "35"},
		{[]uint64{0x06, 0xff00}, "6, 65280"},
		{[]uint64{1 << 40}, "1099511627776"},
	} {
		fs := make([]ir.Field, len(c.elts))
		for i, e := range c.elts {
			fs[i] = ir.Field{Int: int64(e), Kind: ir.FieldUint}
		}
		if !exprElements(fs) {
			t.Fatalf("exprElements(%v) = false", c.elts)
		}
		if got := string(appendExprElements(nil, fs)); got != c.want {
			t.Errorf("appendExprElements(%#x) = %q, want %q", c.elts, got, c.want)
		}
	}
	// Fields that are not a reader's elements print field by field.
	if exprElements([]ir.Field{{Kind: ir.FieldRaw, MD: &ir.MDString{Value: "DW_OP_deref"}}}) {
		t.Error("exprElements accepted a FieldRaw")
	}
}
