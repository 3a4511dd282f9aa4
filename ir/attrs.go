package ir

import (
	"math/big"
	"sort"
)

// An AttrKind is an attribute's kind, numbered in the order of LLVM 22's
// Attribute::AttrKind enumeration, which is the order in which LLVM sorts
// and prints attributes. Zero is a string attribute ("key"="value"). The
// kinds and their spellings are in attrkinds.go.
type AttrKind uint16

// An Attribute is one function, return, parameter or call-site attribute.
//
// Int holds the value of an integer attribute as LLVM stores it in memory:
// align, alignstack and the like in bytes; dereferenceable and
// dereferenceable_or_null in bytes; allocsize, vscale_range, uwtable,
// allockind, memory, captures and nofpclass in their packed encodings.
// Type holds the type of a type attribute (byval, sret, elementtype, ...).
// Range and Ranges hold range and initializes. Key and Value are a string
// attribute's.
type Attribute struct {
	Kind   AttrKind
	Int    uint64
	Type   *Type
	Range  ConstantRange
	Ranges []ConstantRange
	Key    string
	Value  string
}

// A ConstantRange is the half-open range [Lo, Hi) of BitWidth-bit integers,
// as range(iN Lo, Hi) prints it.
type ConstantRange struct {
	BitWidth uint32
	Lo, Hi   *big.Int
}

// An AttrSet is the attributes of one function, return value or
// parameter, in LLVM's order: enumeration, integer and type attributes by
// kind, then string attributes by key.
type AttrSet []Attribute

// SortAttrs puts s in LLVM's order.
func SortAttrs(s AttrSet) {
	for i := 1; i < len(s); i++ {
		if attrLess(&s[i], &s[i-1]) {
			sort.SliceStable(s, func(i, j int) bool { return attrLess(&s[i], &s[j]) })
			return
		}
	}
}

// attrLess reports whether a comes before b in LLVM's order.
func attrLess(a, b *Attribute) bool {
	if (a.Kind == 0) != (b.Kind == 0) {
		return a.Kind != 0
	}
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	if a.Key != b.Key {
		return a.Key < b.Key
	}
	return a.Value < b.Value
}

// Has reports whether s has an attribute of kind k.
func (s AttrSet) Has(k AttrKind) bool {
	for i := range s {
		if s[i].Kind == k {
			return true
		}
	}
	return false
}

// An AttrList is the attributes of a function or call: the function's
// own, its return value's and each parameter's.
type AttrList struct {
	Fn     AttrSet
	Ret    AttrSet
	Params []AttrSet
}

// An AttrListRef identifies the slices an attribute list is made of: a
// reader hands out the same ones for every use of one list, so that what
// is computed of a list can be kept by its reference. (A reference keeps
// the arrays alive: its addresses are never another list's.)
type AttrListRef struct {
	fn, ret            *Attribute
	params             *AttrSet
	nfn, nret, nparams int
}

// Ref returns the reference of the slices l is made of.
func (l *AttrList) Ref() AttrListRef {
	first := func(s AttrSet) *Attribute {
		if len(s) == 0 {
			return nil
		}
		return &s[0]
	}
	r := AttrListRef{fn: first(l.Fn), ret: first(l.Ret), nfn: len(l.Fn), nret: len(l.Ret), nparams: len(l.Params)}
	if len(l.Params) > 0 {
		r.params = &l.Params[0]
	}
	return r
}

// Param returns the attributes of parameter i, nil when it has none.
func (l *AttrList) Param(i int) AttrSet {
	if i < len(l.Params) {
		return l.Params[i]
	}
	return nil
}
