package ir

import (
	"math/big"
	"sort"
	"strings"
)

// intrinsicAttr is one attribute of an intrinsic: its kind, its integer
// value (memory and captures encodings), and for range the signed bounds,
// which LLVM truncates to the width of the value they describe.
type intrinsicAttr struct {
	kind   AttrKind
	val    uint64
	lo, hi int64
}

// intrinsicSlot places intrinsicSets[set] at attribute index idx: -1 for
// the function, 0 for the return value, i+1 for parameter i.
type intrinsicSlot struct {
	idx int8
	set uint16
}

// intrinsicName returns the name of intrinsic i, which the table holds in
// place: looking intrinsics up decodes nothing onto the heap.
func intrinsicName(i int) string {
	return intrinsicNameText[intrinsicNameStarts[i] : intrinsicNameStarts[i+1]-1]
}

// intrinsicList returns the index into intrinsicLists of intrinsic i's
// attributes.
func intrinsicList(i int) int { return int(intrinsicInfos[i] >> 16) }

// intrinsicSig returns intrinsic i's signature (see intrinsics_sig.go).
func intrinsicSig(i int) string {
	s := intrinsicInfos[i] >> 1 & (1<<15 - 1)
	return intrinsicSigText[intrinsicSigStarts[s]:intrinsicSigStarts[s+1]]
}

// intrinsicOverloaded reports whether intrinsic i is overloaded.
func intrinsicOverloaded(i int) bool { return intrinsicInfos[i]&1 != 0 }

// lookupIntrinsic returns the index in intrinsicNameText of the intrinsic
// that a function named name is, found as LLVM's Intrinsic::lookupIntrinsicID
// finds it: narrow the sorted names to those sharing name's first dotted
// component, then its first two, and so on while any remain; the first name
// of the last nonempty range must be name itself or, if that intrinsic is
// overloaded, name up to one of its dots.
func lookupIntrinsic(name string) (int, bool) {
	if !strings.HasPrefix(name, "llvm.") {
		return 0, false
	}
	lo, hi := 0, numIntrinsics
	last := lo
	end := len("llvm")
	for end < len(name) && hi > lo {
		start := end
		if j := strings.IndexByte(name[start+1:], '.'); j >= 0 {
			end = start + 1 + j
		} else {
			end = len(name)
		}
		prefix := name[:end]
		last = lo
		first := lo + sort.Search(hi-lo, func(i int) bool {
			return intrinsicName(lo+i) >= prefix
		})
		n := sort.Search(hi-first, func(i int) bool {
			return !strings.HasPrefix(intrinsicName(first+i), prefix)
		})
		lo, hi = first, first+n
	}
	if hi > lo {
		last = lo
	}
	if last >= numIntrinsics {
		return 0, false
	}
	found := intrinsicName(last)
	switch {
	case name == found:
		return last, true
	case strings.HasPrefix(name, found) && name[len(found)] == '.' && intrinsicOverloaded(last):
		return last, true
	}
	return 0, false
}

// IntrinsicName returns the name of the LLVM 22 intrinsic that a function
// named name is (for an overloaded intrinsic, name without its type
// suffixes, as "llvm.memcpy" for "llvm.memcpy.p0.p0.i64"), false if name
// is no intrinsic of LLVM 22. llvm-dis-22 prints "; Unknown intrinsic"
// above a declaration whose name starts with "llvm." but is none.
func IntrinsicName(name string) (string, bool) {
	i, ok := lookupIntrinsic(name)
	if !ok {
		return "", false
	}
	return intrinsicName(i), true
}

// IntrinsicReturnsStruct reports whether the LLVM 22 intrinsic that a
// function named name is returns a struct its signature spells out (a
// literal struct type, not an overloaded one), false when name is no
// intrinsic of LLVM 22. LLVM's reader gives a declaration of such an
// intrinsic that returns an identified or packed struct that struct's
// literal form (UpgradeIntrinsicFunction).
func IntrinsicReturnsStruct(name string) bool {
	i, ok := lookupIntrinsic(name)
	if !ok {
		return false
	}
	sig := intrinsicSig(i)
	return sig != "" && (sig[0] == iitStruct || sig[0] == iitEmptyStruct)
}

// IntrinsicAttrs returns the attributes that LLVM 22 gives a declaration
// of the intrinsic named name with function type fnType
// (Intrinsic::getAttributes), which replace whatever attributes the
// bitcode records for it. It returns false when name is not an intrinsic
// of LLVM 22, or when fnType is not a valid signature for it
// (Intrinsic::isSignatureValid: the types Intrinsics.td allows, overloaded
// ones consistent); LLVM then keeps the recorded attributes. The
// attributes depend on fnType only for the width of range bounds.
//
// The table holds every intrinsic of LLVM 22, target-specific ones
// included. The returned list is newly allocated.
func IntrinsicAttrs(name string, fnType *Type) (AttrList, bool) {
	i, ok := lookupIntrinsic(name)
	if !ok || fnType == nil || fnType.Kind != FunctionType {
		return AttrList{}, false
	}
	if !validIntrinsicType(intrinsicSig(i), fnType) {
		return AttrList{}, false
	}
	var l AttrList
	for _, slot := range intrinsicLists[intrinsicList(i)] {
		var t *Type
		switch {
		case slot.idx == 0:
			t = fnType.Ret
		case slot.idx > 0:
			if int(slot.idx) > len(fnType.Params) {
				continue
			}
			t = fnType.Params[slot.idx-1]
		}
		set := intrinsicSet(intrinsicSets[slot.set], t)
		switch {
		case slot.idx < 0:
			l.Fn = set
		case slot.idx == 0:
			l.Ret = set
		default:
			for len(l.Params) < int(slot.idx) {
				l.Params = append(l.Params, nil)
			}
			l.Params[slot.idx-1] = set
		}
	}
	return l, true
}

// intrinsicSet builds the attribute set s for a value of type t.
func intrinsicSet(s []intrinsicAttr, t *Type) AttrSet {
	set := make(AttrSet, len(s))
	for i, a := range s {
		set[i] = Attribute{Kind: a.kind, Int: a.val}
		if a.kind.Class() == ConstantRangeAttr {
			set[i].Range = truncRange(a.lo, a.hi, scalarBits(t))
		}
	}
	return set
}

// scalarBits returns the width of t's scalar integer type, 0 if none.
func scalarBits(t *Type) uint32 {
	if t == nil {
		return 0
	}
	if t = t.Scalar(); t != nil && t.Kind == IntegerType {
		return t.BitWidth
	}
	return 0
}

// truncRange returns the range [lo, hi) of bits-bit integers, each bound
// truncated to bits bits and read as signed, as LLVM builds it from
// APInt(bits, v, /*isSigned=*/true, /*implicitTrunc=*/true) and prints it.
func truncRange(lo, hi int64, bits uint32) ConstantRange {
	return ConstantRange{BitWidth: bits, Lo: truncSigned(lo, bits), Hi: truncSigned(hi, bits)}
}

func truncSigned(v int64, bits uint32) *big.Int {
	if bits == 0 {
		return new(big.Int)
	}
	if bits >= 64 {
		return big.NewInt(v)
	}
	u := uint64(v) & (1<<bits - 1)
	if u&(1<<(bits-1)) != 0 {
		return big.NewInt(int64(u) - int64(1)<<bits)
	}
	return big.NewInt(int64(u))
}
