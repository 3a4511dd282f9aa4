package ir

import (
	"math/big"
	"strings"
)

// A Value is anything an instruction or constant can use: a [Constant]
// (global values included), an [Argument], a [Block], an [Instruction], an
// [InlineAsm] or a [MetadataValue].
type Value interface {
	// Type returns the value's type.
	Type() *Type
	isValue()
}

// A Constant is a [Value] that is the same in every execution: constants
// of every kind, and global values.
type Constant interface {
	Value
	isConstant()
}

// A ConstInt is an integer constant, or an element of a vector of them.
// Values of at most 64 bits are in V, sign-extended from the type's width;
// wider ones are in Big (signed) and V is unused.
type ConstInt struct {
	Typ *Type
	V   int64
	Big *big.Int
}

// A ConstFP is a floating-point constant. Bits holds its IEEE (or x87 or
// PowerPC double-double) bit pattern: the low 64 bits in Bits[0], the rest
// (x86_fp80, fp128, ppc_fp128) in Bits[1].
type ConstFP struct {
	Typ  *Type
	Bits [2]uint64
}

// X87Bits returns the bits of an x86_fp80 value (mantissa in bits[0],
// sign and exponent in the low 16 bits of bits[1]) as LLVM holds them once
// it has read them into an APFloat, which keeps no unnormal (a biased
// exponent other than 0 and 0x7fff with the integer bit clear: a NaN to
// it, of exponent 0x7fff) and no pseudo-denormal (exponent 0 with the
// integer bit set: a normal number of exponent 1). LLVM prints and writes
// these bits.
func X87Bits(bits [2]uint64) [2]uint64 {
	se := bits[1] & 0xffff
	switch exp := se & 0x7fff; {
	case exp != 0 && exp != 0x7fff && bits[0]>>63 == 0:
		se |= 0x7fff
	case exp == 0 && bits[0]>>63 == 1:
		se |= 1
	}
	return [2]uint64{bits[0], se}
}

// A ConstNull is the null value of a type that has no other spelling for
// it: null for a pointer, none for token, zeroinitializer for aggregates,
// vectors and target extension types. Integer and floating-point zero are
// a [ConstInt] and a [ConstFP].
type ConstNull struct{ Typ *Type }

// An Undef is undef of a type.
type Undef struct{ Typ *Type }

// A Poison is poison of a type.
type Poison struct{ Typ *Type }

// A ConstData is an array or vector of integers or floating-point values
// stored as raw elements (LLVM's ConstantDataSequential): each element's
// bits, zero-extended, in Elems. An array of i8 prints as c"...".
type ConstData struct {
	Typ   *Type
	Elems []uint64
}

// A ConstAggregate is a struct, array or vector constant given element by
// element.
type ConstAggregate struct {
	Typ   *Type
	Elems []Constant
}

// A ConstExpr is a constant expression: Op applied to Operands, with the
// flags and extras of the instruction of the same opcode.
type ConstExpr struct {
	Typ      *Type
	Op       Opcode
	Operands []Constant
	// Flags are the wrap, exact and GEP flags (see [Instruction.Flags]).
	Flags Flags
	// SrcElem is a getelementptr's source element type.
	SrcElem *Type
	// InRange is a getelementptr's inrange(Lo, Hi), when HasInRange,
	// integers of InRangeBits bits (the index width).
	HasInRange  bool
	InRangeLo   *big.Int
	InRangeHi   *big.Int
	InRangeBits uint32
	// Pred is the predicate of an old icmp or fcmp expression.
	Pred Predicate
}

// A BlockAddress is blockaddress(@Func, %block): the address of the Block'th
// basic block (counting from 0) of Func, among the blocks the bitcode
// declares (those not [Block].Added).
type BlockAddress struct {
	Typ   *Type
	Func  *Function
	Block int
}

// A DSOLocalEquivalent is dso_local_equivalent @Global.
type DSOLocalEquivalent struct {
	Typ    *Type
	Global Constant
}

// A NoCFI is no_cfi @Global.
type NoCFI struct {
	Typ    *Type
	Global Constant
}

