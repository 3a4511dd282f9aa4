package bitcode

import (
	"math/big"

	"github.com/bcextract/bcextract/ir"
)

// mdOps is a cursor over the operands of one debug-info record with a
// sticky error, as debug/dwarf's buf: diNode checks a record's length once
// against diLens, and a decoder then reads its operands by index, an
// optional one past the end reading as zero, and reports a malformed
// record with fail, which keeps the first error only. A decoder checks err
// once, at the end.
type mdOps struct {
	ops []uint64
	err error
}

// at returns operand i, 0 past the end (an optional operand absent).
func (o *mdOps) at(i int) uint64 {
	if i >= 0 && i < len(o.ops) {
		return o.ops[i]
	}
	return 0
}

// has reports whether the record has operand i.
func (o *mdOps) has(i int) bool { return i >= 0 && i < len(o.ops) }

// count is the number of operands.
func (o *mdOps) count() int { return len(o.ops) }

// fail records err unless an error is already recorded.
func (o *mdOps) fail(err error) {
	if o.err == nil {
		o.err = err
	}
}

// diBuilder builds one node from one record: its fields (what the printer
// shows, in its order) and its Refs (LLVM's operand order).
type diBuilder struct {
	mdOps
	r *Reader
	n *ir.SpecializedNode
}

// lookup returns metadata id-1, nil when it is not read yet.
func (b *diBuilder) lookup(id uint64) ir.Metadata {
	if id == 0 {
		return nil
	}
	return b.r.md.get(id - 1)
}

// ref adds operand i, a metadata ID plus one, to Refs and returns it.
func (b *diBuilder) ref(i int) uint64 {
	if b.n.Refs == nil {
		b.n.Refs = b.r.refScratch()
	}
	id := b.at(i)
	if id == 0 {
		b.n.Refs = append(b.n.Refs, nil)
		return 0
	}
	m := b.lookup(id)
	b.n.Refs = append(b.n.Refs, m)
	if m == nil {
		b.r.md.fixes.add(diFix{n: b.n, field: -1, ref: int32(len(b.n.Refs) - 1), id: id})
	}
	return id
}

// refs adds operands i, i+1, ... to Refs, as ref does.
func (b *diBuilder) refs(is ...int) {
	for _, i := range is {
		b.ref(i)
	}
}

// nilRefs adds k null Refs: operands that are not metadata (or not
// stored) in LLVM's operand order.
func (b *diBuilder) nilRefs(k int) {
	if b.n.Refs == nil {
		b.n.Refs = b.r.refScratch()
	}
	for ; k > 0; k-- {
		b.n.Refs = append(b.n.Refs, nil)
	}
}

// The field adders below store a field only when its value is not zero
// (null, "", 0, false), in the order they are called: llvm-dis-22's print
// order. A field left out reads as zero (see ir.SpecializedNode); which
// fields a printer shows at zero, or leaves out at some other value, is
// package assembly's knowledge, not the reader's. The opt* adders store
// the field whatever its value: for LLVM's optional fields (std::optional
// in its node) that the record sets, and for constant operands (a
// DISubrange's count), which are never null even when zero.

// md adds a metadata field for operand i, unless null.
func (b *diBuilder) md(name string, i int) {
	b.mdKind(name, i, ir.FieldMD)
}

func (b *diBuilder) mdKind(name string, i int, k ir.FieldKind) {
	id := b.at(i)
	if id == 0 {
		return
	}
	m := b.lookup(id)
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), MD: m, Kind: k})
	if m == nil {
		b.r.md.fixes.add(diFix{n: b.n, field: int32(len(b.n.Fields) - 1), ref: -1, id: id})
	}
}

// refMD is ref and md of the same operand.
func (b *diBuilder) refMD(name string, i int) {
	b.ref(i)
	b.md(name, i)
}

// text returns the string of operand i, nil for null.
func (b *diBuilder) text(i int) *ir.MDString {
	id := b.at(i)
	if id == 0 {
		return nil
	}
	s, ok := b.lookup(id).(*ir.MDString)
	if !ok || s == nil {
		b.fail(b.r.errorf("invalid debug info record: expect a string"))
		return nil
	}
	return s
}

// str adds the string field of operand i, unless empty.
func (b *diBuilder) str(name string, i int) {
	if v := b.text(i); v != nil && v.Value != "" {
		b.strValue(name, v)
	}
}

// optStr adds the string field of operand i, even empty.
func (b *diBuilder) optStr(name string, i int) { b.strValue(name, b.text(i)) }

