package sections

import (
	"encoding/binary"
	"testing"
)

var ulebTests = []struct {
	hex string
	v   uint64
	n   int
}{
	{"00", 0, 1},
	{"7f", 127, 1},
	{"8001", 128, 2},
	{"e58e26", 624485, 3},
	{"e58e2600", 624485, 3}, // stops at the first byte below 0x80
	{"ffffffff0f", 0xffffffff, 5},
	{"ffffffffffffffff7f", 1<<63 - 1, 9},
	{"ffffffffffffffffff01", 1<<64 - 1, 10},
	{"80808080808080808001", 1 << 63, 10},
	// Overlong encodings: LLVM 22 accepts zero padding of any length.
	{"8000", 0, 2},
	{"8080808080808080808000", 0, 11},
	{"ff808080808080808080808000", 127, 13},
	{"ffffffffffffffffff818000", 1<<64 - 1, 12},
	// Truncated: n == 0.
	{"", 0, 0},
	{"80", 0, 0},
	{"ff8080", 0, 0},
	{"ffffffffffffffffff81", 0, 0},
	// Too big: n == -(bytes read).
	{"ffffffffffffffffff02", 0, -10},
	{"ffffffffffffffffff7f", 0, -10},
	{"80808080808080808080808001", 0, -13},
	{"8080808080808080808001", 0, -11},
	{"ffffffffffffffffff0201", 0, -10}, // the check comes before the end
}

func TestULEB128(t *testing.T) {
	for _, tt := range ulebTests {
		v, n := ULEB128(secUnhex(t, tt.hex))
		if v != tt.v || n != tt.n {
			t.Errorf("ULEB128(%s) = %d, %d; want %d, %d", tt.hex, v, n, tt.v, tt.n)
		}
	}
}

// TestULEB128Uvarint checks that ULEB128 agrees with encoding/binary.Uvarint
// on canonical encodings, which both accept.
func TestULEB128Uvarint(t *testing.T) {
	buf := make([]byte, binary.MaxVarintLen64)
	for _, x := range []uint64{0, 1, 127, 128, 300, 1<<32 - 1, 1 << 32, 1<<63 - 1, 1 << 63, 1<<64 - 1} {
		b := buf[:binary.PutUvarint(buf, x)]
		if v, n := ULEB128(b); v != x || n != len(b) {
			t.Errorf("ULEB128(% x) = %d, %d; want %d, %d", b, v, n, x, len(b))
		}
	}
}

func TestULEB128Allocs(t *testing.T) {
	b := []byte{0xe5, 0x8e, 0x26}
	if a := testing.AllocsPerRun(100, func() { ULEB128(b) }); a != 0 {
		t.Errorf("ULEB128 allocates %v times", a)
	}
}

func BenchmarkULEB128(b *testing.B) {
	data := []byte{0xe5, 0x8e, 0x26}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if v, _ := ULEB128(data); v != 624485 {
			b.Fatal(v)
		}
	}
}
