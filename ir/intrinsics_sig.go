package ir

// Checking a function type against an intrinsic's signature, as LLVM 22's
// Intrinsic::isSignatureValid does. LLVM gives a declaration the
// intrinsic's attributes only when its type is a valid signature.
//
// A signature is the intrinsic's "IIT" type string from Intrinsics.td (the
// TypeSig that llvm-tblgen computes): the return type, then each parameter
// type, each a code below followed by its operands. iitArg and friends
// refer to the intrinsic's overloaded types by number, in order of first
// appearance.

// The IIT codes of LLVM 22's Intrinsics.td.
const (
	iitDone             = 0 // void (as a return type)
	iitI1               = 1
	iitI8               = 2
	iitI16              = 3
	iitI32              = 4
	iitI64              = 5
	iitF16              = 6
	iitF32              = 7
	iitF64              = 8
	iitV2               = 9
	iitV4               = 10
	iitV8               = 11
	iitV16              = 12
	iitV32              = 13
	iitPtr              = 14
	iitArg              = 15 // info: overload number << 3 | argument kind
	iitV64              = 16
	iitMMX              = 17
	iitToken            = 18
	iitMetadata         = 19
	iitEmptyStruct      = 20
	iitStruct           = 21 // count-2, then the element types
	iitExtendArg        = 22 // info
	iitTruncArg         = 23 // info
	iitAnyPtr           = 24 // address space (a pointer in that space)
	iitV1               = 25
	iitVarArg           = 26
	iitOneNthEltsVecArg = 27 // overload number, divisor
	iitSameVecWidthArg  = 28 // info, then the element type
	iitVecOfAnyPtrsToEl = 29 // own overload number, referenced one
	iitI128             = 30
	iitV512             = 31
	iitV1024            = 32
	iitF128             = 33
	iitVecElement       = 34 // info
	iitScalableVec      = 35 // before a vector code
	iitSubdivide2Arg    = 36 // info
	iitSubdivide4Arg    = 37 // info
	iitVecOfBitcastsInt = 38 // info
	iitV128             = 39
	iitBF16             = 40
	iitV256             = 41
	iitAMX              = 42
	iitPPCF128          = 43
	iitV3               = 44
	iitExternRef        = 45
	iitFuncRef          = 46
	iitI2               = 47
	iitI4               = 48
	iitSvcount          = 49
	iitV6               = 50
	iitV10              = 51
	iitV2048            = 52
	iitV4096            = 53
)

// The argument kinds of iitArg's info.
const (
	akAny        = 0
	akAnyInteger = 1
	akAnyFloat   = 2
	akAnyVector  = 3
	akAnyPointer = 4
	akMatchType  = 7
)

// A descKind is the kind of one decoded signature element.
type descKind uint8

const (
	dVoid descKind = iota
	dVarArg
	dMMX
	dAMX
	dToken
	dMetadata
	dHalf
	dBFloat
	dFloat
	dDouble
	dQuad
	dPPCQuad
	dInteger
	dSvcount
	dVector
	dPointer
	dStruct
	dArgument
	dExtend
	dTrunc
	dOneNth
	dSameVecWidth
	dVecOfAnyPtrs
	dVecElement
	dSubdivide2
	dSubdivide4
	dVecOfBitcastsToInt
)

// A desc is one decoded signature element: LLVM's IITDescriptor.
type desc struct {
	kind     descKind
	scalable bool
	n        uint32 // integer width, vector length, address space, struct size
	num      uint32 // overload number (own for dVecOfAnyPtrs)
	ref      uint32 // argument kind; divisor; referenced overload number
}

var iitVectorLen = map[byte]uint32{
	iitV1: 1, iitV2: 2, iitV3: 3, iitV4: 4, iitV6: 6, iitV8: 8, iitV10: 10, iitV16: 16,
	iitV32: 32, iitV64: 64, iitV128: 128, iitV256: 256, iitV512: 512, iitV1024: 1024,
	iitV2048: 2048, iitV4096: 4096,
}

