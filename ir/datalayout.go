package ir

import (
	"errors"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// A DataLayout is what a module's data layout string says of the sizes and
// alignments of types, read as LLVM 22's DataLayout reads it: the string's
// specifications over LLVM 22's defaults (i8 byte-aligned; i16 2; i32 4;
// i64 ABI 4, preferred 8; f16, f32, f64, f128 naturally; v64 8; v128 16;
// 64-bit pointers aligned to 8; aggregates ABI 1, preferred 8).
//
// Alignments and sizes are in bytes. A DataLayout caches struct layouts,
// so it is not safe for concurrent use.
type DataLayout struct {
	// BigEndian says the layout is big-endian ("E").
	BigEndian bool

	ints, floats, vectors []primitiveSpec // by bit width
	pointers              []pointerSpec   // by address space; [0] is 0's
	aggABI, aggPref       uint64
	structs               map[*Type]structLayout
}

type primitiveSpec struct {
	bits      uint32
	abi, pref uint64
}

type pointerSpec struct {
	as, bits  uint32
	abi, pref uint64
}

type structLayout struct {
	size, align uint64
	ok          bool
}

// ParseDataLayout reads a data layout string ("e-m:e-i64:64-...", "" for
// LLVM's defaults). It fails, as LLVM does, on a specification it does not
// know or that breaks LLVM's rules (a size of 0, an alignment that is not
// a power of two bytes, a preferred alignment below the ABI one).
func ParseDataLayout(s string) (*DataLayout, error) {
	dl := &DataLayout{
		ints:     []primitiveSpec{{8, 1, 1}, {16, 2, 2}, {32, 4, 4}, {64, 4, 8}},
		floats:   []primitiveSpec{{16, 2, 2}, {32, 4, 4}, {64, 8, 8}, {128, 16, 16}},
		vectors:  []primitiveSpec{{64, 8, 8}, {128, 16, 16}},
		pointers: []pointerSpec{{0, 64, 8, 8}},
		aggABI:   1,
		aggPref:  8,
	}
	if s == "" {
		return dl, nil
	}
	for spec := range strings.SplitSeq(s, "-") {
		if spec == "" {
			return nil, errors.New("empty specification is not allowed")
		}
		if strings.HasPrefix(spec, "ni") {
			continue // non-integral address spaces keep their sizes
		}
		if err := dl.parseSpec(spec); err != nil {
			return nil, errors.New(spec + ": " + err.Error())
		}
	}
	return dl, nil
}

func (dl *DataLayout) parseSpec(spec string) error {
	c, rest := spec[0], spec[1:]
	switch c {
	case 'i', 'f', 'v':
		parts := strings.Split(rest, ":")
		if len(parts) < 2 || len(parts) > 3 {
			return errors.New("malformed specification")
		}
		width, err := parseLayoutSize(parts[0])
		if err != nil {
			return err
		}
		abi, err := parseLayoutAlign(parts[1], false)
		if err != nil {
			return err
		}
		if c == 'i' && width == 8 && abi != 1 {
			return errors.New("i8 must be 8-bit aligned")
		}
		pref := abi
		if len(parts) == 3 {
			if pref, err = parseLayoutAlign(parts[2], false); err != nil {
				return err
			}
		}
		if pref < abi {
			return errors.New("preferred alignment cannot be less than the ABI alignment")
		}
		specs := &dl.ints
		if c == 'f' {
			specs = &dl.floats
		} else if c == 'v' {
			specs = &dl.vectors
		}
		i, found := slices.BinarySearchFunc(*specs, width, func(p primitiveSpec, w uint32) int {
			return int(p.bits) - int(w)
		})
		if found {
			(*specs)[i].abi, (*specs)[i].pref = abi, pref
		} else {
			*specs = slices.Insert(*specs, i, primitiveSpec{width, abi, pref})
		}
	case 'a':
		parts := strings.Split(rest, ":")
		if len(parts) < 2 || len(parts) > 3 {
			return errors.New("malformed specification")
		}
		if parts[0] != "" && parts[0] != "0" {
			if n, err := strconv.ParseUint(parts[0], 10, 32); err != nil || n != 0 {
				return errors.New("size must be zero")
			}
		}
		abi, err := parseLayoutAlign(parts[1], true)
		if err != nil {
			return err
		}
		pref := abi
		if len(parts) == 3 {
			if pref, err = parseLayoutAlign(parts[2], false); err != nil {
				return err
			}
		}
		if pref < abi {
			return errors.New("preferred alignment cannot be less than the ABI alignment")
		}
		dl.aggABI, dl.aggPref = abi, pref
	case 'p':
		// p[<flags>][<n>]:<size>:<abi>[:<pref>[:<idx>]]
		parts := strings.Split(rest, ":")
		if len(parts) < 3 || len(parts) > 5 {
			return errors.New("malformed specification")
		}
		asText := strings.TrimLeft(parts[0], "abcdefghijklmnopqrstuvwxyz")
		var as uint32
		if asText != "" {
			n, err := strconv.ParseUint(asText, 10, 24)
			if err != nil {
				return errors.New("address space must be a 24-bit integer")
			}
			as = uint32(n)
		}
		width, err := parseLayoutSize(parts[1])
		if err != nil {
			return err
		}
		abi, err := parseLayoutAlign(parts[2], false)
		if err != nil {
			return err
		}
		pref := abi
		if len(parts) > 3 {
			if pref, err = parseLayoutAlign(parts[3], false); err != nil {
				return err
			}
		}
		if pref < abi {
			return errors.New("preferred alignment cannot be less than the ABI alignment")
		}
		if len(parts) > 4 {
			idx, err := parseLayoutSize(parts[4])
			if err != nil {
				return err
			}
			if idx > width {
				return errors.New("index size cannot be larger than the pointer size")
			}
		}
		i, found := slices.BinarySearchFunc(dl.pointers, as, func(p pointerSpec, a uint32) int {
			return int(p.as) - int(a)
		})
		if found {
			dl.pointers[i] = pointerSpec{as, width, abi, pref}
		} else {
			dl.pointers = slices.Insert(dl.pointers, i, pointerSpec{as, width, abi, pref})
		}
	case 'e', 'E':
		if rest != "" {
			return errors.New("malformed specification, must be just 'e' or 'E'")
		}
		dl.BigEndian = c == 'E'
	case 's':
		// deprecated, ignored
	case 'n':
		for w := range strings.SplitSeq(rest, ":") {
			if _, err := parseLayoutSize(w); err != nil {
				return err
			}
		}
	case 'S':
		if _, err := parseLayoutAlign(rest, false); err != nil {
			return err
		}
	case 'F':
		if rest == "" || (rest[0] != 'i' && rest[0] != 'n') {
			return errors.New("unknown function pointer alignment type")
		}
		if _, err := parseLayoutAlign(rest[1:], false); err != nil {
			return err
		}
	case 'P', 'A', 'G':
		if _, err := strconv.ParseUint(rest, 10, 24); err != nil {
			return errors.New("address space must be a 24-bit integer")
		}
	case 'm':
		if len(rest) != 2 || rest[0] != ':' || !strings.ContainsRune("elomwxa", rune(rest[1])) {
			return errors.New("unknown mangling mode")
		}
	default:
		return errors.New("unknown specifier")
	}
	return nil
}

// parseLayoutSize reads a bit width: a non-zero 24-bit decimal.
func parseLayoutSize(s string) (uint32, error) {
	n, err := strconv.ParseUint(s, 10, 24)
	if err != nil || n == 0 {
		return 0, errors.New("size must be a non-zero 24-bit integer")
	}
	return uint32(n), nil
}

// parseLayoutAlign reads an alignment in bits and returns it in bytes: a
// 16-bit power of two times 8, or 0 (one byte) when zero is allowed.
func parseLayoutAlign(s string, zero bool) (uint64, error) {
	n, err := strconv.ParseUint(s, 10, 16)
	if err != nil {
		return 0, errors.New("alignment must be a 16-bit integer")
	}
	if n == 0 {
		if !zero {
			return 0, errors.New("alignment must be non-zero")
		}
		return 1, nil
	}
	if n%8 != 0 || bits.OnesCount64(n/8) != 1 {
		return 0, errors.New("alignment must be a power of two times the byte width")
	}
	return n / 8, nil
}

func (dl *DataLayout) pointer(as uint32) pointerSpec {
	for _, p := range dl.pointers {
		if p.as == as {
			return p
		}
	}
	return dl.pointers[0]
}

// maxLayoutDepth bounds the nesting of types a DataLayout looks into.
const maxLayoutDepth = 256

// ABIAlign returns the ABI alignment of t in bytes (LLVM's
// getABITypeAlign), false when t has no size (void, label is sized,
// function, token, metadata, opaque structs, target extension types).
func (dl *DataLayout) ABIAlign(t *Type) (uint64, bool) { return dl.align(t, true, 0) }

// PrefAlign returns the preferred alignment of t in bytes (LLVM's
// getPrefTypeAlign), false when t has no size.
func (dl *DataLayout) PrefAlign(t *Type) (uint64, bool) { return dl.align(t, false, 0) }

// StoreSize returns how many bytes a store of t writes (its size in bits,
// rounded up to bytes; the minimum for a scalable vector), false when t
// has no size.
func (dl *DataLayout) StoreSize(t *Type) (uint64, bool) {
	b, ok := dl.sizeInBits(t, 0)
	return (b + 7) / 8, ok
}

// AllocSize returns the bytes t takes in memory, its store size rounded up
// to its ABI alignment, false when t has no size.
func (dl *DataLayout) AllocSize(t *Type) (uint64, bool) { return dl.allocSize(t, 0) }

func (dl *DataLayout) allocSize(t *Type, depth int) (uint64, bool) {
	b, ok := dl.sizeInBits(t, depth)
	if !ok {
		return 0, false
	}
	a, ok := dl.align(t, true, depth)
	if !ok {
		return 0, false
	}
	return alignTo((b+7)/8, a), true
}

func alignTo(n, a uint64) uint64 { return (n + a - 1) / a * a }

func primitive(specs []primitiveSpec, width uint64) (primitiveSpec, bool) {
	for _, s := range specs {
		if uint64(s.bits) == width {
			return s, true
		}
	}
	return primitiveSpec{}, false
}

// powerOf2Ceil is the smallest power of two not below n (1 for 0).
func powerOf2Ceil(n uint64) uint64 {
	if n <= 1 {
		return 1
	}
	return 1 << bits.Len64(n-1)
}

func (dl *DataLayout) align(t *Type, abi bool, depth int) (uint64, bool) {
	if t == nil || depth > maxLayoutDepth {
		return 0, false
	}
	pick := func(a, p uint64) uint64 {
		if abi {
			return a
		}
		return p
	}
	switch t.Kind {
	case LabelType:
		p := dl.pointer(0)
		return pick(p.abi, p.pref), true
	case PointerType:
		p := dl.pointer(t.AddrSpace)
		return pick(p.abi, p.pref), true
	case ArrayType:
		return dl.align(t.Elem, abi, depth+1)
	case StructType:
		if t.Packed && abi {
			return 1, true
		}
		l := dl.layout(t, depth)
		if !l.ok {
			return 0, false
		}
		return max(pick(dl.aggABI, dl.aggPref), l.align), true
	case IntegerType:
		i, _ := slices.BinarySearchFunc(dl.ints, t.BitWidth, func(p primitiveSpec, w uint32) int {
			return int(p.bits) - int(w)
		})
		if i == len(dl.ints) {
			i--
		}
		return pick(dl.ints[i].abi, dl.ints[i].pref), true
	case HalfType, BFloatType, FloatType, DoubleType, PPCFP128Type, FP128Type, X86FP80Type:
		width, _ := dl.sizeInBits(t, depth)
		if s, ok := primitive(dl.floats, width); ok {
			return pick(s.abi, s.pref), true
		}
		return powerOf2Ceil(width / 8), true
	case FixedVectorType, ScalableVectorType:
		width, ok := dl.sizeInBits(t, depth)
		if !ok {
			return 0, false
		}
		if s, ok := primitive(dl.vectors, width); ok {
			return pick(s.abi, s.pref), true
		}
		return powerOf2Ceil((width + 7) / 8), true
	case X86AMXType:
		return 64, true
	}
	return 0, false
}

// sizeInBits is LLVM's getTypeSizeInBits (the minimum for a scalable
// vector).
func (dl *DataLayout) sizeInBits(t *Type, depth int) (uint64, bool) {
	if t == nil || depth > maxLayoutDepth {
		return 0, false
	}
	switch t.Kind {
	case LabelType:
		return uint64(dl.pointer(0).bits), true
	case PointerType:
		return uint64(dl.pointer(t.AddrSpace).bits), true
	case ArrayType:
		el, ok := dl.allocSize(t.Elem, depth+1)
		if !ok || el >= 1<<60 {
			return 0, false
		}
		hi, n := bits.Mul64(t.Len, el*8)
		return n, hi == 0
	case StructType:
		l := dl.layout(t, depth)
		return l.size * 8, l.ok
	case IntegerType:
		return uint64(t.BitWidth), true
	case HalfType, BFloatType:
		return 16, true
	case FloatType:
		return 32, true
	case DoubleType:
		return 64, true
	case PPCFP128Type, FP128Type:
		return 128, true
	case X86FP80Type:
		return 80, true
	case X86AMXType:
		return 8192, true
	case FixedVectorType, ScalableVectorType:
		el, ok := dl.sizeInBits(t.Elem, depth+1)
		if !ok {
			return 0, false
		}
		hi, n := bits.Mul64(t.Len, el)
		return n, hi == 0
	}
	return 0, false
}

// layout is LLVM's StructLayout of t: each field at the next offset its
// ABI alignment allows (1 in a packed struct), the size rounded up to the
// largest of them.
func (dl *DataLayout) layout(t *Type, depth int) structLayout {
	if t.Opaque {
		return structLayout{}
	}
	if l, ok := dl.structs[t]; ok {
		return l
	}
	if dl.structs == nil {
		dl.structs = make(map[*Type]structLayout)
	}
	dl.structs[t] = structLayout{} // a struct holding itself has no size
	l := structLayout{align: 1, ok: true}
	// A struct of scalable vectors has a scalable size: no padding.
	scalable := len(t.Fields) > 0 && t.Fields[0].Kind == ScalableVectorType
	for _, f := range t.Fields {
		a := uint64(1)
		if !t.Packed {
			var ok bool
			if a, ok = dl.align(f, true, depth+1); !ok {
				return structLayout{}
			}
		}
		if !scalable {
			l.size = alignTo(l.size, a)
		}
		l.align = max(l.align, a)
		sz, ok := dl.allocSize(f, depth+1)
		if !ok {
			return structLayout{}
		}
		l.size += sz
	}
	if !scalable {
		l.size = alignTo(l.size, l.align)
	}
	dl.structs[t] = l
	return l
}