// A PtrAuth is ptrauth (ptr Ptr, i32 Key, i64 Disc, ptr AddrDisc[, ptr
// DeactivationSymbol]).
type PtrAuth struct {
	Typ                *Type
	Ptr                Constant
	Key                Constant
	Disc               Constant
	AddrDisc           Constant
	DeactivationSymbol Constant // nil when absent
}

// An InlineAsm is an inline assembler expression used as a callee.
type InlineAsm struct {
	// FuncType is the function type of the call.
	FuncType     *Type
	Typ          *Type // the pointer type of the value
	Asm          string
	Constraints  string
	SideEffect   bool
	AlignStack   bool
	IntelDialect bool
	CanThrow     bool
}

// ConstraintTakesArg reports whether inline assembly constraint k (one
// of the comma-separated constraints of [InlineAsm.Constraints]) takes an
// argument of the call (LLVM's InlineAsm::ConstraintInfo::hasArg): an
// input, or an indirect output; not a clobber, a label ("!i") or a
// direct output.
func ConstraintTakesArg(k string) bool {
	switch {
	case k == "" || k[0] == '~' || k[0] == '!':
		return false
	case k[0] == '=':
		return strings.HasPrefix(k[1:], "*")
	}
	return true
}

// A MetadataValue is metadata used as an instruction operand (type
// metadata), as in call void @llvm.foo(metadata !0).
type MetadataValue struct {
	Typ *Type
	MD  Metadata
}

func (c *ConstInt) Type() *Type           { return c.Typ }
func (c *ConstFP) Type() *Type            { return c.Typ }
func (c *ConstNull) Type() *Type          { return c.Typ }
func (c *Undef) Type() *Type              { return c.Typ }
func (c *Poison) Type() *Type             { return c.Typ }
func (c *ConstData) Type() *Type          { return c.Typ }
func (c *ConstAggregate) Type() *Type     { return c.Typ }
func (c *ConstExpr) Type() *Type          { return c.Typ }
func (c *BlockAddress) Type() *Type       { return c.Typ }
func (c *DSOLocalEquivalent) Type() *Type { return c.Typ }
func (c *NoCFI) Type() *Type              { return c.Typ }
func (c *PtrAuth) Type() *Type            { return c.Typ }
func (c *InlineAsm) Type() *Type          { return c.Typ }
func (c *MetadataValue) Type() *Type      { return c.Typ }

func (*ConstInt) isValue()           {}
func (*ConstFP) isValue()            {}
func (*ConstNull) isValue()          {}
func (*Undef) isValue()              {}
func (*Poison) isValue()             {}
func (*ConstData) isValue()          {}
func (*ConstAggregate) isValue()     {}
func (*ConstExpr) isValue()          {}
func (*BlockAddress) isValue()       {}
func (*DSOLocalEquivalent) isValue() {}
func (*NoCFI) isValue()              {}
func (*PtrAuth) isValue()            {}
func (*InlineAsm) isValue()          {}
func (*MetadataValue) isValue()      {}

func (*ConstInt) isConstant()           {}
func (*ConstFP) isConstant()            {}
func (*ConstNull) isConstant()          {}
func (*Undef) isConstant()              {}
func (*Poison) isConstant()             {}
func (*ConstData) isConstant()          {}
func (*ConstAggregate) isConstant()     {}
func (*ConstExpr) isConstant()          {}
func (*BlockAddress) isConstant()       {}
func (*DSOLocalEquivalent) isConstant() {}
func (*NoCFI) isConstant()              {}
func (*PtrAuth) isConstant()            {}

// HasUseList reports whether LLVM 22 keeps the uses of v in a list, whose
// order a bitcode file may record (its USELIST blocks): every value but
// constant data (integers, floating-point values, null and zero values,
// undef, poison, and data arrays and vectors), whose uses LLVM tracks no
// more from LLVM 21 on. Its reader drops the orders older producers
// recorded for those.
func HasUseList(v Value) bool {
	switch v.(type) {
	case *ConstInt, *ConstFP, *ConstNull, *Undef, *Poison, *ConstData:
		return false
	}
	return true
}
