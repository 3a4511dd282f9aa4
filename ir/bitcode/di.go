package bitcode

import (
	"math/big"
	"strconv"
	"strings"
	"sync"

	"github.com/bcextract/bcextract/ir"
)

// Debug-info metadata records (MetadataLoader's parseOneMetadata) become
// ir.SpecializedNodes whose Fields are what llvm-dis-22 prints, in its
// order, fields at their defaults left out as AsmWriter's writeDI*
// functions leave them out; Refs keep LLVM's operand order for numbering.

// The METADATA record codes of debug-info nodes (LLVMBitCodes.h).
const (
	mdLocation        = 7
	mdGenericDebug    = 12
	mdSubrange        = 13
	mdEnumerator      = 14
	mdBasicType       = 15
	mdFile            = 16
	mdDerivedType     = 17
	mdCompositeType   = 18
	mdSubroutineType  = 19
	mdCompileUnit     = 20
	mdSubprogram      = 21
	mdLexicalBlock    = 22
	mdLexicalBlockF   = 23
	mdNamespace       = 24
	mdTemplateType    = 25
	mdTemplateValue   = 26
	mdGlobalVar       = 27
	mdLocalVar        = 28
	mdExpression      = 29
	mdObjCProperty    = 30
	mdImportedEntity  = 31
	mdModule          = 32
	mdMacro           = 33
	mdMacroFile       = 34
	mdGlobalVarExpr   = 37
	mdLabel           = 40
	mdStringType      = 41
	mdCommonBlock     = 44
	mdGenericSubrange = 45
	mdAssignID        = 47
	mdSubrangeType    = 48
	mdFixedPointType  = 49
)

// The DWARF values whose fields some nodes leave out.
const (
	dwTagBaseType      = 0x24
	dwTagStringType    = 0x12
	dwTagTemplateValue = 0x30
	dwATESignedFixed   = 0x0d
)

// A diFix is a reference of a node to metadata not read yet: Fields[field]
// (when field >= 0) and Refs[ref] (when ref >= 0) of n get metadata id-1;
// for a location loc, its Scope (ref < 0) or InlinedAt (ref >= 0) does.
type diFix struct {
	n          *ir.SpecializedNode
	loc        *ir.DILocation
	field, ref int
	id         uint64
}

// diBuilder builds one node from one record.
type diBuilder struct {
	r   *Reader
	n   *ir.SpecializedNode
	ops []uint64
	err error
}

// at returns ops[i], 0 past the end (callers check record lengths).
func (b *diBuilder) at(i int) uint64 {
	if i < len(b.ops) {
		return b.ops[i]
	}
	return 0
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
		if b.err == nil {
			b.err = b.r.errorf("invalid debug info record: expect a string")
		}
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

// raw adds a field printed as v is, one of the program's own texts (a
// DWARF name: see rawText).
func (b *diBuilder) raw(name, v string) {
	b.rawMD(name, rawText(v))
}

// rawMD adds a field printed as v's text is.
func (b *diBuilder) rawMD(name string, v *ir.MDString) {
	b.n.Fields = append(b.n.Fields, ir.Field{Name: ir.FieldNameOf(name), MD: v, Kind: ir.FieldRaw})
}

// rawTexts holds the MDString of each text rawText was asked for.
var rawTexts sync.Map

// rawText returns an MDString holding s, one of the program's own texts
// (a DWARF name, a kind of checksum: a few hundred in all), made once for
// all readers. Texts made from the input (numbers, flag sets) have an
// MDString of their own instead, lest the table grow with every input.
func rawText(s string) *ir.MDString {
	if m, ok := rawTexts.Load(s); ok {
		return m.(*ir.MDString)
	}
	m, _ := rawTexts.LoadOrStore(s, &ir.MDString{Value: s})
	return m.(*ir.MDString)
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

// enum adds a DWARF enumeration field, left out when zero; an unnamed
// value prints as a number.
func (b *diBuilder) enum(name string, v uint64, names map[uint64]string) {
	if v == 0 {
		return
	}
	if s, ok := names[v]; ok {
		b.raw(name, s)
		return
	}
	b.uint(name, v, false)
}

func (b *diBuilder) tag(v uint64) {
	if s, ok := dwTags[v]; ok && v != 0 {
		b.raw("tag", s)
		return
	}
	b.uint("tag", v, false)
}

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
		b.n.Refs = append(b.n.Refs, nil)
	}
}

// diFlagNames are LLVM 22's DIFlags single-bit names (DebugInfoFlags.def),
// bit by bit from bit 2.
var diFlagNames = [...]string{2: "DIFlagFwdDecl", 3: "DIFlagAppleBlock", 4: "DIFlagReservedBit4",
	5: "DIFlagVirtual", 6: "DIFlagArtificial", 7: "DIFlagExplicit", 8: "DIFlagPrototyped",
	9: "DIFlagObjcClassComplete", 10: "DIFlagObjectPointer", 11: "DIFlagVector", 12: "DIFlagStaticMember",
	13: "DIFlagLValueReference", 14: "DIFlagRValueReference", 15: "DIFlagExportSymbols",
	18: "DIFlagIntroducedVirtual", 19: "DIFlagBitField", 20: "DIFlagNoReturn", 22: "DIFlagTypePassByValue",
	23: "DIFlagTypePassByReference", 24: "DIFlagEnumClass", 25: "DIFlagThunk", 26: "DIFlagNonTrivial",
	27: "DIFlagBigEndian", 28: "DIFlagLittleEndian", 29: "DIFlagAllCallsDescribed",
	30: "DIFlagNameIsSimplified"}

