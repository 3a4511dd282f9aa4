package bitstream

import (
	"errors"
	"io"
	"testing"
)

func TestCursorRead(t *testing.T) {
	// 0xB4 = 1011_0100, 0x0F: bits LSB first are 0,0,1,0,1,1,0,1, 1,1,1,1,0,...
	data := []byte{0xB4, 0x0F, 0, 0}
	tests := []struct {
		widths []uint
		want   []uint64
	}{
		{[]uint{2, 3, 3}, []uint64{0, 5, 5}},
		{[]uint{8, 8}, []uint64{0xB4, 0x0F}},
		{[]uint{4, 8}, []uint64{0x4, 0xFB}},
		{[]uint{0, 32}, []uint64{0, 0x0FB4}},
		{[]uint{1, 1, 1, 1, 1}, []uint64{0, 0, 1, 0, 1}},
	}
	for _, tt := range tests {
		c := NewCursor(data)
		for i, w := range tt.widths {
			got, err := c.Read(w)
			if err != nil || got != tt.want[i] {
				t.Errorf("widths %v: read %d = %#x, %v; want %#x", tt.widths, i, got, err, tt.want[i])
			}
		}
	}
}

func TestCursorReadWide(t *testing.T) {
	data := []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	c := NewCursor(data)
	c.Read(4)
	got, err := c.Read(64)
	want := uint64(0)
	for i := 0; i < 64; i++ {
		bit := uint64(data[(4+i)/8]>>((4+i)%8)) & 1
		want |= bit << i
	}
	if err != nil || got != want {
		t.Errorf("Read(64) at bit 4 = %#x, %v; want %#x", got, err, want)
	}
}

func TestCursorTruncated(t *testing.T) {
	c := NewCursor([]byte{0xFF, 0xFF})
	if _, err := c.Read(10); err != nil {
		t.Fatal(err)
	}
	_, err := c.Read(7)
	var fe *FormatError
	// At the end of the data, where the field is cut, naming its start.
	if !errors.As(err, &fe) || !errors.Is(err, io.ErrUnexpectedEOF) || fe.BitPos != 16 ||
		err.Error() != "unexpected end of stream (reading 7 bits from bit 10) at bit 16 (byte 0x2)" {
		t.Errorf("Read past end: %v; want unexpected EOF at bit 16, the end", err)
	}
	if c.BitPos() != 10 {
		t.Errorf("failed read moved the cursor to %d", c.BitPos())
	}
}

// The spec's example: 27 is emitted as vbr4 as 1011 0011 (first chunk 3 with
// the continuation bit, then 3 << 3).
func TestVBRSpecExample(t *testing.T) {
	c := NewCursor([]byte{0x3B})
	v, err := c.ReadVBR(4)
	if err != nil || v != 27 || c.BitPos() != 8 {
		t.Errorf("ReadVBR(4) = %d, %v at bit %d; want 27 at bit 8", v, err, c.BitPos())
	}
}

func TestVBRLimits(t *testing.T) {
	// Six 6-bit chunks carry 30 data bits; the seventh makes the shift 35 >= 32.
	allOnes := func(chunks int, width uint) []byte {
		var bits []byte
		n := uint(0)
		put := func(v uint64, w uint) {
			for i := uint(0); i < w; i++ {
				if n%8 == 0 {
					bits = append(bits, 0)
				}
				bits[n/8] |= byte(v>>i&1) << (n % 8)
				n++
			}
		}
		for i := 0; i < chunks-1; i++ {
			put(1<<width-1, width)
		}
		put(1<<(width-1)-1, width)
		return append(bits, 0, 0, 0, 0, 0, 0, 0, 0)
	}
	c := NewCursor(allOnes(7, 6))
	if v, err := c.ReadVBR(6); err != nil || v != 0xFFFFFFFF {
		// 7 chunks: shifts 0,5,...,30: the 7th chunk starts at shift 30 < 32.
		t.Errorf("ReadVBR(6) of 7 chunks = %#x, %v; want 0xffffffff (high bits dropped)", v, err)
	}
	c = NewCursor(allOnes(8, 6))
	if _, err := c.ReadVBR(6); err == nil {
		t.Error("ReadVBR(6) of 8 chunks: want unterminated VBR")
	}
	c = NewCursor(allOnes(13, 6))
	if v, err := c.ReadVBR64(6); err != nil || v != ^uint64(0) {
		t.Errorf("ReadVBR64(6) of 13 chunks = %#x, %v; want all ones", v, err)
	}
	c = NewCursor(allOnes(14, 6))
	if _, err := c.ReadVBR64(6); err == nil {
		t.Error("ReadVBR64(6) of 14 chunks: want unterminated VBR")
	}
}

func TestAlign32(t *testing.T) {
	tests := []struct {
		size     int
		pos, end uint64
	}{
		{16, 0, 0},
		{16, 1, 32},
		{16, 31, 32},
		{16, 32, 32},
		{16, 33, 64},
		{16, 64, 64},
		{16, 100, 128},
		// A 13-byte stream ends in a 5-byte word (bits 64..104). LLVM aligns
		// to 32 bits before that word's end (72), not to 96.
		{13, 67, 72},
		{13, 80, 104},
		{13, 104, 104},
	}
	for _, tt := range tests {
		c := NewCursor(make([]byte, tt.size))
		c.pos = tt.pos
		c.Align32()
		if c.pos != tt.end {
			t.Errorf("size %d: Align32 from %d = %d; want %d", tt.size, tt.pos, c.pos, tt.end)
		}
	}
}

func TestChar6(t *testing.T) {
	for v, want := range map[uint64]byte{0: 'a', 25: 'z', 26: 'A', 51: 'Z', 52: '0', 61: '9', 62: '.', 63: '_'} {
		if got := DecodeChar6(v); got != want {
			t.Errorf("DecodeChar6(%d) = %q; want %q", v, got, want)
		}
	}
}
