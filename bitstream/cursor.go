package bitstream

import (
	"encoding/binary"
	"io"
)

// A Cursor reads bits from a byte slice, least significant bit first, the way
// LLVM's SimpleBitstreamCursor does. It never copies the slice and never reads
// past its end: a read that would is an error carrying the bit position.
//
// Positions are counted in bits from the start of the slice.
type Cursor struct {
	data []byte
	pos  uint64 // next bit to read
	end  uint64 // len(data) * 8
}

// NewCursor returns a cursor at bit 0 of data.
func NewCursor(data []byte) Cursor {
	return Cursor{data: data, end: uint64(len(data)) * 8}
}

// Data returns the slice the cursor reads.
func (c *Cursor) Data() []byte { return c.data }

// BitPos returns the position of the next bit to read.
func (c *Cursor) BitPos() uint64 { return c.pos }

// BitLen returns the number of bits in the stream.
func (c *Cursor) BitLen() uint64 { return c.end }

// AtEnd reports whether every bit has been read.
func (c *Cursor) AtEnd() bool { return c.pos >= c.end }

// Plausible reports whether a count read from the stream could describe
// something inside it: LLVM's isSizePlausible, count < bits in the stream.
func (c *Cursor) Plausible(count uint64) bool { return count < c.end }

// JumpToBit moves the cursor to bit. Positions up to the end of the stream
// are allowed.
func (c *Cursor) JumpToBit(bit uint64) error {
	if bit > c.end {
		return c.errorfEnd("cannot jump to bit %d (from bit %d): past the end of the stream (%d bits)", bit, c.pos, c.end)
	}
	c.pos = bit
	return nil
}

// Read reads a fixed-width field of width bits (0 to 64).
func (c *Cursor) Read(width uint) (uint64, error) {
	if width <= 56 {
		if v, ok := c.fastRead(width); ok {
			return v, nil
		}
	}
	return c.readSlow(width)
}

// fastRead reads width (at most 56) bits with one unaligned 64-bit load when
// 8 bytes are left from the current byte; ok is false otherwise. It is small
// enough to be inlined into the hot loops.
func (c *Cursor) fastRead(width uint) (v uint64, ok bool) {
	i := c.pos >> 3
	if i+8 > uint64(len(c.data)) {
		return 0, false
	}
	v = binary.LittleEndian.Uint64(c.data[i:]) >> (c.pos & 7)
	c.pos += uint64(width)
	return v & (1<<width - 1), true
}

// read is Read for widths of at most 56 bits, with the fast path inlined.
func (c *Cursor) read(width uint) (uint64, error) {
	if v, ok := c.fastRead(width); ok {
		return v, nil
	}
	return c.readSlow(width)
}

func (c *Cursor) readSlow(width uint) (uint64, error) {
	if width > 64 {
		return 0, c.errorf(nil, "cannot read %d bits at a time", width)
	}
	if c.end-c.pos < uint64(width) {
		return 0, c.errorfEnd("unexpected end of stream (reading %d bits from bit %d)", width, c.pos)
	}
	var v uint64
	for got := uint(0); got < width; {
		b := uint64(c.data[c.pos>>3]) >> (c.pos & 7)
		n := 8 - uint(c.pos&7)
		if n > width-got {
			n = width - got
		}
		v |= (b & (1<<n - 1)) << got
		got += n
		c.pos += uint64(n)
	}
	return v, nil
}

// ReadVBR reads a variable-width value made of width-bit chunks into 32 bits,
// with LLVM's limit: a value that needs 32 or more bits of shift is an
// "unterminated VBR". Data bits beyond 32 are dropped, as LLVM drops them.
// width must be 1 to 32.
func (c *Cursor) ReadVBR(width uint) (uint32, error) {
	start := c.pos
	piece, err := c.read(width)
	if err != nil {
		return 0, err
	}
	hi := uint64(1) << (width - 1)
	if piece&hi == 0 {
		return uint32(piece), nil
	}
	var v uint32
	var shift uint
	for {
		v |= uint32(piece&(hi-1)) << shift
		if piece&hi == 0 {
			return v, nil
		}
		shift += width - 1
		if shift >= 32 {
			return 0, c.errorfAt(start, nil, "unterminated VBR%d", width)
		}
		if piece, err = c.read(width); err != nil {
			return 0, err
		}
	}
}

// ReadVBR64 is ReadVBR with a 64-bit result: the value may need up to 64 bits
// of shift before it is an "unterminated VBR".
func (c *Cursor) ReadVBR64(width uint) (uint64, error) {
	start := c.pos
	piece, ok := c.fastRead(width)
	if !ok {
		var err error
		if piece, err = c.readSlow(width); err != nil {
			return 0, err
		}
	}
	hi := uint64(1) << (width - 1)
	if piece&hi == 0 {
		return piece, nil
	}
	var v uint64
	var shift uint
	for {
		v |= (piece & (hi - 1)) << shift
		if piece&hi == 0 {
			return v, nil
		}
		shift += width - 1
		if shift >= 64 {
			return 0, c.errorfAt(start, nil, "unterminated VBR%d", width)
		}
		var err error
		if piece, err = c.read(width); err != nil {
			return 0, err
		}
	}
}

// Align32 skips to the next 32-bit boundary the way LLVM's cursor does.
//
// LLVM reads the stream in 64-bit words and aligns inside the current word.
// For streams whose length is a multiple of 4 that is plain 32-bit alignment;
// in the last, short word of any other stream LLVM aligns relative to the end
// of that word, and so does this method, so that positions match LLVM's on any
// input.
func (c *Cursor) Align32() {
	p := c.pos
	if p&63 == 0 {
		return
	}
	wordEnd := p&^63 + 64
	if wordEnd > c.end {
		wordEnd = c.end
	}
	if wordEnd-p >= 32 {
		c.pos = wordEnd - 32
	} else {
		c.pos = wordEnd
	}
}

func (c *Cursor) errorf(wrapped error, format string, args ...any) error {
	return c.errorfAt(c.pos, wrapped, format, args...)
}

func (c *Cursor) errorfAt(bit uint64, wrapped error, format string, args ...any) error {
	return newError(bit, wrapped, format, args...)
}

// errorfEnd is errorf for what the end of the stream cuts short: the error
// is where the data ends, at the end of the stream (the message says where
// what was cut starts), and its cause is io.ErrUnexpectedEOF.
func (c *Cursor) errorfEnd(format string, args ...any) error {
	return newError(c.end, io.ErrUnexpectedEOF, format, args...)
}