var iitSimple = map[byte]desc{
	iitDone: {kind: dVoid}, iitVarArg: {kind: dVarArg}, iitMMX: {kind: dMMX},
	iitAMX: {kind: dAMX}, iitToken: {kind: dToken}, iitMetadata: {kind: dMetadata},
	iitF16: {kind: dHalf}, iitBF16: {kind: dBFloat}, iitF32: {kind: dFloat},
	iitF64: {kind: dDouble}, iitF128: {kind: dQuad}, iitPPCF128: {kind: dPPCQuad},
	iitI1: {kind: dInteger, n: 1}, iitI2: {kind: dInteger, n: 2}, iitI4: {kind: dInteger, n: 4},
	iitI8: {kind: dInteger, n: 8}, iitI16: {kind: dInteger, n: 16}, iitI32: {kind: dInteger, n: 32},
	iitI64: {kind: dInteger, n: 64}, iitI128: {kind: dInteger, n: 128},
	iitSvcount: {kind: dSvcount}, iitPtr: {kind: dPointer},
	iitExternRef: {kind: dPointer, n: 10}, iitFuncRef: {kind: dPointer, n: 20},
	iitEmptyStruct: {kind: dStruct},
}

var iitInfoKinds = map[byte]descKind{
	iitExtendArg: dExtend, iitTruncArg: dTrunc, iitSameVecWidthArg: dSameVecWidth,
	iitVecElement: dVecElement, iitSubdivide2Arg: dSubdivide2,
	iitSubdivide4Arg: dSubdivide4, iitVecOfBitcastsInt: dVecOfBitcastsToInt,
}

// decodeSig decodes a signature into descriptors; false if it is malformed
// (which a generated table never is).
func decodeSig(sig string) ([]desc, bool) {
	if sig == "" {
		// Types without an IIT code (exnref) leave nothing; LLVM's table
		// then holds just the terminator: void ().
		sig = string(rune(iitDone))
	}
	var out []desc
	i := 0
	var one func(scalable bool) bool
	one = func(scalable bool) bool {
		if i >= len(sig) {
			return false
		}
		c := sig[i]
		i++
		if d, ok := iitSimple[c]; ok {
			out = append(out, d)
			return true
		}
		if n, ok := iitVectorLen[c]; ok {
			out = append(out, desc{kind: dVector, n: n, scalable: scalable})
			return one(false)
		}
		operand := func() uint32 {
			if i >= len(sig) {
				i++
				return 0
			}
			i++
			return uint32(sig[i-1])
		}
		switch c {
		case iitScalableVec:
			return one(true)
		case iitAnyPtr:
			out = append(out, desc{kind: dPointer, n: operand()})
		case iitArg:
			info := operand()
			out = append(out, desc{kind: dArgument, num: info >> 3, ref: info & 7})
		case iitOneNthEltsVecArg:
			num := operand()
			out = append(out, desc{kind: dOneNth, num: num, ref: operand()})
		case iitVecOfAnyPtrsToEl:
			num := operand()
			out = append(out, desc{kind: dVecOfAnyPtrs, num: num, ref: operand()})
		case iitStruct:
			n := operand() + 2
			out = append(out, desc{kind: dStruct, n: n})
			for range n {
				if !one(false) {
					return false
				}
			}
		default:
			k, ok := iitInfoKinds[c]
			if !ok {
				return false
			}
			out = append(out, desc{kind: k, num: operand() >> 3})
		}
		return i <= len(sig)
	}
	if !one(false) {
		return nil, false
	}
	for i < len(sig) && sig[i] != iitDone {
		if !one(false) {
			return nil, false
		}
	}
	return out, true
}

// sigMatcher matches types against descriptors, collecting the overloaded
// types, as LLVM's matchIntrinsicType does. Each match method returns true
// on a mismatch, as LLVM's does.
type sigMatcher struct {
	over     []*Type
	deferred []deferredCheck
}

type deferredCheck struct {
	t     *Type
	descs []desc
}

// validIntrinsicType reports whether ft is a valid signature for sig.
func validIntrinsicType(sig string, ft *Type) bool {
	descs, ok := decodeSig(sig)
	if !ok || ft == nil || ft.Kind != FunctionType {
		return false
	}
	vararg := len(descs) > 0 && descs[len(descs)-1].kind == dVarArg
	if vararg {
		descs = descs[:len(descs)-1]
	}
	var m sigMatcher
	if m.match(ft.Ret, &descs, false) {
		return false
	}
	for _, p := range ft.Params {
		if m.match(p, &descs, false) {
			return false
		}
	}
	for i := 0; i < len(m.deferred); i++ {
		c := m.deferred[i]
		if m.match(c.t, &c.descs, true) {
			return false
		}
	}
	return len(descs) == 0 && ft.VarArg == vararg
}