// strValue adds a string field, v nil for "".
func (b *diBuilder) strValue(name string, v *ir.MDString) {
	f := ir.Field{Name: ir.FieldNameOf(name), Kind: ir.FieldString}
	if v != nil {
		f.MD = v
	}
	b.n.Fields = append(b.n.Fields, f)
}

// uint adds an unsigned field, unless zero.
func (b *diBuilder) uint(name string, v uint64) {
	if v != 0 {
		b.optUint(name, v)
	}
}

// optUint adds an unsigned field, even zero.
func (b *diBuilder) optUint(name string, v uint64) {
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), Int: int64(v), Kind: ir.FieldUint})
}

// int adds a signed field, unless zero.
func (b *diBuilder) int(name string, v int64) {
	if v != 0 {
		b.optInt(name, v)
	}
}

// optInt adds a signed field, even zero.
func (b *diBuilder) optInt(name string, v int64) {
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), Int: v, Kind: ir.FieldInt})
}

// rawMD adds a field printed as v's text is (a number too large for Int,
// spelled by the reader).
func (b *diBuilder) rawMD(name string, v *ir.MDString) {
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), MD: v, Kind: ir.FieldRaw})
}

// bigInt adds an integer that may not fit Int, as its decimal text
// (ir.FieldRaw), unless zero.
func (b *diBuilder) bigInt(name string, v *big.Int) {
	if v.Sign() != 0 {
		b.rawMD(name, &ir.MDString{Value: v.String()})
	}
}

// wideField adds an APInt of the given width, even zero, as its decimal
// text (ir.FieldRaw) with the width in Int: a writer needs the width.
func (b *diBuilder) wideField(name string, v *big.Int, width uint32) {
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), MD: &ir.MDString{Value: v.String()},
		Int: int64(width), Kind: ir.FieldRaw})
}

// bool adds a boolean field, unless false.
func (b *diBuilder) bool(name string, v bool) {
	if v {
		b.optBool(name, v)
	}
}

// optBool adds a boolean field, even false.
func (b *diBuilder) optBool(name string, v bool) {
	x := int64(0)
	if v {
		x = 1
	}
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), Int: x, Kind: ir.FieldBool})
}

// enum adds value v of enumeration e, which a printer spells, unless
// zero.
func (b *diBuilder) enum(name string, v uint64, e ir.DIEnum) {
	if v != 0 {
		b.optEnum(name, v, e)
	}
}

// optEnum adds value v of enumeration e, even zero.
func (b *diBuilder) optEnum(name string, v uint64, e ir.DIEnum) {
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), Int: int64(v), Kind: ir.FieldEnum, Enum: e})
}

// tag adds a node's tag, a DW_TAG_* value.
func (b *diBuilder) tag(v uint64) { b.enum("tag", v, ir.EnumDWTag) }

// sizeField adds a size or offset: operand i is a metadata ID when
// isMD, else the value, which LLVM 22's reader makes the
// ConstantAsMetadata of an i64, zero included (getMetadataOrConstant), as
// is done here.
func (b *diBuilder) sizeField(name string, i int, isMD bool) {
	if isMD {
		b.mdKind(name, i, ir.FieldSize)
		return
	}
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), Kind: ir.FieldSize, MD: b.r.sizeConst(b.at(i))})
}

// sizeConst returns the ConstantAsMetadata of the i64 v, one for each
// value, as LLVM keeps them.
func (r *Reader) sizeConst(v uint64) *ir.ValueAsMetadata {
	if c := r.sizeConsts[v]; c != nil {
		return c
	}
	if r.sizeConsts == nil {
		r.sizeConsts = map[uint64]*ir.ValueAsMetadata{}
	}
	c := &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: r.intType(64), V: int64(v)}}
	r.sizeConsts[v] = c
	return c
}

// sizeRef adds the Refs entry of a size or offset operand.
func (b *diBuilder) sizeRef(i int, isMD bool) {
	if isMD {
		b.ref(i)
	} else {
		b.nilRefs(1)
	}
}

// flags adds a set of DIFlags (the low 32 bits of f), unless empty: a
// printer spells them (see ir.FieldDIFlags).
func (b *diBuilder) flags(name string, f uint64) {
	if f&0xffffffff == 0 {
		return
	}
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), Int: int64(f & 0xffffffff), Kind: ir.FieldDIFlags})
}

// spFlags adds a DISubprogram's DISPFlags (the low 32 bits of f), unless
// empty.
func (b *diBuilder) spFlags(f uint64) {
	if f&0xffffffff == 0 {
		return
	}
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf("spFlags"), Int: int64(f & 0xffffffff), Kind: ir.FieldSPFlags})
}
