package dwarf

import "testing"

// TestNames checks a few values of each enumeration against the names
// llvm-dis-22 prints for them, and the spelling of a value LLVM 22 does
// not know.
func TestNames(t *testing.T) {
	for _, c := range []struct {
		v    interface{ String() string }
		want string
	}{
		{TagBaseType, "DW_TAG_base_type"},
		{Tag(0x0013), "DW_TAG_structure_type"},
		{Tag(0x4a00), "DW_TAG_0x4a00"},
		{ATESigned, "DW_ATE_signed"},
		{ATE(0x0e), "DW_ATE_unsigned_fixed"},
		{ATE(200), "DW_ATE_0xc8"},
		{CC(0xc0), "DW_CC_LLVM_vectorcall"},
		{Op(0x06), "DW_OP_deref"},
		{OpLLVMFragment, "DW_OP_LLVM_fragment"},
		{Op(0x1007), "DW_OP_LLVM_extract_bits_zext"},
		{Op(0x1008), "DW_OP_0x1008"},
		{AppleEnumKind(0), "DW_APPLE_ENUM_KIND_Closed"},
		{LName(4), "DW_LNAME_C_plus_plus"},
		{Lang(0x21), "DW_LANG_C_plus_plus_14"},
		{Lang(0x8001), "DW_LANG_Mips_Assembler"},
	} {
		if got := c.v.String(); got != c.want {
			t.Errorf("%T(%#x).String() = %q, want %q", c.v, c.v, got, c.want)
		}
	}
	if _, ok := Tag(0x4a00).Name(); ok {
		t.Error("Tag(0x4a00).Name() reports a name")
	}
	if s, ok := OpStackValue.Name(); !ok || s != "DW_OP_stack_value" {
		t.Errorf("OpStackValue.Name() = %q, %v", s, ok)
	}
}

// TestExprSize checks the element counts of DIExpression operations, as
// LLVM 22's DIExpression::ExprOperand::getSize gives them.
func TestExprSize(t *testing.T) {
	for _, c := range []struct {
		op   Op
		want int
	}{
		{OpDeref, 1}, {OpStackValue, 1}, {OpPlus, 1},
		{OpConstu, 2}, {OpConsts, 2}, {OpPlusUconst, 2}, {OpBreg0, 2}, {OpBreg31, 2}, {OpRegx, 2},
		{OpLLVMArg, 2}, {OpLLVMEntryValue, 2}, {OpDerefSize, 2},
		{OpLLVMFragment, 3}, {OpLLVMConvert, 3}, {OpBregx, 3}, {OpLLVMExtractBitsZext, 3},
	} {
		if got := c.op.ExprSize(); got != c.want {
			t.Errorf("%v.ExprSize() = %d, want %d", c.op, got, c.want)
		}
	}
}
