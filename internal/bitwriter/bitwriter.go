// Package bitwriter writes bitstreams: fixed and VBR fields, blocks,
// abbreviation definitions and records. It exists to build test inputs and
// fixtures; bcextract itself only reads.
package bitwriter

// A Writer accumulates bits, least significant bit first, in Bytes.
type Writer struct {
	Bytes []byte
	nbits uint64
	width uint    // current abbreviation ID width
	stack []frame // open blocks
}

type frame struct {
	width   uint
	lenByte int // offset of the block's length word
}

// New returns a writer whose top-level abbreviation ID width is 2.
func New() *Writer { return &Writer{width: 2} }

// BitLen returns the number of bits written.
func (w *Writer) BitLen() uint64 { return w.nbits }

// Fixed writes v in width bits (0 to 64).
func (w *Writer) Fixed(v uint64, width uint) {
	for i := uint(0); i < width; i++ {
		if w.nbits%8 == 0 {
			w.Bytes = append(w.Bytes, 0)
		}
		if v>>i&1 != 0 {
			w.Bytes[w.nbits/8] |= 1 << (w.nbits % 8)
		}
		w.nbits++
	}
}

// VBR writes v as a variable-width value in width-bit chunks.
func (w *Writer) VBR(v uint64, width uint) {
	hi := uint64(1) << (width - 1)
	for v >= hi {
		w.Fixed(v&(hi-1)|hi, width)
		v >>= width - 1
	}
	w.Fixed(v, width)
}

// Char6 writes c in the 6-bit character encoding; c must be in
// [a-zA-Z0-9._].
func (w *Writer) Char6(c byte) {
	var v uint64
	switch {
	case c >= 'a' && c <= 'z':
		v = uint64(c - 'a')
	case c >= 'A' && c <= 'Z':
		v = uint64(c-'A') + 26
	case c >= '0' && c <= '9':
		v = uint64(c-'0') + 52
	case c == '.':
		v = 62
	default:
		v = 63
	}
	w.Fixed(v, 6)
}

// Align32 pads with zero bits to a 32-bit boundary.
func (w *Writer) Align32() {
	for w.nbits%32 != 0 {
		w.Fixed(0, 1)
	}
}

// Magic writes four bytes.
func (w *Writer) Magic(b [4]byte) {
	for _, c := range b {
		w.Fixed(uint64(c), 8)
	}
}

// Abbrev writes an abbreviation ID in the current width.
func (w *Writer) Abbrev(id uint64) { w.Fixed(id, w.width) }

// EnterBlock writes ENTER_SUBBLOCK for block id with abbreviation width
// width; EndBlock fills in its length.
func (w *Writer) EnterBlock(id uint64, width uint) {
	w.Abbrev(1)
	w.VBR(id, 8)
	w.VBR(uint64(width), 4)
	w.Align32()
	w.stack = append(w.stack, frame{width: w.width, lenByte: len(w.Bytes)})
	w.Fixed(0, 32)
	w.width = width
}

// EndBlock writes END_BLOCK, aligns, and sets the block's length word.
func (w *Writer) EndBlock() {
	w.Abbrev(0)
	w.Align32()
	f := w.stack[len(w.stack)-1]
	w.stack = w.stack[:len(w.stack)-1]
	words := uint32((len(w.Bytes) - f.lenByte - 4) / 4)
	for i := 0; i < 4; i++ {
		w.Bytes[f.lenByte+i] = byte(words >> (8 * i))
	}
	w.width = f.width
}

// Unabbrev writes an unabbreviated record.
func (w *Writer) Unabbrev(code uint64, ops ...uint64) {
	w.Abbrev(3)
	w.VBR(code, 6)
	w.VBR(uint64(len(ops)), 6)
	for _, v := range ops {
		w.VBR(v, 6)
	}
}

// Op is an abbreviation operand for DefineAbbrev: Lit(v), or an encoding
// 1..5 (Fixed, VBR, Array, Char6, Blob) with its width for Fixed and VBR.
type Op struct {
	Literal bool
	Enc     uint64
	Value   uint64
}

// Lit is a literal operand.
func Lit(v uint64) Op { return Op{Literal: true, Value: v} }

// Encodings for Op.
var (
	Array = Op{Enc: 3}
	Char6 = Op{Enc: 4}
	Blob  = Op{Enc: 5}
)

// FixedOp is a Fixed(width) operand.
func FixedOp(width uint64) Op { return Op{Enc: 1, Value: width} }

// VBROp is a VBR(width) operand.
func VBROp(width uint64) Op { return Op{Enc: 2, Value: width} }

// DefineAbbrev writes a DEFINE_ABBREV with the given operands.
func (w *Writer) DefineAbbrev(ops ...Op) {
	w.Abbrev(2)
	w.VBR(uint64(len(ops)), 5)
	for _, op := range ops {
		if op.Literal {
			w.Fixed(1, 1)
			w.VBR(op.Value, 8)
			continue
		}
		w.Fixed(0, 1)
		w.Fixed(op.Enc, 3)
		if op.Enc == 1 || op.Enc == 2 {
			w.VBR(op.Value, 5)
		}
	}
}

// Blob writes a blob field: VBR6 length, alignment, bytes, alignment.
func (w *Writer) Blob(b []byte) {
	w.VBR(uint64(len(b)), 6)
	w.Align32()
	for _, c := range b {
		w.Fixed(uint64(c), 8)
	}
	w.Align32()
}
