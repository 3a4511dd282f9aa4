package ir

import (
	"strconv"
	"strings"
)

// IntrinsicMangledName returns the name LLVM 22 gives the overloaded
// intrinsic that a function named name with function type fnType is: the
// base name followed by the mangled overload types (Intrinsic::getName),
// as "llvm.memcpy.p0.p0.i64" for typed-pointer bitcode's
// "llvm.memcpy.p0i8.p0i8.i64". It returns false when name is no overloaded
// intrinsic of LLVM 22, when fnType is not a valid signature for it, or
// when an overload type is an unnamed identified struct (whose mangling
// depends on the module).
func IntrinsicMangledName(name string, fnType *Type) (string, bool) {
	i, ok := lookupIntrinsic(name)
	if !ok || fnType == nil || fnType.Kind != FunctionType {
		return "", false
	}
	if !intrinsicOverloaded(i) {
		return "", false
	}
	descs, ok := decodeSig(intrinsicSig(i))
	if !ok {
		return "", false
	}
	vararg := len(descs) > 0 && descs[len(descs)-1].kind == dVarArg
	if vararg {
		descs = descs[:len(descs)-1]
	}
	var m sigMatcher
	if m.match(fnType.Ret, &descs, false) {
		return "", false
	}
	for _, p := range fnType.Params {
		if m.match(p, &descs, false) {
			return "", false
		}
	}
	for j := 0; j < len(m.deferred); j++ {
		c := m.deferred[j]
		if m.match(c.t, &c.descs, true) {
			return "", false
		}
	}
	if len(descs) != 0 || fnType.VarArg != vararg {
		return "", false
	}
	var b strings.Builder
	b.WriteString(intrinsicName(i))
	for _, t := range m.over {
		b.WriteByte('.')
		if !mangleType(&b, t, 0) {
			return "", false
		}
	}
	return b.String(), true
}

// IntrinsicTypeSuffix returns the overload suffix an intrinsic's name
// gives type t ("v4i64", "p0", "p0i8" for a typed pointer), false for a
// type that has none (an identified struct without a name).
func IntrinsicTypeSuffix(t *Type) (string, bool) {
	var b strings.Builder
	if !mangleType(&b, t, 0) {
		return "", false
	}
	return b.String(), true
}

// mangleType writes t as LLVM's getMangledTypeStr does.
func mangleType(b *strings.Builder, t *Type, depth int) bool {
	if t == nil || depth > 64 {
		return false
	}
	u := func(n uint64) { b.WriteString(strconv.FormatUint(n, 10)) }
	switch t.Kind {
	case PointerType:
		b.WriteByte('p')
		u(uint64(t.AddrSpace))
		if t.Pointee != nil {
			// A typed pointer (LLVM 14 and older): "p0i8".
			return mangleType(b, t.Pointee, depth+1)
		}
	case ArrayType:
		b.WriteByte('a')
		u(t.Len)
		return mangleType(b, t.Elem, depth+1)
	case StructType:
		if t.Identified {
			if t.Name == "" {
				return false
			}
			b.WriteString("s_" + t.Name)
		} else {
			b.WriteString("sl_")
			for _, f := range t.Fields {
				if !mangleType(b, f, depth+1) {
					return false
				}
			}
		}
		b.WriteByte('s')
	case FunctionType:
		b.WriteString("f_")
		if !mangleType(b, t.Ret, depth+1) {
			return false
		}
		for _, p := range t.Params {
			if !mangleType(b, p, depth+1) {
				return false
			}
		}
		if t.VarArg {
			b.WriteString("vararg")
		}
		b.WriteByte('f')
	case FixedVectorType, ScalableVectorType:
		if t.Kind == ScalableVectorType {
			b.WriteString("nx")
		}
		b.WriteByte('v')
		u(t.Len)
		return mangleType(b, t.Elem, depth+1)
	case TargetExtType:
		b.WriteString("t" + t.Name)
		for _, p := range t.TypeParams {
			b.WriteByte('_')
			if !mangleType(b, p, depth+1) {
				return false
			}
		}
		for _, n := range t.IntParams {
			b.WriteByte('_')
			u(uint64(n))
		}
		b.WriteByte('t')
	case VoidType:
		b.WriteString("isVoid")
	case MetadataType:
		b.WriteString("Metadata")
	case HalfType:
		b.WriteString("f16")
	case BFloatType:
		b.WriteString("bf16")
	case FloatType:
		b.WriteString("f32")
	case DoubleType:
		b.WriteString("f64")
	case X86FP80Type:
		b.WriteString("f80")
	case FP128Type:
		b.WriteString("f128")
	case PPCFP128Type:
		b.WriteString("ppcf128")
	case X86AMXType:
		b.WriteString("x86amx")
	case IntegerType:
		b.WriteByte('i')
		u(uint64(t.BitWidth))
	default:
		return false
	}
	return true
}