// diFlags spells DIFlags as DINode::splitFlags and printDIFlags do.
func diFlags(f uint64) string {
	f &= 0xffffffff
	var parts []string
	switch f & 3 {
	case 1:
		parts = append(parts, "DIFlagPrivate")
	case 2:
		parts = append(parts, "DIFlagProtected")
	case 3:
		parts = append(parts, "DIFlagPublic")
	}
	f &^= 3
	switch f & (3 << 16) {
	case 1 << 16:
		parts = append(parts, "DIFlagSingleInheritance")
	case 2 << 16:
		parts = append(parts, "DIFlagMultipleInheritance")
	case 3 << 16:
		parts = append(parts, "DIFlagVirtualInheritance")
	}
	f &^= 3 << 16
	if f&(1<<2|1<<5) == 1<<2|1<<5 {
		parts = append(parts, "DIFlagIndirectVirtualBase")
		f &^= 1<<2 | 1<<5
	}
	for bit, name := range diFlagNames {
		if name != "" && f&(1<<bit) != 0 {
			parts = append(parts, name)
			f &^= 1 << bit
		}
	}
	if f != 0 || len(parts) == 0 {
		parts = append(parts, strconv.FormatUint(f, 10))
	}
	return strings.Join(parts, " | ")
}

var spFlagNames = [...]string{2: "DISPFlagLocalToUnit", 3: "DISPFlagDefinition", 4: "DISPFlagOptimized",
	5: "DISPFlagPure", 6: "DISPFlagElemental", 7: "DISPFlagRecursive", 8: "DISPFlagMainSubprogram",
	9: "DISPFlagDeleted", 11: "DISPFlagObjCDirect"}

// spFlags spells DISPFlags as printDISPFlags does.
func spFlags(f uint64) string {
	f &= 0xffffffff
	if f == 0 {
		return "0"
	}
	var parts []string
	switch f & 3 {
	case 1:
		parts = append(parts, "DISPFlagVirtual")
	case 2:
		parts = append(parts, "DISPFlagPureVirtual")
	}
	if f&3 != 3 {
		f &^= 3
	}
	for bit, name := range spFlagNames {
		if name != "" && f&(1<<bit) != 0 {
			parts = append(parts, name)
			f &^= 1 << bit
		}
	}
	if f != 0 || len(parts) == 0 {
		parts = append(parts, strconv.FormatUint(f, 10))
	}
	return strings.Join(parts, " | ")
}

func (b *diBuilder) flags(name string, f uint64) {
	if f&0xffffffff == 0 {
		return
	}
	b.rawMD(name, b.r.flagText(f, false))
}

// flagText returns spFlags(f), or diFlags(f) when not sp, made once per
// value: a module's nodes share few.
func (r *Reader) flagText(f uint64, sp bool) *ir.MDString {
	k := flagKey{f, sp}
	if s, ok := r.flagTexts[k]; ok {
		return s
	}
	var s string
	if sp {
		s = spFlags(f)
	} else {
		s = diFlags(f)
	}
	if r.flagTexts == nil {
		r.flagTexts = make(map[flagKey]*ir.MDString)
	}
	m := &ir.MDString{Value: s}
	r.flagTexts[k] = m
	return m
}

