package leb128

import (
	"encoding/binary"
	"encoding/hex"
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

func TestUint(t *testing.T) {
	for _, tt := range ulebTests {
		v, n := Uint(unhex(t, tt.hex))
		if v != tt.v || n != tt.n {
			t.Errorf("Uint(%s) = %d, %d; want %d, %d", tt.hex, v, n, tt.v, tt.n)
		}
	}
}

// TestUintUvarint checks that Uint agrees with encoding/binary.Uvarint
// on canonical encodings, which both accept.
func TestUintUvarint(t *testing.T) {
	buf := make([]byte, binary.MaxVarintLen64)
	for _, x := range []uint64{0, 1, 127, 128, 300, 1<<32 - 1, 1 << 32, 1<<63 - 1, 1 << 63, 1<<64 - 1} {
		b := buf[:binary.PutUvarint(buf, x)]
		if v, n := Uint(b); v != x || n != len(b) {
			t.Errorf("Uint(% x) = %d, %d; want %d, %d", b, v, n, x, len(b))
		}
	}
}

func TestUintAllocs(t *testing.T) {
	b := []byte{0xe5, 0x8e, 0x26}
	if a := testing.AllocsPerRun(100, func() { Uint(b) }); a != 0 {
		t.Errorf("Uint allocates %v times", a)
	}
}

func BenchmarkUint(b *testing.B) {
	data := []byte{0xe5, 0x8e, 0x26}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if v, _ := Uint(data); v != 624485 {
			b.Fatal(v)
		}
	}
}

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// slebTests are worked by hand from LLVM's encoding: seven bits a byte, low
// first, the top payload bit of the last byte the sign.
var slebTests = []struct {
	hex string
	v   int64
	n   int
}{
	{"00", 0, 1},
	{"3f", 63, 1},
	{"40", -64, 1},
	{"7f", -1, 1},
	{"8001", 128, 2},
	{"807f", -128, 2},
	{"c0bb78", -123456, 3},
	{"ffffffffffffffff3f", 1<<62 - 1, 9},
	{"80808080808080808040", 0, -10}, // bit 63 byte must be 0 or 0x7f
	{"8080808080808080807f", -1 << 63, 10},
	{"ffffffffffffffffff00", 1<<63 - 1, 10},
	// Overlong: zero or sign padding of any length.
	{"8000", 0, 2},
	{"ff7f", -1, 2},
	{"ffffffffffffffffffff7f", -1, 11},
	{"8080808080808080808000", 0, 11},
	// Truncated.
	{"", 0, 0},
	{"80", 0, 0},
	// Too big.
	{"ffffffffffffffffff01", 0, -10},
	{"ffffffffffffffffffff00", 0, -11}, // negative, padded with zeros
	{"808080808080808080808001", 0, -12},
}

func TestInt(t *testing.T) {
	for _, tt := range slebTests {
		v, n := Int(unhex(t, tt.hex))
		if v != tt.v || n != tt.n {
			t.Errorf("Int(%s) = %d, %d; want %d, %d", tt.hex, v, n, tt.v, tt.n)
		}
	}
}

// appendInt is the canonical signed LEB128 encoding of v.
func appendInt(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

func FuzzUint(f *testing.F) {
	for _, tt := range ulebTests {
		f.Add(unhex(f, tt.hex))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		v, n := Uint(b)
		switch {
		case n > 0:
			if n > len(b) || b[n-1] >= 0x80 || (n > 1 && b[n-2] < 0x80) {
				t.Fatalf("Uint(% x) = %d, %d: bad length", b, v, n)
			}
			canon := binary.AppendUvarint(nil, v)
			if w, m := Uint(canon); w != v || m != len(canon) {
				t.Fatalf("canonical % x of %d decodes to %d, %d", canon, v, w, m)
			}
			if len(canon) > n {
				t.Fatalf("% x decodes to %d, whose canonical form % x is longer", b[:n], v, canon)
			}
		case n == 0:
			for _, c := range b {
				if c < 0x80 {
					t.Fatalf("Uint(% x) says truncated", b)
				}
			}
		default:
			if v != 0 || -n > len(b) || -n < 10 {
				t.Fatalf("Uint(% x) = %d, %d", b, v, n)
			}
		}
	})
}

func FuzzInt(f *testing.F) {
	for _, tt := range slebTests {
		f.Add(unhex(f, tt.hex))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		v, n := Int(b)
		switch {
		case n > 0:
			if n > len(b) || b[n-1] >= 0x80 || (n > 1 && b[n-2] < 0x80) {
				t.Fatalf("Int(% x) = %d, %d: bad length", b, v, n)
			}
			canon := appendInt(nil, v)
			if w, m := Int(canon); w != v || m != len(canon) {
				t.Fatalf("canonical % x of %d decodes to %d, %d", canon, v, w, m)
			}
			if len(canon) > n {
				t.Fatalf("% x decodes to %d, whose canonical form % x is longer", b[:n], v, canon)
			}
		case n == 0:
			for _, c := range b {
				if c < 0x80 {
					t.Fatalf("Int(% x) says truncated", b)
				}
			}
		default:
			if v != 0 || -n > len(b) || -n < 10 {
				t.Fatalf("Int(% x) = %d, %d", b, v, n)
			}
		}
	})
}
