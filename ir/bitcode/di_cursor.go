package bitcode

import "github.com/bcextract/bcextract/ir"

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
		b.r.md.fixes = append(b.r.md.fixes, diFix{n: b.n, field: -1, ref: len(b.n.Refs) - 1, id: id})
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

// md adds a metadata field for operand i; a null one is left out when
// skipNull.
func (b *diBuilder) md(name string, i int, skipNull bool) {
	b.mdKind(name, i, skipNull, ir.FieldMD)
}

func (b *diBuilder) mdKind(name string, i int, skipNull bool, k ir.FieldKind) {
	id := b.at(i)
	if id == 0 {
		if !skipNull {
			b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), Kind: k})
		}
		return
	}
	m := b.lookup(id)
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), MD: m, Kind: k})
	if m == nil {
		b.r.md.fixes = append(b.r.md.fixes, diFix{n: b.n, field: len(b.n.Fields) - 1, ref: -1, id: id})
	}
}

// refMD is ref and md of the same operand.
func (b *diBuilder) refMD(name string, i int, skipNull bool) {
	b.ref(i)
	b.md(name, i, skipNull)
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

func (b *diBuilder) str(name string, i int, skipEmpty bool) {
	b.strValue(name, b.text(i), skipEmpty)
}

// strValue adds a string field, v nil for "".
func (b *diBuilder) strValue(name string, v *ir.MDString, skipEmpty bool) {
	if skipEmpty && (v == nil || v.Value == "") {
		return
	}
	f := ir.Field{Name: ir.FieldNameOf(name), Kind: ir.FieldString}
	if v != nil {
		f.MD = v
	}
	b.n.Fields = append(b.n.Fields, f)
}

func (b *diBuilder) uint(name string, v uint64, skipZero bool) {
	if skipZero && v == 0 {
		return
	}
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), Int: int64(v), Kind: ir.FieldUint})
}

func (b *diBuilder) int(name string, v int64, skipZero bool) {
	if skipZero && v == 0 {
		return
	}
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), Int: v, Kind: ir.FieldInt})
}

// rawMD adds a field printed as v's text is (a number too large for Int,
// spelled by the reader).
func (b *diBuilder) rawMD(name string, v *ir.MDString) {
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), MD: v, Kind: ir.FieldRaw})
}

// bool adds a boolean field, left out when it equals def (when hasDef).
func (b *diBuilder) bool(name string, v, hasDef, def bool) {
	if hasDef && v == def {
		return
	}
	x := int64(0)
	if v {
		x = 1
	}
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), Int: x, Kind: ir.FieldBool})
}

// enum adds value v of enumeration e, left out when zero.
func (b *diBuilder) enum(name string, v uint64, e ir.DIEnum) {
	if v == 0 {
		return
	}
	b.enumField(name, v, e)
}

// tag adds a node's tag, a DW_TAG_* value.
func (b *diBuilder) tag(v uint64) { b.enumField("tag", v, ir.EnumDWTag) }

// sizeField adds a size or offset: operand i is a metadata ID when
// isMD, else the value.
func (b *diBuilder) sizeField(name string, i int, isMD bool) {
	if isMD {
		b.mdKind(name, i, true, ir.FieldSize)
		return
	}
	b.uint(name, b.at(i), true)
}

// sizeRef adds the Refs entry of a size or offset operand.
func (b *diBuilder) sizeRef(i int, isMD bool) {
	if isMD {
		b.ref(i)
	} else {
		b.nilRefs(1)
	}
}

// flags adds a set of DIFlags (the low 32 bits of f), left out when
// empty: a printer spells them (see ir.FieldDIFlags).
func (b *diBuilder) flags(name string, f uint64) {
	if f&0xffffffff == 0 {
		return
	}
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), Int: int64(f & 0xffffffff), Kind: ir.FieldDIFlags})
}

// enumField adds value v of enumeration e, which a printer spells.
func (b *diBuilder) enumField(name string, v uint64, e ir.DIEnum) {
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), Int: int64(v), Kind: ir.FieldEnum, Enum: e})
}

// spFlags adds a DISubprogram's DISPFlags (the low 32 bits of f).
func (b *diBuilder) spFlags(f uint64) {
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf("spFlags"), Int: int64(f & 0xffffffff), Kind: ir.FieldSPFlags})
}
