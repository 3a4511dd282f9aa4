package assembly

import (
	"math/big"
	"strconv"

	"github.com/bcextract/bcextract/ir"
)

// attrSet writes the attributes of a set separated by spaces; inGroup
// selects the spelling of an attributes #N group (align=8) over the inline
// one (align 8).
func (p *printer) attrSet(s ir.AttrSet, inGroup bool) {
	for i := range s {
		if i > 0 {
			p.byte1(' ')
		}
		p.attr(&s[i], inGroup)
	}
}

// attr writes one attribute as LLVM's Attribute::getAsString does.
func (p *printer) attr(a *ir.Attribute, inGroup bool) {
	if a.Kind == ir.AttrNone {
		p.byte1('"')
		p.str(a.Key)
		p.byte1('"')
		if a.Value != "" {
			p.str("=\"")
			p.escaped(a.Value)
			p.byte1('"')
		}
		return
	}
	name := a.Kind.String()
	if name == "" {
		p.str("<unknown attribute #")
		p.uint(uint64(a.Kind))
		p.byte1('>')
		return
	}
	switch a.Kind.Class() {
	case ir.EnumAttr:
		p.str(name)
		return
	case ir.TypeAttr:
		p.str(name)
		if a.Type != nil {
			p.byte1('(')
			p.typ(a.Type)
			p.byte1(')')
		}
		return
	case ir.ConstantRangeAttr:
		p.str(name)
		p.str("(i")
		p.uint(uint64(a.Range.BitWidth))
		p.byte1(' ')
		p.b = appendSigned(p.b, a.Range.Lo, a.Range.BitWidth)
		p.str(", ")
		p.b = appendSigned(p.b, a.Range.Hi, a.Range.BitWidth)
		p.byte1(')')
		return
	case ir.ConstantRangeListAttr:
		p.str(name)
		p.byte1('(')
		for i, r := range a.Ranges {
			if i > 0 {
				p.str(", ")
			}
			p.byte1('(')
			p.b = appendSigned(p.b, r.Lo, r.BitWidth)
			p.str(", ")
			p.b = appendSigned(p.b, r.Hi, r.BitWidth)
			p.byte1(')')
		}
		p.byte1(')')
		return
	}
	v := a.Int
	switch a.Kind {
	case ir.AttrAlignment:
		if inGroup {
			p.str("align=")
		} else {
			p.str("align ")
		}
		p.uint(v)
	case ir.AttrStackAlignment, ir.AttrDereferenceable, ir.AttrDereferenceableOrNull:
		p.str(name)
		if inGroup {
			p.byte1('=')
			p.uint(v)
		} else {
			p.byte1('(')
			p.uint(v)
			p.byte1(')')
		}
	case ir.AttrAllocSize:
		p.str("allocsize(")
		p.uint(v >> 32)
		if n := v & 0xffffffff; n != 0xffffffff {
			p.byte1(',')
			p.uint(n)
		}
		p.byte1(')')
	case ir.AttrVScaleRange:
		p.str("vscale_range(")
		p.uint(v >> 32)
		p.byte1(',')
		p.uint(v & 0xffffffff)
		p.byte1(')')
	case ir.AttrUWTable:
		// Only the default kind (async, 2) is bare: sync and the value 0
		// that LLVM 3.2's raw attributes decode to print "(sync)".
		if v == 2 {
			p.str("uwtable")
		} else {
			p.str("uwtable(sync)")
		}
	case ir.AttrAllocKind:
		p.b = appendAllocKind(p.b, v)
	case ir.AttrMemory:
		p.b = appendMemory(p.b, uint32(v))
	case ir.AttrCaptures:
		p.b = appendCaptures(p.b, uint32(v))
	case ir.AttrNoFPClass:
		p.str("nofpclass")
		p.b = appendFPClass(p.b, uint32(v))
	default:
		p.str(name)
		if inGroup {
			p.byte1('=')
			p.uint(v)
		} else {
			p.byte1('(')
			p.uint(v)
			p.byte1(')')
		}
	}
}

