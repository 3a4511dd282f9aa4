package bitcode

import (
	"math/big"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// The decoders of type nodes: DIBasicType, DIFixedPointType, DIStringType,
// DIDerivedType, DISubrangeType, DICompositeType, DISubroutineType, and
// what arrays and enumerations are made of (DISubrange, DIGenericSubrange,
// DIEnumerator).

func (b *diBuilder) subrange() {
	// MetadataLoader reads the distinct bit only after making the node:
	// a DISubrange (and a DIGenericSubrange) is never distinct once read.
	b.n.Distinct = false
	switch version := b.at(0) >> 1; version {
	case 0, 1:
		b.n.Refs = b.r.refScratch()
		if version == 0 {
			b.optInt("count", int64(b.at(1))) // a constant, never null
		} else {
			b.ref(1)
			b.mdKind("count", 1, ir.FieldConstInt)
		}
		b.optInt("lowerBound", diUnrotateOld(b.at(2)))
	case 2:
		if b.count() < 5 {
			b.fail(b.r.errorf("invalid DISubrange record"))
			return
		}
		for i, name := range [...]string{"count", "lowerBound", "upperBound", "stride"} {
			b.ref(i + 1)
			b.mdKind(name, i+1, ir.FieldConstInt)
		}
	default:
		b.fail(b.r.errorf("invalid record: unsupported version of DISubrange"))
	}
}

func (b *diBuilder) genericSubrange() {
	b.n.Distinct = false
	// A bound that is a constant DIExpression prints as its number,
	// which is the printer's to see.
	for i, name := range [...]string{"count", "lowerBound", "upperBound", "stride"} {
		b.refMD(name, i+1)
	}
}

func (b *diBuilder) enumerator() {
	unsigned, wide := b.at(0)&2 != 0, b.at(0)&4 != 0
	b.n.ValueWidth = 64 // LLVM reads an older record's value as 64 bits
	if wide {
		b.n.ValueWidth = uint32(min(b.at(1), 1<<24))
	}
	b.ref(2)
	b.str("name", 2)
	if wide {
		b.bigInt("value", diWideInt(b.ops[3:], b.at(1), !unsigned))
	} else if unsigned {
		b.uint("value", uint64(diUnrotateOld(b.at(1))))
	} else {
		b.int("value", diUnrotateOld(b.at(1)))
	}
	b.bool("isUnsigned", unsigned)
}

func (b *diBuilder) basicType() {
	sizeMD := b.at(0)&2 != 0
	b.nilRefs(3)
	b.sizeRef(3, sizeMD)
	b.tag(b.at(1))
	b.str("name", 2)
	b.sizeField("size", 3, sizeMD)
	b.uint("align", b.at(4))
	b.uint("dataSize", b.at(8))
	b.enum("encoding", b.at(5), ir.EnumDWATE)
	b.uint("num_extra_inhabitants", b.at(7))
	b.flags("flags", b.at(6))
}

// wideInt reads a readWideAPInt operand at *off (its word count and width,
// then the words), moves *off past it, and returns its value and width.
func (b *diBuilder) wideInt(off *int, signed bool) (*big.Int, uint32) {
	if !b.has(*off) {
		b.fail(b.r.errorf("invalid DIFixedPointType record"))
		return new(big.Int), 0
	}
	enc := b.at(*off)
	*off++
	words, width := enc>>32, enc&0xffffffff
	if words > uint64(b.count()-*off) {
		b.fail(b.r.errorf("invalid DIFixedPointType record"))
		return new(big.Int), 0
	}
	v := diWideInt(b.ops[*off:*off+int(words)], width, signed)
	*off += int(words)
	return v, uint32(width)
}

func (b *diBuilder) fixedPointType() {
	sizeMD := b.at(0)&2 != 0
	b.nilRefs(3)
	b.sizeRef(3, sizeMD)
	// The numerator and denominator are APInts as wide as the writer
	// made them (llvm-as: as few bits as the literal needs); llvm-dis-22
	// prints them signed only for DW_ATE_signed_fixed, so 1234 read back
	// as a signed 11-bit value is -814 there, and 1234 for
	// DW_ATE_unsigned_fixed.
	signed := b.at(5) == uint64(dwarf.ATESignedFixed)
	off := 9
	num, numWidth := b.wideInt(&off, signed)
	den, denWidth := b.wideInt(&off, signed)
	b.tag(b.at(1))
	b.str("name", 2)
	b.sizeField("size", 3, sizeMD)
	b.uint("align", b.at(4))
	b.enum("encoding", b.at(5), ir.EnumDWATE)
	b.flags("flags", b.at(6))
	b.enum("kind", b.at(7), ir.EnumFixedPointKind)
	b.int("factor", int64(int32(b.at(8))))
	b.wideField("numerator", num, numWidth)
	b.wideField("denominator", den, denWidth)
}

func (b *diBuilder) stringType() {
	sizeMD := b.at(0)&2 != 0
	is8 := b.count() == 8
	off := 6
	if is8 {
		off = 5
	}
	b.nilRefs(3)
	b.sizeRef(off, sizeMD)
	b.nilRefs(1)
	b.ref(3)
	b.ref(4)
	if !is8 {
		b.ref(5)
	}
	b.tag(b.at(1))
	b.str("name", 2)
	b.md("stringLength", 3)
	b.md("stringLengthExpression", 4)
	if !is8 {
		b.md("stringLocationExpression", 5)
	}
	b.sizeField("size", off, sizeMD)
	b.uint("align", b.at(off+1))
	b.enum("encoding", b.at(off+2), ir.EnumDWATE)
}

func (b *diBuilder) derivedType() {
	sizeMD := b.at(0)&2 != 0
	b.ref(3)
	b.ref(5)
	b.nilRefs(1)
	b.sizeRef(7, sizeMD)
	b.sizeRef(9, sizeMD)
	b.ref(6)
	b.ref(11)
	b.tag(b.at(1))
	b.str("name", 2)
	b.md("scope", 5)
	b.md("file", 3)
	b.uint("line", b.at(4))
	b.md("baseType", 6)
	b.sizeField("size", 7, sizeMD)
	b.uint("align", b.at(8))
	b.sizeField("offset", 9, sizeMD)
	b.flags("flags", b.at(10))
	b.md("extraData", 11)
	if as := b.at(12); as != 0 {
		b.optUint("dwarfAddressSpace", uint64(uint32(as-1)))
	}
	if b.has(14) {
		b.ref(13)
		b.md("annotations", 13)
		if pa := b.at(14); pa != 0 {
			b.uint("ptrAuthKey", pa&0xf)
			b.optBool("ptrAuthIsAddressDiscriminated", pa>>4&1 != 0)
			b.uint("ptrAuthExtraDiscriminator", pa>>5&0xffff)
			b.optBool("ptrAuthIsaPointer", pa>>21&1 != 0)
			b.optBool("ptrAuthAuthenticatesNullValues", pa>>22&1 != 0)
		}
	}
}

func (b *diBuilder) subrangeType() {
	sizeMD := b.at(0)&2 != 0
	b.ref(2)
	b.ref(4)
	b.nilRefs(1)
	b.sizeRef(5, sizeMD)
	b.nilRefs(1)
	for i := 8; i <= 12; i++ {
		b.ref(i)
	}
	b.str("name", 1)
	b.md("scope", 4)
	b.md("file", 2)
	b.uint("line", b.at(3))
	b.sizeField("size", 5, sizeMD)
	b.uint("align", b.at(6))
	b.flags("flags", b.at(7))
	b.md("baseType", 8)
	b.md("lowerBound", 9)
	b.md("upperBound", 10)
	b.md("stride", 11)
	b.md("bias", 12)
}

func (b *diBuilder) compositeType() {
	sizeMD := b.at(0)&4 != 0
	b.ref(3)
	b.ref(5)
	b.nilRefs(1)
	b.sizeRef(7, sizeMD)
	b.sizeRef(9, sizeMD)
	for _, i := range [...]int{6, 11, 13, 14} {
		b.ref(i)
	}
	b.nilRefs(1) // identifier
	for _, i := range [...]int{16, 17, 18, 19, 20, 21, 23, 25} {
		if b.has(i) {
			b.ref(i)
		}
	}
	b.tag(b.at(1))
	b.str("name", 2)
	b.md("scope", 5)
	b.md("file", 3)
	b.uint("line", b.at(4))
	b.md("baseType", 6)
	b.sizeField("size", 7, sizeMD)
	b.uint("align", b.at(8))
	b.sizeField("offset", 9, sizeMD)
	b.uint("num_extra_inhabitants", b.at(22))
	b.flags("flags", b.at(10))
	b.md("elements", 11)
	b.enum("runtimeLang", b.at(12), ir.EnumDWLang)
	b.md("vtableHolder", 13)
	b.md("templateParams", 14)
	b.str("identifier", 15)
	if b.at(0) < 2 {
		// LLVM 3.8 and older: other nodes may name it by identifier.
		if id := b.text(15); id != nil && id.Value != "" {
			b.r.md.addTypeRef(id.Value, b.n, b.at(10)&diFlagFwdDecl != 0)
		}
	}
	b.md("discriminator", 16)
	b.md("dataLocation", 17)
	b.md("associated", 18)
	b.md("allocated", 19)
	b.mdKind("rank", 20, ir.FieldConstInt)
	b.md("annotations", 21)
	b.md("specification", 23)
	if k := b.at(24); b.has(24) && k != 0xffffffff && k != ^uint64(0) {
		b.optEnum("enumKind", k, ir.EnumDWAppleEnumKind)
	}
	b.md("bitStride", 25)
}

func (b *diBuilder) subroutineType() {
	b.nilRefs(5)
	b.ref(2)
	b.flags("flags", b.at(1))
	b.enum("cc", b.at(3), ir.EnumDWCC)
	b.md("types", 2)
}

// diUnrotate decodes a sign-rotated value (emitSignedInt64).
func diUnrotate(v uint64) int64 {
	if v&1 == 0 {
		return int64(v >> 1)
	}
	if v != 1 {
		return -int64(v >> 1)
	}
	return -1 << 63
}

// diUnrotateOld decodes the sign rotation of LLVM's old metadata writer
// (rotateSign: a negative v as ^(v<<1)), which MetadataLoader still
// applies to a version 0 or 1 DISubrange's lowerBound and to a DIEnumerator
// that is not wide: an odd value 2k+1 is -k-1, not -k as diUnrotate has
// it. Writers that rotated as emitSignedInt64 does read one lower.
func diUnrotateOld(v uint64) int64 {
	if v&1 != 0 {
		return ^int64(v >> 1)
	}
	return int64(v >> 1)
}

// diWideInt decodes readWideAPInt: sign-rotated 64-bit words, low first,
// truncated to width bits; signed reads it as two's complement.
func diWideInt(words []uint64, width uint64, signed bool) *big.Int {
	x := new(big.Int)
	for i := len(words) - 1; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(uint64(diUnrotate(words[i]))))
	}
	if width == 0 || width > 1<<16 {
		return x
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(width))
	x.Mod(x, mod)
	if signed && x.Bit(int(width)-1) == 1 {
		x.Sub(x, mod)
	}
	return x
}
