package wrapper

import (
	"encoding/binary"
	"fmt"
	"iter"
)

// A SpanKind says what a Span of a split byte range holds.
type SpanKind uint8

// Span kinds.
const (
	RawFile     SpanKind = iota // a raw "BC" 0xC0DE bitcode file
	WrappedFile                 // a bitcode file with a 0x0B17C0DE wrapper header
	Padding                     // zero bytes between or after files
)

// String returns "raw", "wrapped" or "padding".
func (k SpanKind) String() string {
	switch k {
	case RawFile:
		return "raw"
	case WrappedFile:
		return "wrapped"
	case Padding:
		return "padding"
	}
	return fmt.Sprintf("SpanKind(%d)", uint8(k))
}

// A Span is a byte range [Off, Off+Size) of the data given to Split.
type Span struct {
	Off, Size int64
	Kind      SpanKind
}

// Split divides data, which holds one or more bitcode files back to back with
// optional zero padding between and after them, into spans that cover it
// exactly, in order.
//
// A raw file's extent is found by walking its top-level blocks by their length
// words, not by searching for the next magic number: a file ends where the
// next 32-bit word is zero (padding), a magic number, or the end of data. A
// wrapped file extends to its header's Offset+Size, plus the zero padding to a
// multiple of 16 bytes that LLVM's writer adds when it is present; a range
// that ends inside the 20-byte header is an error. Anything else is an error
// giving its offset; the spans before it are returned with it.
//
// Every span is at least one byte long, and the result is allocated once, at
// its exact size (24 bytes per span): a first pass counts the spans.
func Split(data []byte) ([]Span, error) {
	n := 0
	for _, err := range Spans(data) {
		if err != nil {
			break
		}
		n++
	}
	if n == 0 {
		_, err := nextSpan(data, 0)
		return nil, err
	}
	spans := make([]Span, 0, n)
	for sp, err := range Spans(data) {
		if err != nil {
			return spans, err
		}
		spans = append(spans, sp)
	}
	return spans, nil
}

// Spans returns an iterator over the spans Split returns, in order, without
// building a slice: each step yields a span and a nil error, or, when the
// data cannot be split further, a zero Span and the error Split returns, and
// then stops.
func Spans(data []byte) iter.Seq2[Span, error] {
	return func(yield func(Span, error) bool) {
		for off := 0; off < len(data); {
			sp, err := nextSpan(data, off)
			if err != nil {
				yield(Span{}, err)
				return
			}
			if !yield(sp, nil) {
				return
			}
			off += int(sp.Size)
		}
	}
}

// nextSpan returns the span that starts at data[off:], off < len(data), or
// the error that stops Split there. A span is never empty.
func nextSpan(data []byte, off int) (Span, error) {
	if off >= len(data) {
		return Span{}, nil
	}
	rest := data[off:]
	if z := zeroPrefix(rest); z > 0 {
		return Span{int64(off), int64(z), Padding}, nil
	}
	var n int
	var kind SpanKind
	var err error
	switch {
	case IsWrapper(rest):
		kind = WrappedFile
		n, err = wrappedExtent(rest)
	case IsRaw(rest):
		kind = RawFile
		n, err = rawExtent(rest)
	case len(rest) < 4:
		// Where the data ends, as every error of data cut short.
		return Span{}, &FormatError{int64(len(data)), fmt.Sprintf("neither a bitcode file nor zero padding: the data ends %d bytes into the 32-bit word at byte 0x%x", len(rest), off)}
	default:
		return Span{}, &FormatError{int64(off), "neither a bitcode file nor zero padding"}
	}
	if err != nil {
		if fe, ok := err.(*FormatError); ok {
			fe.Off += int64(off)
		}
		return Span{}, err
	}
	return Span{int64(off), int64(n), kind}, nil
}

func zeroPrefix(b []byte) int {
	for i, c := range b {
		if c != 0 {
			return i
		}
	}
	return len(b)
}