// appendSigned appends v, taken modulo 2^w, as a signed w-bit integer.
func appendSigned(b []byte, v *big.Int, w uint32) []byte {
	if v == nil {
		return append(b, '0')
	}
	if w == 0 {
		return v.Append(b, 10)
	}
	if w <= 64 && v.IsInt64() {
		return strconv.AppendInt(b, signExtend(uint64(v.Int64()), w), 10)
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
	x := new(big.Int).Mod(v, mod)
	if x.Bit(int(w)-1) != 0 {
		x.Sub(x, mod)
	}
	return x.Append(b, 10)
}

// appendAllocKind appends allockind("...") for an AllocFnKind bit set.
func appendAllocKind(b []byte, v uint64) []byte {
	b = append(b, "allockind(\""...)
	names := [...]string{"alloc", "realloc", "free", "uninitialized", "zeroed", "aligned"}
	first := true
	for i, n := range names {
		if v&(1<<i) != 0 {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = append(b, n...)
		}
	}
	return append(b, "\")"...)
}

var modRefNames = [4]string{"none", "read", "write", "readwrite"}

// memLocNames are the memory locations of LLVM 22's MemoryEffects, in
// its order (Other, at 3, is printed first and unnamed).
var memLocNames = [...]string{"argmem", "inaccessiblemem", "errnomem", "", "target_mem0", "target_mem1"}

// appendMemory appends memory(...) for a MemoryEffects encoding: two bits
// (ModRefInfo) per location.
func appendMemory(b []byte, v uint32) []byte {
	get := func(loc int) uint32 { return v >> (2 * loc) & 3 }
	other := get(3)
	var all uint32
	for loc := range memLocNames {
		all |= get(loc)
	}
	b = append(b, "memory("...)
	first := true
	if other != 0 || all == other {
		b = append(b, modRefNames[other]...)
		first = false
	}
	for loc, name := range memLocNames {
		mr := get(loc)
		if mr == other {
			continue
		}
		if !first {
			b = append(b, ", "...)
		}
		first = false
		b = append(b, name...)
		b = append(b, ": "...)
		b = append(b, modRefNames[mr]...)
	}
	return append(b, ')')
}

// appendCaptureComponents appends a CaptureComponents set.
func appendCaptureComponents(b []byte, c uint32) []byte {
	if c == 0 {
		return append(b, "none"...)
	}
	first := true
	sep := func() {
		if !first {
			b = append(b, ", "...)
		}
		first = false
	}
	switch {
	case c&3 == 1:
		sep()
		b = append(b, "address_is_null"...)
	case c&3 != 0:
		sep()
		b = append(b, "address"...)
	}
	switch c & 12 {
	case 4:
		sep()
		b = append(b, "read_provenance"...)
	case 12:
		sep()
		b = append(b, "provenance"...)
	}
	return b
}

// appendCaptures appends captures(...) for a CaptureInfo encoding: the
// components captured other than by the return value in bits 4-7, those
// captured by the return value in bits 0-3.
func appendCaptures(b []byte, v uint32) []byte {
	other, ret := v>>4&15, v&15
	b = append(b, "captures("...)
	wrote := false
	if other != 0 || other == ret {
		b = appendCaptureComponents(b, other)
		wrote = true
	}
	if other != ret {
		if wrote {
			b = append(b, ", "...)
		}
		b = append(b, "ret: "...)
		b = appendCaptureComponents(b, ret)
	}
	return append(b, ')')
}

var fpClassNames = [...]struct {
	mask uint32
	name string
}{
	{0x3ff, "all"}, {0x3, "nan"}, {0x1, "snan"}, {0x2, "qnan"}, {0x204, "inf"}, {0x4, "ninf"},
	{0x200, "pinf"}, {0x60, "zero"}, {0x20, "nzero"}, {0x40, "pzero"}, {0x90, "sub"}, {0x10, "nsub"},
	{0x80, "psub"}, {0x108, "norm"}, {0x8, "nnorm"}, {0x100, "pnorm"},
}

// appendFPClass appends an FPClassTest mask as "(nan inf)".
func appendFPClass(b []byte, v uint32) []byte {
	b = append(b, '(')
	if v == 0 {
		return append(b, "none)"...)
	}
	first := true
	for _, c := range fpClassNames {
		if v&c.mask == c.mask {
			if !first {
				b = append(b, ' ')
			}
			first = false
			b = append(b, c.name...)
			v &^= c.mask
		}
	}
	return append(b, ')')
}
