package bitcode

import (
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
	"github.com/bcextract/bcextract/llvmir/dwarf"
)

// TestDINodeHostile feeds every debug-info record code random records of
// every length: errors are fine, panics are not.
func TestDINodeHostile(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for code, kind := range diNames {
		if code == llvmir.METADATA_LOCATION {
			continue
		}
		for n := 1; n <= 30; n++ {
			for k := 0; k < 20; k++ {
				r := &Reader{}
				r.md.items = []ir.Metadata{&ir.MDString{Value: "s"}, &ir.MDTuple{}}
				ops := make([]uint64, n)
				for i := range ops {
					switch rng.Intn(4) {
					case 0:
						ops[i] = rng.Uint64()
					case 1:
						ops[i] = uint64(rng.Intn(4))
					default:
						ops[i] = uint64(rng.Intn(100))
					}
				}
				_, _ = r.diNode(code, kind, ops)
				r.md.resolveFixes()
			}
		}
	}
}

func TestDINodeFields(t *testing.T) {
	// !DILocalVariable(name: "x", arg: 1, scope: !97, file: !3, line: 31, type: !5)
	// from di-cattrs-O1: LOCAL_VAR [distinct|hasAlign, scope, name, file,
	// line, type, arg, flags, align].
	scope, file, typ := &ir.SpecializedNode{Kind: "DISubprogram"}, &ir.SpecializedNode{Kind: "DIFile"}, &ir.SpecializedNode{Kind: "DIBasicType"}
	r := &Reader{}
	r.md.items = []ir.Metadata{&ir.MDString{Value: "x"}, scope, file, typ}
	m, err := r.diNode(llvmir.METADATA_LOCAL_VAR, "DILocalVariable", []uint64{2, 2, 1, 3, 31, 4, 1, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	n := m.(*ir.SpecializedNode)
	var names []string
	for _, f := range n.Fields {
		names = append(names, f.Name.String())
	}
	if got := strings.Join(names, " "); got != "name arg scope file line type" {
		t.Errorf("fields = %q", got)
	}
	if n.Fields[2].MD != scope || n.Fields[3].MD != file || n.Fields[5].MD != typ || n.Fields[1].Int != 1 {
		t.Errorf("wrong field values: %+v", n.Fields)
	}
	// LLVM's operand order: scope, name, file, type, annotations.
	if len(n.Refs) < 4 || n.Refs[0] != scope || n.Refs[2] != file || n.Refs[3] != typ {
		t.Errorf("wrong refs: %v", n.Refs)
	}
}

// fieldText spells the fields of n as name: value, for comparing with
// llvm-dis-22's line.
func fieldText(n *ir.SpecializedNode) string {
	var parts []string
	for _, f := range n.Fields {
		v := ""
		switch f.Kind {
		case ir.FieldInt:
			v = strconv.FormatInt(f.Int, 10)
		case ir.FieldUint:
			v = strconv.FormatUint(uint64(f.Int), 10)
		case ir.FieldRaw:
			v = f.Text()
		case ir.FieldString:
			v = strconv.Quote(f.Text())
		case ir.FieldBool:
			v = strconv.FormatBool(f.Int != 0)
		case ir.FieldEnum:
			// The printer's spelling of the enumerations these tests
			// meet; the others as numbers.
			v = strconv.FormatUint(uint64(f.Int), 10)
			switch f.Enum {
			case ir.EnumFixedPointKind:
				v = [...]string{"Binary", "Decimal", "Rational"}[min(f.Int, 2)]
			case ir.EnumDWATE:
				v = dwarf.ATE(f.Int).String()
			}
		default:
			v = "!md"
			if vm, ok := f.MD.(*ir.ValueAsMetadata); ok && f.Kind == ir.FieldSize {
				if c, ok := vm.Value.(*ir.ConstInt); ok {
					v = strconv.FormatInt(c.V, 10) // an i64 constant
				}
			}
		}
		parts = append(parts, f.Name.String()+": "+v)
	}
	s := strings.Join(parts, ", ")
	if n.Distinct {
		s = "distinct " + s
	}
	return s
}

// TestDIUnrotateOld checks the sign rotation MetadataLoader applies to old
// DISubrange lower bounds and narrow DIEnumerators: LLVM's old writer
// wrote a negative v as ^(v<<1), other writers as -v<<1|1, which reads one
// lower (llvm-dis-22 on di-old-records).
func TestDIUnrotateOld(t *testing.T) {
	for _, c := range []struct {
		v    uint64
		want int64
	}{
		{0, 0},
		{14, 7},
		{591, -296},                 // ^(-296<<1)
		{593, -297},                 // 296<<1|1
		{1, -1},                     // ^(-1<<1), and not INT64_MIN
		{3, -2},                     // 1<<1|1
		{^uint64(0), -1 << 63},      // ^(INT64_MIN<<1)
		{1 << 63, 1 << 62},          // an even value: halved
		{^uint64(0) - 1, 1<<63 - 1}, // the largest even value
	} {
		if got := diUnrotateOld(c.v); got != c.want {
			t.Errorf("diUnrotateOld(%d) = %d, want %d", c.v, got, c.want)
		}
	}
}

// TestDIOldLayouts decodes records in layouts no installed LLVM writes
// (di-old-records has them in a module); the wanted fields are
// llvm-dis-22's.
func TestDIOldLayouts(t *testing.T) {
	count := &ir.ValueAsMetadata{Value: &ir.ConstInt{Typ: &ir.Type{Kind: ir.IntegerType, BitWidth: 64}, V: 102}}
	for _, c := range []struct {
		code llvmir.MetadataCode
		kind string
		ops  []uint64
		want string
	}{
		// DISubrange version 0: [distinct|version<<1, count, lowerBound].
		{llvmir.METADATA_SUBRANGE, "DISubrange", []uint64{0, 5, 591}, "count: 5, lowerBound: -296"},
		{llvmir.METADATA_SUBRANGE, "DISubrange", []uint64{0, ^uint64(0), 0}, "count: -1, lowerBound: 0"},
		// Version 1: the count is metadata; distinct is never kept.
		{llvmir.METADATA_SUBRANGE, "DISubrange", []uint64{2, 2, 593}, "count: !md, lowerBound: -297"},
		{llvmir.METADATA_SUBRANGE, "DISubrange", []uint64{3, 2, 14}, "count: !md, lowerBound: 7"},
		// Narrow DIEnumerators: [distinct|unsigned<<1, value, name].
		{llvmir.METADATA_ENUMERATOR, "DIEnumerator", []uint64{0, 9, 1}, `name: "e", value: -5`},
		{llvmir.METADATA_ENUMERATOR, "DIEnumerator", []uint64{0, 11, 1}, `name: "e", value: -6`},
		{llvmir.METADATA_ENUMERATOR, "DIEnumerator", []uint64{2, 1, 1}, `name: "e", value: 18446744073709551615, isUnsigned: true`},
		{llvmir.METADATA_ENUMERATOR, "DIEnumerator", []uint64{0, ^uint64(0), 1}, `name: "e", value: -9223372036854775808`},
	} {
		r := &Reader{}
		r.md.items = []ir.Metadata{&ir.MDString{Value: "e"}, count}
		m, err := r.diNode(c.code, c.kind, c.ops)
		if err != nil {
			t.Errorf("%s %v: %v", c.kind, c.ops, err)
			continue
		}
		if got := fieldText(m.(*ir.SpecializedNode)); got != c.want {
			t.Errorf("%s %v = %q, want %q", c.kind, c.ops, got, c.want)
		}
	}
}

// TestDIFixedPointSign decodes DIFixedPointType records as llvm-as-22
// writes them (di-fixed-point): the numerator and denominator are APInts
// as wide as the literal, read signed only for DW_ATE_signed_fixed. The
// fields are those the reader stores: the tag even when it is
// DW_TAG_base_type (which a printer leaves out), a kind of Binary (0) and
// a denominator of 0 not (a printer shows both).
func TestDIFixedPointSign(t *testing.T) {
	// [distinct, tag, name, size, align, encoding, flags, kind, factor,
	// (words<<32|width), words..., (words<<32|width), words...]
	rat := func(enc uint64, num, den []uint64) []uint64 {
		ops := []uint64{0, 0x24, 1, 32, 32, enc, 0, 2, 0}
		ops = append(ops, num...)
		return append(ops, den...)
	}
	w11 := []uint64{1<<32 | 11, 1234 << 1}
	w13 := []uint64{1<<32 | 13, 5678 << 1}
	// 12345678901234567890123 in 74 bits, two words, each sign-rotated.
	wide := []uint64{2<<32 | 74, 0x856c9cece2848996, 0x29d << 1}
	three := []uint64{1<<32 | 3, 3 << 1}
	for _, c := range []struct {
		ops  []uint64
		want string
	}{
		{rat(0x0e, w11, w13), `tag: 36, name: "t", size: 32, align: 32, encoding: DW_ATE_unsigned_fixed, kind: Rational, numerator: 1234, denominator: 5678`},
		{rat(0x0d, w11, w13), `tag: 36, name: "t", size: 32, align: 32, encoding: DW_ATE_signed_fixed, kind: Rational, numerator: -814, denominator: -2514`},
		{rat(0x0e, []uint64{1<<32 | 4, 9 << 1}, []uint64{1<<32 | 1, 0}), `tag: 36, name: "t", size: 32, align: 32, encoding: DW_ATE_unsigned_fixed, kind: Rational, numerator: 9, denominator: 0`},
		{rat(0x0d, []uint64{1<<32 | 4, 9 << 1}, []uint64{1<<32 | 1, 0}), `tag: 36, name: "t", size: 32, align: 32, encoding: DW_ATE_signed_fixed, kind: Rational, numerator: -7, denominator: 0`},
		{rat(0x0e, wide, three), `tag: 36, name: "t", size: 32, align: 32, encoding: DW_ATE_unsigned_fixed, kind: Rational, numerator: 12345678901234567890123, denominator: 3`},
		{rat(0x0d, wide, three), `tag: 36, name: "t", size: 32, align: 32, encoding: DW_ATE_signed_fixed, kind: Rational, numerator: -6543787030244012964661, denominator: 3`},
		{[]uint64{0, 0x24, 1, 32, 32, 0x0d, 0, 0, uint64(1<<32 - 4), 1<<32 | 1, 0, 1<<32 | 1, 0}, `tag: 36, name: "t", size: 32, align: 32, encoding: DW_ATE_signed_fixed, factor: -4, numerator: 0, denominator: 0`},
	} {
		r := &Reader{}
		r.md.items = []ir.Metadata{&ir.MDString{Value: "t"}}
		m, err := r.diNode(llvmir.METADATA_FIXED_POINT_TYPE, "DIFixedPointType", c.ops)
		if err != nil {
			t.Errorf("%v: %v", c.ops, err)
			continue
		}
		n := m.(*ir.SpecializedNode)
		if got := fieldText(n); got != c.want {
			t.Errorf("%v:\n got %s\nwant %s", c.ops, got, c.want)
		}
		// The APInts' widths are kept (in Int), for a writer.
		var widths []int64
		for _, f := range n.Fields {
			if f.Kind == ir.FieldRaw {
				widths = append(widths, f.Int)
			}
		}
		i := 9
		for range 2 {
			if len(widths) > 0 && widths[0] != int64(c.ops[i]&0xffffffff) {
				t.Errorf("%v: width %d, want %d", c.ops, widths[0], c.ops[i]&0xffffffff)
			}
			if len(widths) > 0 {
				widths = widths[1:]
			}
			i += 1 + int(c.ops[i]>>32)
		}
	}
}

// TestUpgradeExpression checks upgradeExpression against MetadataLoader's
// upgradeDIExpression, worked by hand (llvm-dis-22 spells the first
// result DW_OP_plus_uconst, 8 in the di-* goldens).
func TestUpgradeExpression(t *testing.T) {
	for _, c := range []struct {
		version uint64
		in      []uint64
		want    []uint64
	}{
		{2, []uint64{0x22, 8}, []uint64{0x23, 8}},                                                 // plus: plus_uconst
		{2, []uint64{0x1c, 4, 0x9f}, []uint64{0x10, 4, 0x1c, 0x9f}},                               // minus: constu, minus
		{2, []uint64{0x10, 3, 0x22, 1, 0x1000, 0, 32}, []uint64{0x10, 3, 0x23, 1, 0x1000, 0, 32}}, // constu kept
		{1, []uint64{0x06, 0x22, 8}, []uint64{0x23, 8, 0x06}},                                     // deref last
		{1, []uint64{0x06, 0x22, 8, 0x1000, 0, 16}, []uint64{0x23, 8, 0x06, 0x1000, 0, 16}},       // before the fragment
		{0, []uint64{0x06, 0x9d, 8, 8}, []uint64{0x06, 0x1000, 8, 8}},                             // bit_piece: fragment
		{2, []uint64{0x22}, []uint64{0x23}},                                                       // truncated
		{2, nil, []uint64{}},
	} {
		if got := upgradeExpression(c.version, c.in); !slices.Equal(got, c.want) {
			t.Errorf("upgradeExpression(%d, %#x) = %#x, want %#x", c.version, c.in, got, c.want)
		}
	}
}

// TestFixList checks the chunked list of forward references across chunk
// boundaries: keepIf keeps the unresolved fixes in order and clears the
// rest, reset empties the list and keeps one chunk.
func TestFixList(t *testing.T) {
	for _, n := range []int{0, 1, fixChunk - 1, fixChunk, fixChunk + 1, 3*fixChunk + 7} {
		var l fixList
		for i := range n {
			l.add(diFix{id: uint64(i)})
		}
		if l.len() != n {
			t.Fatalf("n=%d: len %d after adding", n, l.len())
		}
		// Keep the ids divisible by 3.
		l.keepIf(func(f *diFix) bool { return f.id%3 != 0 })
		want := (n + 2) / 3
		if l.len() != want {
			t.Fatalf("n=%d: len %d after keepIf, want %d", n, l.len(), want)
		}
		for i := range l.len() {
			if got := l.chunks[i/fixChunk][i%fixChunk].id; got != uint64(3*i) {
				t.Fatalf("n=%d: fix %d has id %d, want %d", n, i, got, 3*i)
			}
		}
		for i := l.len(); i < n; i++ {
			if f := l.chunks[i/fixChunk][i%fixChunk]; f != (diFix{}) {
				t.Fatalf("n=%d: fix %d past the end not cleared: %+v", n, i, f)
			}
		}
		l.add(diFix{id: 99})
		l.reset()
		if l.len() != 0 || len(l.chunks) > 1 {
			t.Fatalf("n=%d: after reset len %d, %d chunks", n, l.len(), len(l.chunks))
		}
		if len(l.chunks) == 1 && l.chunks[0][0] != (diFix{}) {
			t.Fatalf("n=%d: reset left %+v", n, l.chunks[0][0])
		}
	}
}
