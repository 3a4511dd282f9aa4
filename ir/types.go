package ir

// A TypeKind says what kind of type a [Type] is.
type TypeKind uint8

// The type kinds of LLVM 22.
const (
	VoidType TypeKind = iota
	HalfType
	BFloatType
	FloatType
	DoubleType
	X86FP80Type
	FP128Type
	PPCFP128Type
	LabelType
	MetadataType
	X86AMXType
	TokenType
	IntegerType
	FunctionType
	PointerType
	StructType
	ArrayType
	FixedVectorType
	ScalableVectorType
	TargetExtType
	// X86MMXType is read from old bitcode only; LLVM 22 reads it as
	// <1 x i64>, so a reader should not return it.
	X86MMXType
)

// A Type is an LLVM type. Types are compared by identity: a reader returns
// one *Type per type of the module's type table, and identified structs are
// distinct even when their bodies are equal.
type Type struct {
	Kind TypeKind

	// BitWidth is the width of an integer type.
	BitWidth uint32

	// AddrSpace is the address space of a pointer type.
	AddrSpace uint32
	// Pointee is the type a typed pointer points to (i32 of i32*), nil
	// for an opaque pointer (ptr). Readers return opaque pointers only,
	// as LLVM 22 reads every module; typed pointers are for writing for
	// the readers of LLVM 14 and older (ir/typedptr).
	Pointee *Type

	// Elem is the element type of an array or vector type.
	Elem *Type
	// Len is the number of elements of an array or vector type (the
	// minimum number, times vscale, for a scalable vector).
	Len uint64

	// Ret, Params and VarArg describe a function type.
	Ret    *Type
	Params []*Type
	VarArg bool

	// Fields are the element types of a struct type.
	Fields []*Type
	// Packed says a struct type is packed (<{ ... }>).
	Packed bool
	// Identified says a struct type is identified (named or numbered, as
	// %T or %0) rather than literal. Name is empty for a numbered one.
	Identified bool
	// Opaque says an identified struct type has no body.
	Opaque bool

	// Name is the name of an identified struct type (without "%") or of a
	// target extension type.
	Name string
	// TypeParams and IntParams are a target extension type's parameters.
	TypeParams []*Type
	IntParams  []uint32
}

// IsFloatingPoint reports whether t is one of the floating-point types.
func (t *Type) IsFloatingPoint() bool {
	switch t.Kind {
	case HalfType, BFloatType, FloatType, DoubleType, X86FP80Type, FP128Type, PPCFP128Type:
		return true
	}
	return false
}

// IsVector reports whether t is a fixed or scalable vector type.
func (t *Type) IsVector() bool { return t.Kind == FixedVectorType || t.Kind == ScalableVectorType }

// Scalar returns the element type of a vector type and t itself otherwise.
func (t *Type) Scalar() *Type {
	if t.IsVector() {
		return t.Elem
	}
	return t
}

// Contained returns the types t is made of, in LLVM's order
// (Type::subtypes): a function's result then parameters, a struct's
// fields, an array's or vector's element, a target extension type's type
// parameters, a typed pointer's pointee.
func (t *Type) Contained() []*Type {
	switch t.Kind {
	case PointerType:
		if t.Pointee != nil {
			return []*Type{t.Pointee}
		}
	case FunctionType:
		return append([]*Type{t.Ret}, t.Params...)
	case StructType:
		return t.Fields
	case ArrayType, FixedVectorType, ScalableVectorType:
		return []*Type{t.Elem}
	case TargetExtType:
		return t.TypeParams
	}
	return nil
}
