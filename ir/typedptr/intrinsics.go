package typedptr

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// intrinsic returns the lowered signature sig of the declaration of
// intrinsic name with the pointees LLVM 14 gives its pointers
// (intrinsicPointees), and the name with its overload suffixes mangled
// for typed pointers ("llvm.memcpy.p0i8.p0i8.i64").
func (l *lowerer) intrinsic(name string, sig *ir.Type) (string, *ir.Type) {
	if rules := pointeeRules(name); len(rules) > 0 {
		sig = l.applyRules(sig, rules)
	}
	if n, ok := ir.IntrinsicMangledName(name, sig); ok {
		return n, sig
	}
	// An intrinsic LLVM 22 renamed or gave another signature (the older
	// name and signature olderName gave it): each opaque pointer suffix
	// is that of the first pointer (or vector of them) of the signature
	// not taken yet whose opaque suffix it is, or points to i8.
	parts := strings.Split(name, ".")
	types := append([]*ir.Type{sig.Ret}, sig.Params...)
	for i, p := range parts {
		if i <= 1 || !opaqueSuffix.MatchString(p) {
			continue
		}
		parts[i] = p + "i8"
		for j, t := range types {
			if t == nil || t.Scalar().Kind != ir.PointerType || t.Scalar().Pointee == nil {
				continue
			}
			if o, ok := ir.IntrinsicTypeSuffix(opaqueOf(t)); ok && o == p {
				if s, ok := ir.IntrinsicTypeSuffix(t); ok {
					parts[i] = s
				}
				types[j] = nil
				break
			}
		}
	}
	return strings.Join(parts, "."), sig
}

// opaqueOf returns typed pointer t, or vector of them, as the opaque
// pointer type of its address space (or a vector of those): what its
// suffix was before typedptr gave it a pointee.
func opaqueOf(t *ir.Type) *ir.Type {
	p := &ir.Type{Kind: ir.PointerType, AddrSpace: t.Scalar().AddrSpace}
	if t.Kind == ir.PointerType {
		return p
	}
	c := *t
	c.Elem = p
	return &c
}

// opaqueSuffix matches an overload suffix of an opaque pointer or vector
// of them: p0, v4p1, nxv2p0.
var opaqueSuffix = regexp.MustCompile(`^(nx)?(v[0-9]+)?p[0-9]+$`)

// pointeeRules returns the rules of intrinsic name: those of the longest
// prefix of it, by dot-separated parts, that intrinsicPointees has.
func pointeeRules(name string) []pointeeRule {
	for n := name; strings.Count(n, ".") >= 1; n = n[:strings.LastIndexByte(n, '.')] {
		if rules, ok := intrinsicPointees[n]; ok {
			return rules
		}
	}
	return nil
}

// applyRules returns sig with its pointers given the pointees rules say.
func (l *lowerer) applyRules(sig *ir.Type, rules []pointeeRule) *ir.Type {
	at := func(pos int8) *ir.Type {
		switch {
		case pos == 0:
			return sig.Ret
		case int(pos) <= len(sig.Params):
			return sig.Params[pos-1]
		}
		return nil
	}
	c := *sig
	c.Params = append([]*ir.Type(nil), sig.Params...)
	for _, r := range rules {
		cur := at(r.pos)
		if cur == nil || cur.Scalar().Kind != ir.PointerType {
			continue
		}
		var p *ir.Type
		switch r.kind {
		case ptrToType:
			if ref := at(r.ref); ref != nil {
				p = l.ptrTo(ref, cur.Scalar().AddrSpace)
			}
		case ptrToElt:
			if ref := at(r.ref); ref != nil {
				p = l.ptrTo(ref.Scalar(), cur.Scalar().AddrSpace)
			}
		case vecOfPtrToElt:
			if ref := at(r.ref); ref != nil && cur.IsVector() {
				p = l.vecOf(cur, l.ptrTo(ref.Scalar(), cur.Elem.AddrSpace))
			}
		case ptrToFixed:
			if t := l.parseType(r.fixed); t != nil {
				p = l.ptrTo(t, cur.Scalar().AddrSpace)
			}
		}
		if p == nil {
			continue
		}
		if r.pos == 0 {
			c.Ret = p
		} else {
			c.Params[r.pos-1] = p
		}
	}
	return l.intern(&c)
}

// parseType returns the type of the simple LLVM assembly type text s
// (iN, half, float, double, the empty struct {}, fixed vectors of those
// and pointers to them: "i8*", "<16 x i32>"), nil for another.
func (l *lowerer) parseType(s string) *ir.Type {
	if base, ok := strings.CutSuffix(s, "*"); ok {
		if t := l.parseType(base); t != nil {
			return l.ptrTo(t, 0)
		}
		return nil
	}
	if v, ok := strings.CutPrefix(s, "<"); ok {
		n, elem, ok := strings.Cut(strings.TrimSuffix(v, ">"), " x ")
		k, err := strconv.ParseUint(n, 10, 32)
		if !ok || err != nil || !strings.HasSuffix(v, ">") {
			return nil
		}
		if e := l.parseType(elem); e != nil {
			return l.intern(&ir.Type{Kind: ir.FixedVectorType, Len: k, Elem: e})
		}
		return nil
	}
	switch s {
	case "{}":
		return l.intern(&ir.Type{Kind: ir.StructType})
	case "half":
		return l.intern(&ir.Type{Kind: ir.HalfType})
	case "float":
		return l.intern(&ir.Type{Kind: ir.FloatType})
	case "double":
		return l.intern(&ir.Type{Kind: ir.DoubleType})
	}
	var w uint32
	if len(s) > 1 && s[0] == 'i' {
		for _, ch := range s[1:] {
			if ch < '0' || ch > '9' {
				return nil
			}
			w = w*10 + uint32(ch-'0')
		}
		return l.intern(&ir.Type{Kind: ir.IntegerType, BitWidth: w})
	}
	return nil
}