func (m *sigMatcher) match(t *Type, descs *[]desc, isDeferred bool) bool {
	if len(*descs) == 0 || t == nil {
		return true
	}
	at := *descs
	d := at[0]
	*descs = at[1:]
	deferCheck := func() bool {
		if isDeferred {
			return true
		}
		m.deferred = append(m.deferred, deferredCheck{t, at})
		return false
	}
	switch d.kind {
	case dVoid:
		return t.Kind != VoidType
	case dVarArg:
		return true
	case dMMX:
		return t.Kind != FixedVectorType || t.Len != 1 || !isInt(t.Elem, 64)
	case dAMX:
		return t.Kind != X86AMXType
	case dToken:
		return t.Kind != TokenType
	case dMetadata:
		return t.Kind != MetadataType
	case dHalf:
		return t.Kind != HalfType
	case dBFloat:
		return t.Kind != BFloatType
	case dFloat:
		return t.Kind != FloatType
	case dDouble:
		return t.Kind != DoubleType
	case dQuad:
		return t.Kind != FP128Type
	case dPPCQuad:
		return t.Kind != PPCFP128Type
	case dInteger:
		return !isInt(t, d.n)
	case dSvcount:
		return t.Kind != TargetExtType || t.Name != "aarch64.svcount"
	case dVector:
		if !t.IsVector() || t.Len != uint64(d.n) || (t.Kind == ScalableVectorType) != d.scalable {
			return true
		}
		return m.match(t.Elem, descs, isDeferred)
	case dPointer:
		return t.Kind != PointerType || t.AddrSpace != d.n
	case dStruct:
		if t.Kind != StructType || t.Identified || t.Packed || len(t.Fields) != int(d.n) {
			return true
		}
		for _, f := range t.Fields {
			if m.match(f, descs, isDeferred) {
				return true
			}
		}
		return false
	case dArgument:
		if int(d.num) < len(m.over) {
			return !sameType(t, m.over[d.num])
		}
		if int(d.num) > len(m.over) || d.ref == akMatchType {
			return deferCheck()
		}
		m.over = append(m.over, t)
		switch d.ref {
		case akAny:
			return false
		case akAnyInteger:
			e := t.Scalar()
			return e == nil || e.Kind != IntegerType
		case akAnyFloat:
			e := t.Scalar()
			return e == nil || !e.IsFloatingPoint()
		case akAnyVector:
			return !t.IsVector()
		case akAnyPointer:
			return t.Kind != PointerType
		}
		return true
	case dExtend, dTrunc:
		if int(d.num) >= len(m.over) {
			return deferCheck()
		}
		want := resizeInts(m.over[d.num], d.kind == dExtend)
		return want == nil || !sameType(t, want)
	case dOneNth:
		if int(d.num) >= len(m.over) {
			return deferCheck()
		}
		// LLVM 22 divides the element count, rounding down, without
		// requiring a multiple (llvm.vector.deinterleave3.v4i32 returns
		// three <1 x i32>).
		v := m.over[d.num]
		if !v.IsVector() || d.ref == 0 {
			return true
		}
		return !sameType(t, &Type{Kind: v.Kind, Elem: v.Elem, Len: v.Len / uint64(d.ref)})
	case dSameVecWidth:
		if int(d.num) >= len(m.over) {
			if len(*descs) > 0 {
				*descs = (*descs)[1:] // the element type is checked later
			}
			return deferCheck()
		}
		ref := m.over[d.num]
		if ref.IsVector() != t.IsVector() {
			return true
		}
		elem := t
		if t.IsVector() {
			if ref.Kind != t.Kind || ref.Len != t.Len {
				return true
			}
			elem = t.Elem
		}
		return m.match(elem, descs, isDeferred)
	case dVecOfAnyPtrs:
		if int(d.ref) >= len(m.over) {
			if isDeferred {
				return true
			}
			m.over = append(m.over, t)
			return deferCheck()
		}
		if !isDeferred {
			m.over = append(m.over, t)
		}
		ref := m.over[d.ref]
		if !t.IsVector() || !ref.IsVector() || ref.Kind != t.Kind || ref.Len != t.Len {
			return true
		}
		return t.Elem == nil || t.Elem.Kind != PointerType
	case dVecElement:
		if int(d.num) >= len(m.over) {
			return deferCheck()
		}
		ref := m.over[d.num]
		return !ref.IsVector() || !sameType(t, ref.Elem)
	case dSubdivide2, dSubdivide4:
		if int(d.num) >= len(m.over) {
			return deferCheck()
		}
		v := m.over[d.num]
		if !v.IsVector() {
			return true
		}
		for range 1 + int(d.kind-dSubdivide2) {
			v = &Type{Kind: v.Kind, Elem: v.Elem, Len: v.Len * 2}
			if v = resizeInts(v, false); v == nil {
				return true
			}
		}
		return !sameType(t, v)
	case dVecOfBitcastsToInt:
		if int(d.num) >= len(m.over) {
			return deferCheck()
		}
		ref := m.over[d.num]
		if !t.IsVector() || !ref.IsVector() {
			return true
		}
		bits := scalarSize(ref.Elem)
		if bits == 0 {
			return true
		}
		return !sameType(t, &Type{Kind: ref.Kind, Len: ref.Len,
			Elem: &Type{Kind: IntegerType, BitWidth: bits}})
	}
	return true
}