func wrappedExtent(b []byte) (int, error) {
	h, _, err := Unwrap(b)
	if err != nil {
		return 0, err
	}
	n := int(h.Offset) + int(h.Size)
	if n < HeaderSize {
		// Without this, a span could be empty and Split would not advance.
		return 0, &FormatError{8, fmt.Sprintf("bitcode wrapper range [0x%x, 0x%x) ends inside the %d-byte header", h.Offset, n, HeaderSize)}
	}
	if padded := (n + 15) &^ 15; padded <= len(b) && zeroPrefix(b[n:padded]) == padded-n {
		n = padded
	}
	return n, nil
}

// rawExtent walks the top-level blocks of the raw file at the start of b and
// returns its length in bytes.
func rawExtent(b []byte) (int, error) {
	off := 4 // after the magic
	for off < len(b) {
		if len(b)-off < 4 {
			return off, nil // a partial word: padding or junk, for the caller to judge
		}
		w := b[off : off+4]
		if binary.LittleEndian.Uint32(w) == 0 || IsRaw(w) || IsWrapper(w) {
			return off, nil
		}
		next, err := skipTopLevelBlock(b, off)
		if err != nil {
			return 0, err
		}
		off = next
	}
	return off, nil
}

// skipTopLevelBlock reads the ENTER_SUBBLOCK header at the 32-bit aligned
// byte offset off (abbreviation ID width 2, block ID VBR8, abbreviation width
// VBR4, align to 32 bits, length in words) and returns the offset after the
// block.
func skipTopLevelBlock(b []byte, off int) (int, error) {
	r := bitReader{b: b, pos: uint64(off) * 8}
	id, ok := r.read(2)
	if !ok {
		return 0, cutHeader(b, off)
	}
	if id != 1 {
		return 0, &FormatError{int64(off), fmt.Sprintf("top-level entry is not a block (abbreviation ID %d)", id)}
	}
	if _, ok := r.vbr(8); !ok {
		return 0, cutHeader(b, off)
	}
	if _, ok := r.vbr(4); !ok {
		return 0, cutHeader(b, off)
	}
	r.pos = (r.pos + 31) &^ 31
	words, ok := r.read(32)
	if !ok {
		return 0, cutHeader(b, off)
	}
	end := r.pos/8 + words*4
	if end > uint64(len(b)) {
		// Where the data ends, as every error of data cut short.
		return 0, &FormatError{int64(len(b)), fmt.Sprintf("block of %d words runs past the end of the data (the block at byte 0x%x)", words, off)}
	}
	return int(end), nil
}

// cutHeader is the error for the header of the block at off, cut by the
// end of b: at the end of b.
func cutHeader(b []byte, off int) error {
	return &FormatError{int64(len(b)), fmt.Sprintf("truncated block header (the block at byte 0x%x)", off)}
}

// bitReader is the little a split needs of a bit cursor.
type bitReader struct {
	b   []byte
	pos uint64
}

func (r *bitReader) read(n uint) (uint64, bool) {
	if r.pos+uint64(n) > uint64(len(r.b))*8 {
		return 0, false
	}
	if i := r.pos >> 3; n <= 56 && i+8 <= uint64(len(r.b)) {
		v := binary.LittleEndian.Uint64(r.b[i:]) >> (r.pos & 7)
		r.pos += uint64(n)
		return v & (1<<n - 1), true
	}
	var v uint64
	for i := uint(0); i < n; i++ {
		v |= uint64(r.b[r.pos>>3]>>(r.pos&7)&1) << i
		r.pos++
	}
	return v, true
}

// vbr reads a VBR value of up to 32 bits (block IDs and widths).
func (r *bitReader) vbr(n uint) (uint64, bool) {
	var v uint64
	for shift := uint(0); shift < 32; shift += n - 1 {
		p, ok := r.read(n)
		if !ok {
			return 0, false
		}
		v |= (p &^ (1 << (n - 1))) << shift
		if p>>(n-1) == 0 {
			return v, true
		}
	}
	return 0, false
}