type flagKey struct {
	f  uint64
	sp bool
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

// diLens are the shortest and longest valid length of each debug-info
// record (MetadataLoader's checks).
var diLens = map[uint32][2]int{
	mdLocation: {5, 8}, mdGenericDebug: {4, 1 << 30}, mdSubrange: {3, 5}, mdGenericSubrange: {5, 5},
	mdEnumerator: {3, 1 << 30}, mdBasicType: {6, 12}, mdFixedPointType: {11, 1 << 30}, mdStringType: {8, 9},
	mdDerivedType: {12, 15}, mdSubrangeType: {13, 13}, mdCompositeType: {16, 26}, mdSubroutineType: {3, 4},
	mdModule: {5, 9}, mdFile: {3, 6}, mdCompileUnit: {14, 23}, mdSubprogram: {18, 22}, mdLexicalBlock: {5, 5},
	mdLexicalBlockF: {4, 4}, mdCommonBlock: {6, 6}, mdNamespace: {3, 5}, mdMacro: {5, 5}, mdMacroFile: {5, 5},
	mdTemplateType: {3, 4}, mdTemplateValue: {5, 6}, mdGlobalVar: {11, 13}, mdAssignID: {1, 1},
	mdLocalVar: {8, 10}, mdLabel: {5, 7}, mdExpression: {1, 1 << 30}, mdGlobalVarExpr: {3, 3},
	mdObjCProperty: {8, 8}, mdImportedEntity: {6, 8},
}

// wholeDistinct are the records whose first operand MetadataLoader takes
// as a whole for "distinct" (any non-zero value), where the others use its
// low bit and keep the rest for flags and versions.
var wholeDistinct = map[uint32]bool{
	mdGenericDebug: true, mdFile: true, mdModule: true, mdLexicalBlock: true, mdLexicalBlockF: true,
	mdMacro: true, mdMacroFile: true, mdTemplateType: true, mdTemplateValue: true, mdGlobalVarExpr: true,
	mdObjCProperty: true, mdImportedEntity: true,
}

// emptyExpr is the !DIExpression() LLVM makes for a missing expression.
func (r *Reader) emptyExpr() *ir.SpecializedNode {
	if r.md.emptyExpr == nil {
		r.md.emptyExpr = &ir.SpecializedNode{Kind: "DIExpression", ID: r.nodeID()}
	}
	return r.md.emptyExpr
}

// diNode decodes the debug-info record code (not METADATA_LOCATION).
func (r *Reader) diNode(code uint32, kind string, ops []uint64) (ir.Metadata, error) {
	if l, ok := diLens[code]; ok && (len(ops) < l[0] || len(ops) > l[1]) {
		return nil, r.errorf("invalid %s record", kind)
	}
	n := r.newNode()
	distinct := ops[0]&1 != 0
	if wholeDistinct[code] {
		distinct = ops[0] != 0
	}
	*n = ir.SpecializedNode{Kind: kind, Distinct: distinct, Fields: r.diFields[:0], ID: r.nodeID()}
	b := &diBuilder{r: r, n: n, ops: ops}
	switch code {
	case mdGenericDebug:
		if ops[1] >= 1<<16 || ops[2] != 0 {
			return nil, r.errorf("invalid GenericDINode record")
		}
		b.ref(3)
		for i := 4; i < len(ops); i++ {
			b.ref(i)
		}
		b.tag(ops[1])
		b.str("header", 3, true)
		if len(ops) > 4 {
			list := &ir.MDTuple{Ops: make([]ir.Metadata, len(ops)-4), ID: r.nodeID()}
			for i := range list.Ops {
				if id := ops[4+i]; id != 0 {
					if list.Ops[i] = b.lookup(id); list.Ops[i] == nil {
						r.md.pending = append(r.md.pending, mdPending{node: list, ids: append([]uint64(nil), ops[4:]...)})
						break
					}
				}
			}
			n.Fields = append(n.Fields, ir.Field{Name: ir.FieldNameOf("operands"), MD: list, Kind: ir.FieldMDList})
		}
	case mdSubrange:
		// MetadataLoader reads the distinct bit only after making the
		// node: a DISubrange (and a DIGenericSubrange) is never
		// distinct once read.
		n.Distinct = false
		version := ops[0] >> 1
		switch version {
		case 0, 1:
			if len(ops) < 3 {
				return nil, r.errorf("invalid DISubrange record")
			}
			n.Refs = r.refScratch()
			if version == 0 {
				b.int("count", int64(ops[1]), false)
			} else {
				b.ref(1)
				b.mdKind("count", 1, true, ir.FieldConstInt)
			}
			b.int("lowerBound", diUnrotateOld(ops[2]), false)
		case 2:
			if len(ops) < 5 {
				return nil, r.errorf("invalid DISubrange record")
			}
			for i, name := range [...]string{"count", "lowerBound", "upperBound", "stride"} {
				b.ref(i + 1)
				b.mdKind(name, i+1, true, ir.FieldConstInt)
			}
		default:
			return nil, r.errorf("invalid record: unsupported version of DISubrange")
		}
	case mdGenericSubrange:
		n.Distinct = false
		for i, name := range [...]string{"count", "lowerBound", "upperBound", "stride"} {
			b.ref(i + 1)
			if c, ok := signedConstExpr(b.lookup(ops[i+1])); ok {
				b.int(name, c, false)
				continue
			}
			b.md(name, i+1, true)
		}
	case mdEnumerator:
		unsigned, bigInt := ops[0]&2 != 0, ops[0]&4 != 0
		b.ref(2)
		b.str("name", 2, false)
		if bigInt {
			v := diWideInt(ops[3:], ops[1], !unsigned)
			b.rawMD("value", &ir.MDString{Value: v.String()})
		} else if unsigned {
			b.uint("value", uint64(diUnrotateOld(ops[1])), false)
		} else {
			b.int("value", diUnrotateOld(ops[1]), false)
		}
		if unsigned {
			b.bool("isUnsigned", true, false, false)
		}
	case mdBasicType:
		sizeMD := ops[0]&2 != 0
		n.Refs = append(r.refScratch(), nil, nil, nil)
		b.sizeRef(3, sizeMD)
		if ops[1] != dwTagBaseType {
			b.tag(ops[1])
		}
		b.str("name", 2, true)
		b.sizeField("size", 3, sizeMD)
		b.uint("align", ops[4], true)
		b.uint("dataSize", b.at(8), true)
		b.enum("encoding", ops[5], dwATEs)
		b.uint("num_extra_inhabitants", b.at(7), true)
		b.flags("flags", b.at(6))
	case mdFixedPointType:
		sizeMD := ops[0]&2 != 0
		n.Refs = append(r.refScratch(), nil, nil, nil)
		b.sizeRef(3, sizeMD)
		// The numerator and denominator are APInts as wide as the
		// writer made them (llvm-as: as few bits as the literal
		// needs); llvm-dis-22 prints them signed only for
		// DW_ATE_signed_fixed, so 1234 read back as a signed 11-bit
		// value is -814 there, and 1234 for DW_ATE_unsigned_fixed.
		signed := ops[5] == dwATESignedFixed
		off := 9
		wide := func() *big.Int {
			if off >= len(ops) {
				b.err = r.errorf("invalid DIFixedPointType record")
				return new(big.Int)
			}
			enc := ops[off]
			off++
			words, width := enc>>32, enc&0xffffffff
			if words > uint64(len(ops)-off) {
				b.err = r.errorf("invalid DIFixedPointType record")
				return new(big.Int)
			}
			v := diWideInt(ops[off:off+int(words)], width, signed)
			off += int(words)
			return v
		}
		num, den := wide(), wide()
		if ops[1] != dwTagBaseType {
			b.tag(ops[1])
		}
		b.str("name", 2, true)
		b.sizeField("size", 3, sizeMD)
		b.uint("align", ops[4], true)
		b.enum("encoding", ops[5], dwATEs)
		b.flags("flags", ops[6])
		switch ops[7] {
		case 0:
			b.raw("kind", "Binary")
		case 1:
			b.raw("kind", "Decimal")
		default:
			b.raw("kind", "Rational")
		}
		if ops[7] == 2 {
			b.rawMD("numerator", &ir.MDString{Value: num.String()})
			b.rawMD("denominator", &ir.MDString{Value: den.String()})
		} else {
			b.int("factor", int64(int32(ops[8])), true)
		}
	case mdStringType:
		sizeMD := ops[0]&2 != 0
		is8 := len(ops) == 8
		off := 6
		if is8 {
			off = 5
		}
		n.Refs = append(r.refScratch(), nil, nil, nil)
		b.sizeRef(off, sizeMD)
		n.Refs = append(n.Refs, nil)
		b.ref(3)
		b.ref(4)
		if !is8 {
			b.ref(5)
		}
		if ops[1] != dwTagStringType {
			b.tag(ops[1])
		}
		b.str("name", 2, true)
		b.md("stringLength", 3, true)
		b.md("stringLengthExpression", 4, true)
		if !is8 {
			b.md("stringLocationExpression", 5, true)
		}
		b.sizeField("size", off, sizeMD)
		b.uint("align", ops[off+1], true)
		b.enum("encoding", ops[off+2], dwATEs)
	case mdDerivedType:
		sizeMD := ops[0]&2 != 0
		b.ref(3)
		b.ref(5)
		n.Refs = append(n.Refs, nil)
		b.sizeRef(7, sizeMD)
		b.sizeRef(9, sizeMD)
		b.ref(6)
		b.ref(11)
		b.tag(ops[1])
		b.str("name", 2, true)
		b.md("scope", 5, true)
		b.md("file", 3, true)
		b.uint("line", ops[4], true)
		b.md("baseType", 6, false)
		b.sizeField("size", 7, sizeMD)
		b.uint("align", ops[8], true)
		b.sizeField("offset", 9, sizeMD)
		b.flags("flags", ops[10])
		b.md("extraData", 11, true)
		if len(ops) > 12 && ops[12] != 0 {
			b.uint("dwarfAddressSpace", uint64(uint32(ops[12]-1)), false)
		}
		if len(ops) > 14 {
			b.ref(13)
			b.md("annotations", 13, true)
			if pa := ops[14]; pa != 0 {
				b.uint("ptrAuthKey", pa&0xf, true)
				b.bool("ptrAuthIsAddressDiscriminated", pa>>4&1 != 0, false, false)
				b.uint("ptrAuthExtraDiscriminator", pa>>5&0xffff, true)
				b.bool("ptrAuthIsaPointer", pa>>21&1 != 0, false, false)
				b.bool("ptrAuthAuthenticatesNullValues", pa>>22&1 != 0, false, false)
			}
		}
	case mdSubrangeType:
		sizeMD := ops[0]&2 != 0
		b.ref(2)
		b.ref(4)
		n.Refs = append(n.Refs, nil)
		b.sizeRef(5, sizeMD)
		n.Refs = append(n.Refs, nil)
		for i := 8; i <= 12; i++ {
			b.ref(i)
		}
		b.str("name", 1, true)
		b.md("scope", 4, true)
		b.md("file", 2, true)
		b.uint("line", ops[3], true)
		b.sizeField("size", 5, sizeMD)
		b.uint("align", ops[6], true)
		b.flags("flags", ops[7])
		b.md("baseType", 8, true)
		b.md("lowerBound", 9, true)
		b.md("upperBound", 10, true)
		b.md("stride", 11, true)
		b.md("bias", 12, true)
	case mdCompositeType:
		b.composite()
	case mdSubroutineType:
		n.Refs = append(r.refScratch(), nil, nil, nil, nil, nil)
		b.ref(2)
		b.flags("flags", ops[1])
		b.enum("cc", b.at(3), dwCCs)
		b.md("types", 2, false)
	case mdModule:
		off := 1
		if len(ops) >= 8 {
			off = 2
			b.ref(1)
		} else {
			n.Refs = append(n.Refs, nil)
		}
		b.ref(off)
		b.md("scope", off, false)
		b.str("name", off+1, true)
		b.str("configMacros", off+2, true)
		b.str("includePath", off+3, true)
		b.str("apinotes", off+4, true)
		if len(ops) >= 8 {
			b.md("file", 1, true)
		}
		b.uint("line", b.at(7), true)
		b.bool("isDecl", b.at(8) != 0, true, false)
	case mdFile:
		n.Refs = r.refScratch()
		b.str("filename", 1, false)
		b.str("directory", 2, false)
		if len(ops) > 4 && ops[3] != 0 && ops[4] != 0 {
			switch ops[3] {
			case 1:
				b.raw("checksumkind", "CSK_MD5")
			case 2:
				b.raw("checksumkind", "CSK_SHA1")
			case 3:
				b.raw("checksumkind", "CSK_SHA256")
			default:
				b.uint("checksumkind", ops[3], false)
			}
			b.str("checksum", 4, false)
		}
		if len(ops) > 5 {
			b.str("source", 5, true)
		}
	case mdCompileUnit:
		b.compileUnit()
	case mdSubprogram:
		if r.noDebug {
			// Only what DropDebugInfo promises: the file and the line.
			b.ref(4)
			b.md("file", 4, true)
			b.uint("line", ops[5], true)
			break
		}
		b.subprogram()
	case mdLexicalBlock:
		b.ref(2)
		b.ref(1)
		b.md("scope", 1, false)
		b.md("file", 2, true)
		b.uint("line", ops[3], true)
		b.uint("column", ops[4], true)
	case mdLexicalBlockF:
		b.ref(2)
		b.ref(1)
		b.md("scope", 1, false)
		b.md("file", 2, true)
		b.uint("discriminator", ops[3], false)
	case mdCommonBlock:
		b.ref(1)
		b.ref(2)
		b.ref(4)
		b.md("scope", 1, false)
		b.md("declaration", 2, false)
		b.str("name", 3, true)
		b.md("file", 4, true)
		b.uint("line", ops[5], true)
	case mdNamespace:
		name := 2
		if len(ops) == 5 {
			name = 3
		} else if len(ops) != 3 {
			return nil, r.errorf("invalid DINamespace record")
		}
		n.Refs = append(n.Refs, nil)
		b.ref(1)
		b.str("name", name, true)
		b.md("scope", 1, false)
		b.bool("exportSymbols", ops[0]&2 != 0, true, false)
	case mdMacro:
		n.Refs = r.refScratch()
		switch ops[1] {
		case 1:
			b.raw("type", "DW_MACINFO_define")
		case 2:
			b.raw("type", "DW_MACINFO_undef")
		case 3:
			b.raw("type", "DW_MACINFO_start_file")
		case 4:
			b.raw("type", "DW_MACINFO_end_file")
		case 0xff:
			b.raw("type", "DW_MACINFO_vendor_ext")
		default:
			b.uint("type", ops[1], false)
		}
		b.uint("line", ops[2], true)
		b.str("name", 3, true)
		b.str("value", 4, true)
	case mdMacroFile:
		b.ref(3)
		b.ref(4)
		b.uint("line", ops[2], true)
		b.md("file", 3, false)
		b.md("nodes", 4, true)
	case mdTemplateType:
		n.Refs = append(n.Refs, nil)
		b.ref(2)
		b.str("name", 1, true)
		b.md("type", 2, false)
		b.bool("defaulted", len(ops) == 4 && ops[3] != 0, true, false)
	case mdTemplateValue:
		value, def := 4, false
		if len(ops) == 6 {
			value, def = 5, ops[4] != 0
		}
		n.Refs = append(n.Refs, nil)
		b.ref(3)
		b.ref(value)
		if ops[1] != dwTagTemplateValue {
			b.tag(ops[1])
		}
		b.str("name", 2, true)
		b.md("type", 3, true)
		b.bool("defaulted", def, true, false)
		b.md("value", value, false)
	case mdGlobalVar:
		b.globalVar()
	case mdAssignID:
		if !n.Distinct {
			return nil, r.errorf("invalid DIAssignID record: must be distinct")
		}
		n.Refs = r.refScratch()
	case mdLocalVar:
		hasAlign := ops[0]&2 != 0
		t := 0
		if !hasAlign && len(ops) > 8 {
			t = 1
		}
		b.ref(1 + t)
		n.Refs = append(n.Refs, nil)
		b.ref(3 + t)
		b.ref(5 + t)
		if hasAlign && len(ops) > 9 {
			b.ref(9)
		}
		b.str("name", 2+t, true)
		b.uint("arg", ops[6+t]&0xffff, true)
		b.md("scope", 1+t, false)
		b.md("file", 3+t, true)
		b.uint("line", ops[4+t], true)
		b.md("type", 5+t, true)
		b.flags("flags", ops[7+t])
		if hasAlign {
			b.uint("align", uint64(uint32(b.at(8))), true)
			if len(ops) > 9 {
				b.md("annotations", 9, true)
			}
		}
	case mdLabel:
		b.ref(1)
		n.Refs = append(n.Refs, nil)
		b.ref(3)
		b.md("scope", 1, false)
		b.str("name", 2, true)
		b.md("file", 3, true)
		b.uint("line", ops[4], true)
		b.uint("column", b.at(5), true)
		b.bool("isArtificial", ops[0]&2 != 0, true, false)
		if len(ops) > 6 && ops[6] != ^uint64(0) {
			b.uint("coroSuspendIdx", uint64(uint32(ops[6])), false)
		}
	case mdExpression:
		n.Distinct = ops[0]&1 != 0
		elts := ops[1:]
		switch version := ops[0] >> 1; {
		case version > 3:
			return nil, r.errorf("invalid DIExpression record: version %d", version)
		case version < 3:
			if version < 2 {
				r.skip("DIExpression of version %d: the dbg.declare of an argument that starts with DW_OP_deref is not upgraded", version)
			}
			elts = upgradeExpression(version, elts)
		}
		n.Fields = expressionFields(elts)
		n.Refs = r.refScratch()
	case mdGlobalVarExpr:
		b.ref(1)
		b.md("var", 1, true)
		if ops[2] == 0 {
			e := r.emptyExpr()
			n.Refs = append(n.Refs, e)
			n.Fields = append(n.Fields, ir.Field{Name: ir.FieldNameOf("expr"), MD: e})
		} else {
			b.refMD("expr", 2, true)
		}
	case mdObjCProperty:
		n.Refs = append(n.Refs, nil)
		b.ref(2)
		n.Refs = append(n.Refs, nil, nil)
		b.ref(7)
		b.str("name", 1, true)
		b.md("file", 2, true)
		b.uint("line", ops[3], true)
		b.str("setter", 4, true)
		b.str("getter", 5, true)
		b.uint("attributes", ops[6], true)
		b.md("type", 7, true)
	case mdImportedEntity:
		b.ref(2)
		b.ref(3)
		n.Refs = append(n.Refs, nil)
		b.ref(6)
		b.ref(7)
		b.tag(ops[1])
		b.str("name", 5, true)
		b.md("scope", 2, false)
		b.md("entity", 3, true)
		b.md("file", 6, true)
		b.uint("line", ops[4], true)
		b.md("elements", 7, true)
	default:
		r.skip("skipped unknown debug info record %d", code)
	}
	if b.err != nil {
		return nil, b.err
	}
	r.ownFields(n)
	r.ownRefs(n)
	if r.owning != nil {
		r.owning.nodes = append(r.owning.nodes, n)
	}
	return n, nil
}

func (b *diBuilder) composite() {
	ops := b.ops
	sizeMD := ops[0]&4 != 0
	b.ref(3)
	b.ref(5)
	b.n.Refs = append(b.n.Refs, nil)
	b.sizeRef(7, sizeMD)
	b.sizeRef(9, sizeMD)
	for _, i := range [...]int{6, 11, 13, 14} {
		b.ref(i)
	}
	b.n.Refs = append(b.n.Refs, nil) // identifier
	for _, i := range [...]int{16, 17, 18, 19, 20, 21, 23, 25} {
		if i < len(ops) {
			b.ref(i)
		}
	}
	b.tag(ops[1])
	b.str("name", 2, true)
	b.md("scope", 5, true)
	b.md("file", 3, true)
	b.uint("line", ops[4], true)
	b.md("baseType", 6, true)
	b.sizeField("size", 7, sizeMD)
	b.uint("align", ops[8], true)
	b.sizeField("offset", 9, sizeMD)
	b.uint("num_extra_inhabitants", b.at(22), true)
	b.flags("flags", ops[10])
	b.md("elements", 11, true)
	b.enum("runtimeLang", ops[12], dwLangs)
	b.md("vtableHolder", 13, true)
	b.md("templateParams", 14, true)
	b.str("identifier", 15, true)
	b.md("discriminator", 16, true)
	b.md("dataLocation", 17, true)
	b.md("associated", 18, true)
	b.md("allocated", 19, true)
	b.mdKind("rank", 20, true, ir.FieldConstInt)
	b.md("annotations", 21, true)
	b.md("specification", 23, true)
	if len(ops) > 24 && ops[24] != 0xffffffff && ops[24] != ^uint64(0) {
		if s, ok := dwEnumKinds[ops[24]]; ok {
			b.raw("enumKind", s)
		} else {
			b.uint("enumKind", ops[24], false)
		}
	}
	b.md("bitStride", 25, true)
}

func (b *diBuilder) compileUnit() {
	ops := b.ops
	if ops[11] != 0 {
		// LLVM 3.8 and older listed the subprograms here; MetadataLoader
		// points each at the unit instead, which the reader does not.
		b.r.skip("DICompileUnit with a list of subprograms not upgraded")
	}
	b.n.Distinct = true
	b.ref(2)
	b.n.Refs = append(b.n.Refs, nil, nil, nil)
	for _, i := range [...]int{9, 10, 12, 13, 15} {
		b.ref(i)
	}
	lang := ops[1]
	if lang&(1<<63) != 0 {
		// A versioned language name (DW_LNAME_*).
		lang &^= 1 << 63
		if s, ok := dwLNames[lang]; ok {
			b.raw("sourceLanguageName", s)
		} else {
			b.uint("sourceLanguageName", lang, false)
		}
		b.uint("sourceLanguageVersion", b.at(22), true)
	} else if lang != 0 {
		b.enum("language", lang, dwLangs)
	}
	b.md("file", 2, false)
	b.str("producer", 3, true)
	b.bool("isOptimized", ops[4] != 0, false, false)
	b.str("flags", 5, true)
	b.uint("runtimeVersion", ops[6], false)
	b.str("splitDebugFilename", 7, true)
	switch ops[8] {
	case 0:
		b.raw("emissionKind", "NoDebug")
	case 1:
		b.raw("emissionKind", "FullDebug")
	case 2:
		b.raw("emissionKind", "LineTablesOnly")
	case 3:
		b.raw("emissionKind", "DebugDirectivesOnly")
	default:
		b.uint("emissionKind", ops[8], false)
	}
	b.md("enums", 9, true)
	b.md("retainedTypes", 10, true)
	b.md("globals", 12, true)
	b.md("imports", 13, true)
	b.md("macros", 15, true)
	b.uint("dwoId", b.at(14), true)
	b.bool("splitDebugInlining", len(ops) <= 16 || ops[16] != 0, true, true)
	b.bool("debugInfoForProfiling", b.at(17) != 0, true, false)
	switch b.at(18) {
	case 0:
	case 1:
		b.raw("nameTableKind", "GNU")
	case 2:
		b.raw("nameTableKind", "None")
	case 3:
		b.raw("nameTableKind", "Apple")
	default:
		b.uint("nameTableKind", b.at(18), false)
	}
	b.bool("rangesBaseAddress", b.at(19) != 0, true, false)
	b.str("sysroot", 20, true)
	b.str("sdk", 21, true)
}

func (b *diBuilder) subprogram() {
	ops := b.ops
	hasSPFlags := ops[0]&4 != 0
	hasUnit := ops[0]&2 != 0
	var flags, sp uint64
	if hasSPFlags {
		flags, sp = ops[11], ops[9]
	} else {
		flags = ops[13]
	}
	const oldMain = 1 << 21
	oldMainFlag := flags&oldMain != 0
	flags &^= oldMain
	if !hasSPFlags {
		if ops[7] != 0 {
			sp |= 1 << 2
		}
		if ops[8] != 0 {
			sp |= 1 << 3
		}
		if ops[14] != 0 {
			sp |= 1 << 4
		}
		sp |= ops[11] & 3
		if oldMainFlag {
			sp |= 1 << 8
		}
	} else if oldMainFlag {
		sp |= 1 << 8
	}
	b.n.Distinct = ops[0]&1 != 0 || sp&(1<<3) != 0
	if !hasSPFlags && hasUnit && len(ops) < 19 || hasSPFlags && !hasUnit {
		b.err = b.r.errorf("invalid DISubprogram record")
		return
	}
	a, o := 0, 0
	hasThisAdj, hasThrown, hasAnn, hasTarget, keyInstr := true, true, false, false, false
	if !hasSPFlags {
		a, o = 2, 2
		if len(ops) >= 19 {
			o++
			if !hasUnit && ops[15] != 0 {
				// Version 1 (LLVM 3.8): the function; MetadataLoader
				// attaches the subprogram to it, the reader does not.
				b.r.skip("DISubprogram naming its function not upgraded")
			}
		}
		hasThisAdj = len(ops) >= 20
		hasThrown = len(ops) >= 21
	} else {
		hasAnn = len(ops) >= 19
		hasTarget = len(ops) >= 20
		keyInstr = len(ops) >= 21 && ops[20] != 0
	}
	unit := 12 + o
	if !hasUnit {
		unit = -1
	}
	b.ref(4)
	b.ref(1)
	b.n.Refs = append(b.n.Refs, nil, nil)
	b.ref(6)
	if unit >= 0 {
		b.ref(unit)
	} else {
		b.n.Refs = append(b.n.Refs, nil)
	}
	b.ref(14 + o)
	b.ref(15 + o)
	b.ref(8 + a)
	b.ref(13 + o)
	if hasThrown {
		b.ref(17 + o)
	}
	if hasAnn {
		b.ref(18 + o)
	}
	b.str("name", 2, true)
	b.str("linkageName", 3, true)
	b.md("scope", 1, false)
	b.md("file", 4, true)
	b.uint("line", ops[5], true)
	b.md("type", 6, true)
	b.uint("scopeLine", b.at(7+a), true)
	b.md("containingType", 8+a, true)
	if vi := b.at(10 + a); sp&3 != 0 || vi != 0 {
		b.uint("virtualIndex", uint64(uint32(vi)), false)
	}
	if hasThisAdj {
		b.int("thisAdjustment", int64(int32(b.at(16+o))), true)
	}
	b.flags("flags", flags)
	b.rawMD("spFlags", b.r.flagText(sp, true))
	if unit >= 0 {
		b.md("unit", unit, true)
	}
	b.md("templateParams", 13+o, true)
	b.md("declaration", 14+o, true)
	b.md("retainedNodes", 15+o, true)
	if hasThrown {
		b.md("thrownTypes", 17+o, true)
	}
	if hasAnn {
		b.md("annotations", 18+o, true)
	}
	if hasTarget {
		b.str("targetFuncName", 19+o, true)
	}
	b.bool("keyInstructions", keyInstr, true, false)
}

func (b *diBuilder) globalVar() {
	ops := b.ops
	version := ops[0] >> 1
	if version > 2 {
		b.err = b.r.errorf("invalid DIGlobalVariable record")
		return
	}
	if version == 0 {
		// LLVM 3.9 and older: MetadataLoader makes a
		// DIGlobalVariableExpression of it, which the reader does not.
		b.r.skip("DIGlobalVariable of version 0 not upgraded to a DIGlobalVariableExpression")
	}
	decl, tparams, align, ann := 9, 10, 11, 12
	if version < 2 {
		decl, tparams, ann = 10, -1, -1
		if version == 0 && len(ops) <= 11 {
			align = -1
		}
	}
	b.ref(1)
	b.n.Refs = append(b.n.Refs, nil)
	b.ref(4)
	b.ref(6)
	b.n.Refs = append(b.n.Refs, nil, nil)
	b.ref(decl)
	if tparams >= 0 {
		b.ref(tparams)
	}
	if ann >= 0 && len(ops) > 12 {
		b.ref(ann)
	}
	b.str("name", 2, true)
	b.str("linkageName", 3, true)
	b.md("scope", 1, false)
	b.md("file", 4, true)
	b.uint("line", ops[5], true)
	b.md("type", 6, true)
	b.bool("isLocal", ops[7] != 0, false, false)
	b.bool("isDefinition", ops[8] != 0, false, false)
	b.md("declaration", decl, true)
	if tparams >= 0 {
		b.md("templateParams", tparams, true)
	}
	if align >= 0 {
		b.uint("align", uint64(uint32(b.at(align))), true)
	}
	if ann >= 0 && len(ops) > 12 {
		b.md("annotations", ann, true)
	}
}

// upgradeExpression returns the elements of a DIExpression of an older
// version (0 to 2) in version 3's terms, as MetadataLoader's
// upgradeDIExpression: version 0's trailing DW_OP_bit_piece is
// DW_OP_LLVM_fragment; version 1 and older put DW_OP_deref first where it
// now comes last (before a fragment); version 2 and older had DW_OP_plus
// and DW_OP_minus with an operand, now DW_OP_plus_uconst and DW_OP_constu,
// DW_OP_minus.
func upgradeExpression(version uint64, in []uint64) []uint64 {
	const (
		opDeref, opConstu, opMinus, opPlus, opPlusUconst = 0x06, 0x10, 0x1c, 0x22, 0x23
		opBitPiece, opFragment                           = 0x9d, 0x1000
	)
	e := append([]uint64(nil), in...)
	n := len(e)
	if version == 0 && n >= 3 && e[n-3] == opBitPiece {
		e[n-3] = opFragment
	}
	if version <= 1 && n > 0 && e[0] == opDeref {
		end := n
		if n >= 3 && e[n-3] == opFragment {
			end = n - 3
		}
		copy(e, e[1:end])
		e[end-1] = opDeref
	}
	out := make([]uint64, 0, n+n/2)
	for len(e) > 0 {
		size := 1
		switch e[0] {
		case opConstu, opMinus, opPlus:
			size = 2
		case opFragment:
			size = 3
		}
		size = min(size, len(e))
		args := e[1:size]
		switch e[0] {
		case opPlus:
			out = append(append(out, opPlusUconst), args...)
		case opMinus:
			out = append(append(out, opConstu), args...)
			out = append(out, opMinus)
		default:
			out = append(append(out, e[0]), args...)
		}
		e = e[size:]
	}
	return out
}

// The LLVM-only DWARF expression operations (Dwarf.h).
var llvmOps = map[uint64]string{
	0x1000: "DW_OP_LLVM_fragment", 0x1001: "DW_OP_LLVM_convert", 0x1002: "DW_OP_LLVM_tag_offset",
	0x1003: "DW_OP_LLVM_entry_value", 0x1004: "DW_OP_LLVM_implicit_pointer", 0x1005: "DW_OP_LLVM_arg",
	0x1006: "DW_OP_LLVM_extract_bits_sext", 0x1007: "DW_OP_LLVM_extract_bits_zext",
}

// exprOpSize is DIExpression's ExprOperand::getSize: the operation and
// its arguments.
func exprOpSize(op uint64) int {
	switch op {
	case 0x1001, 0x1000, 0x1006, 0x1007, 0x92: // convert, fragment, extract_bits_*, bregx
		return 3
	case 0x10, 0x11, 0x94, 0x23, 0x1002, 0x1003, 0x1005, 0x90: // constu, consts, deref_size, plus_uconst, tag_offset, entry_value, arg, regx
		return 2
	}
	if op >= 0x70 && op <= 0x8f { // breg0..breg31
		return 2
	}
	return 1
}

func exprOpName(op uint64) (string, bool) {
	if s, ok := llvmOps[op]; ok {
		return s, true
	}
	s, ok := dwOps[op]
	return s, ok
}

// expressionFields spells a DIExpression's elements as writeDIExpression
// does: operations by name with their arguments when the expression is
// well formed, the raw numbers otherwise.
func expressionFields(elts []uint64) []ir.Field {
	valid := true
	for i := 0; i < len(elts); {
		if _, ok := exprOpName(elts[i]); !ok {
			valid = false
			break
		}
		sz := exprOpSize(elts[i])
		if i+sz > len(elts) {
			valid = false
			break
		}
		if elts[i] == 0x1000 && i+sz != len(elts) { // a fragment comes last
			valid = false
			break
		}
		i += sz
	}
	fields := make([]ir.Field, 0, len(elts))
	if !valid {
		for _, e := range elts {
			fields = append(fields, ir.Field{Int: int64(e), Kind: ir.FieldUint})
		}
		return fields
	}
	for i := 0; i < len(elts); {
		op := elts[i]
		name, _ := exprOpName(op)
		fields = append(fields, ir.Field{MD: rawText(name), Kind: ir.FieldRaw})
		sz := exprOpSize(op)
		for j := 1; j < sz; j++ {
			a := elts[i+j]
			if op == 0x1001 && j == 2 {
				if s, ok := dwATEs[a]; ok {
					fields = append(fields, ir.Field{MD: rawText(s), Kind: ir.FieldRaw})
					continue
				}
			}
			fields = append(fields, ir.Field{Int: int64(a), Kind: ir.FieldUint})
		}
		i += sz
	}
	return fields
}

// signedConstExpr reports whether md is a DIExpression that is a signed
// constant (DIExpression::isConstant), and its value.
func signedConstExpr(md ir.Metadata) (int64, bool) {
	e, ok := md.(*ir.SpecializedNode)
	if !ok || e.Kind != "DIExpression" {
		return 0, false
	}
	f := e.Fields
	is := func(i int, op string) bool { return f[i].Kind == ir.FieldRaw && f[i].Text() == op }
	if len(f) != 2 && len(f) != 3 && len(f) != 6 || !is(0, "DW_OP_consts") {
		return 0, false
	}
	if len(f) == 3 && !is(2, "DW_OP_stack_value") || len(f) == 6 && (!is(2, "DW_OP_stack_value") || !is(3, "DW_OP_LLVM_fragment")) {
		return 0, false
	}
	return f[1].Int, true
}

// resolveFixes fills in the references of debug-info nodes to metadata
// read since.
func (l *mdList) resolveFixes() {
	keep := l.fixes[:0]
	for _, f := range l.fixes {
		m := l.get(f.id - 1)
		if m == nil {
			keep = append(keep, f)
			continue
		}
		if f.loc != nil {
			if f.ref < 0 {
				f.loc.Scope = m
			} else {
				f.loc.InlinedAt = m
			}
			continue
		}
		if f.field >= 0 && f.field < len(f.n.Fields) {
			fld := &f.n.Fields[f.field]
			fld.MD = m
			if c, ok := signedConstExpr(m); ok && f.n.Kind == "DIGenericSubrange" {
				// A bound that is a constant prints as the number,
				// also when it was a forward reference.
				*fld = ir.Field{Name: fld.Name, Int: c, Kind: ir.FieldInt}
			}
		}
		if f.ref >= 0 && f.ref < len(f.n.Refs) {
			f.n.Refs[f.ref] = m
		}
	}
	clear(l.fixes[len(keep):]) // the backing array would keep the nodes alive
	l.fixes = keep
}