func isInt(t *Type, bits uint32) bool {
	return t != nil && t.Kind == IntegerType && t.BitWidth == bits
}

// resizeInts returns t (an integer or a vector) with its element width
// doubled or halved, as VectorType::getExtendedElementVectorType and
// getTruncatedElementVectorType and IntegerType do; nil if t has none.
func resizeInts(t *Type, extend bool) *Type {
	if t == nil {
		return nil
	}
	elem := t.Scalar()
	var ne *Type
	switch {
	case elem == nil:
		return nil
	case elem.Kind == IntegerType && extend:
		ne = &Type{Kind: IntegerType, BitWidth: 2 * elem.BitWidth}
	case elem.Kind == IntegerType && elem.BitWidth%2 == 0:
		ne = &Type{Kind: IntegerType, BitWidth: elem.BitWidth / 2}
	case t.IsVector() && !extend && elem.Kind == DoubleType:
		ne = &Type{Kind: FloatType}
	case t.IsVector() && !extend && elem.Kind == FloatType:
		ne = &Type{Kind: HalfType}
	default:
		return nil
	}
	if t.IsVector() {
		return &Type{Kind: t.Kind, Len: t.Len, Elem: ne}
	}
	if ne.Kind != IntegerType {
		return nil
	}
	return ne
}

// scalarSize returns the width in bits of a first-class scalar type, 0 for
// others.
func scalarSize(t *Type) uint32 {
	if t == nil {
		return 0
	}
	switch t.Kind {
	case IntegerType:
		return t.BitWidth
	case HalfType, BFloatType:
		return 16
	case FloatType:
		return 32
	case DoubleType:
		return 64
	case X86FP80Type:
		return 80
	case FP128Type, PPCFP128Type:
		return 128
	}
	return 0
}

// sameType reports whether a and b are the same LLVM type: identified
// structs by identity, other types by structure (LLVM uniques them).
func sameType(a, b *Type) bool { return sameTypeDepth(a, b, 0) }

func sameTypeDepth(a, b *Type, depth int) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Kind != b.Kind || depth > 64 {
		return false
	}
	switch a.Kind {
	case IntegerType:
		return a.BitWidth == b.BitWidth
	case PointerType:
		return a.AddrSpace == b.AddrSpace
	case ArrayType, FixedVectorType, ScalableVectorType:
		return a.Len == b.Len && sameTypeDepth(a.Elem, b.Elem, depth+1)
	case StructType:
		if a.Identified || b.Identified || a.Packed != b.Packed || len(a.Fields) != len(b.Fields) {
			return false
		}
		for i := range a.Fields {
			if !sameTypeDepth(a.Fields[i], b.Fields[i], depth+1) {
				return false
			}
		}
		return true
	case FunctionType:
		if a.VarArg != b.VarArg || len(a.Params) != len(b.Params) ||
			!sameTypeDepth(a.Ret, b.Ret, depth+1) {
			return false
		}
		for i := range a.Params {
			if !sameTypeDepth(a.Params[i], b.Params[i], depth+1) {
				return false
			}
		}
		return true
	case TargetExtType:
		if a.Name != b.Name || len(a.TypeParams) != len(b.TypeParams) || len(a.IntParams) != len(b.IntParams) {
			return false
		}
		for i := range a.TypeParams {
			if !sameTypeDepth(a.TypeParams[i], b.TypeParams[i], depth+1) {
				return false
			}
		}
		for i := range a.IntParams {
			if a.IntParams[i] != b.IntParams[i] {
				return false
			}
		}
		return true
	}
	return true
}
