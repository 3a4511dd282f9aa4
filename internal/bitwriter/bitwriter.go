// Package bitwriter writes bitstreams a bit at a time: fixed and VBR
// fields, blocks, abbreviation definitions and records. It builds test
// inputs and fixtures, malformed ones included: besides the well-formed
// constructs it exposes the raw primitives (Fixed, VBR, Align32, Raw,
// Patch) and writes what it is told without checking it. The product's
// writer is bitstream.Writer, which refuses what LLVM's would not write;
// this one, written independently, is its oracle in bitstream's
// FuzzWriter.
package bitwriter

import "fmt"

// A Writer accumulates bits, least significant bit first, in Bytes: bit n
// of the stream is bit n%8 of byte n/8.
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

// Width returns the current abbreviation ID width: 2 at top level, else
// the width given to EnterBlock for the innermost open block.
func (w *Writer) Width() uint { return w.width }

// Depth returns the number of open blocks.
func (w *Writer) Depth() int { return len(w.stack) }

// BlockLenPos returns the bit position of the length word of the innermost
// open block, for use with Patch. It panics at top level.
func (w *Writer) BlockLenPos() uint64 {
	if len(w.stack) == 0 {
		panic("bitwriter: BlockLenPos at top level")
	}
	return uint64(w.stack[len(w.stack)-1].lenByte) * 8
}

// Fixed writes the low width bits of v (width 0 to 64).
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

// VBR writes v as a variable-width value in width-bit chunks, each holding
// width-1 data bits and a continuation bit. Width 0 writes nothing (readers
// take a VBR(0) operand as the value 0); width 1 panics.
func (w *Writer) VBR(v uint64, width uint) {
	switch width {
	case 0:
		return
	case 1:
		panic("bitwriter: VBR width 1")
	}
	hi := uint64(1) << (width - 1)
	for v >= hi {
		w.Fixed(v&(hi-1)|hi, width)
		v >>= width - 1
	}
	w.Fixed(v, width)
}

// Char6 writes c in the 6-bit character encoding; c must be in
// [a-zA-Z0-9._], other bytes panic.
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
	case c == '_':
		v = 63
	default:
		panic(fmt.Sprintf("bitwriter: %q is not a Char6 character", rune(c)))
	}
	w.Fixed(v, 6)
}

// Align32 pads with zero bits to a 32-bit boundary.
func (w *Writer) Align32() {
	for w.nbits%32 != 0 {
		w.Fixed(0, 1)
	}
}

// Raw writes each byte of p as an 8-bit field. Unlike Blob it writes no
// length and does not align.
func (w *Writer) Raw(p []byte) {
	for _, c := range p {
		w.Fixed(uint64(c), 8)
	}
}

// Magic writes four bytes.
func (w *Writer) Magic(b [4]byte) { w.Raw(b[:]) }

// Patch overwrites the width bits at bit position pos, which must already
// have been written, with the low width bits of v.
func (w *Writer) Patch(pos, v uint64, width uint) {
	if pos+uint64(width) > w.nbits {
		panic(fmt.Sprintf("bitwriter: Patch of bits [%d,%d) past the end (%d bits)", pos, pos+uint64(width), w.nbits))
	}
	for i := uint(0); i < width; i++ {
		p := pos + uint64(i)
		m := byte(1) << (p % 8)
		if v>>i&1 != 0 {
			w.Bytes[p/8] |= m
		} else {
			w.Bytes[p/8] &^= m
		}
	}
}

// Abbrev writes an abbreviation ID in the current width.
func (w *Writer) Abbrev(id uint64) { w.Fixed(id, w.width) }

// EnterBlock writes ENTER_SUBBLOCK for block id with abbreviation width
// width, up to a zero length word; EndBlock fills in the length.
func (w *Writer) EnterBlock(id uint64, width uint) {
	w.Abbrev(1)
	w.VBR(id, 8)
	w.VBR(uint64(width), 4)
	w.Align32()
	w.stack = append(w.stack, frame{width: w.width, lenByte: len(w.Bytes)})
	w.Fixed(0, 32)
	w.width = width
}

// EndBlock writes END_BLOCK, aligns, and sets the block's length word to
// the number of 32-bit words after it.
func (w *Writer) EndBlock() {
	w.Abbrev(0)
	w.Align32()
	f := w.stack[len(w.stack)-1]
	w.stack = w.stack[:len(w.stack)-1]
	words := uint64(len(w.Bytes)-f.lenByte-4) / 4
	w.Patch(uint64(f.lenByte)*8, words, 32)
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

// Blob writes a blob field: VBR6 length, alignment, bytes, alignment.
func (w *Writer) Blob(b []byte) {
	w.VBR(uint64(len(b)), 6)
	w.Align32()
	w.Raw(b)
	w.Align32()
}
