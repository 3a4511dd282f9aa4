package bcwrite

import (
	"math/big"
	"slices"
	"testing"
)

// TestWideInts: the words of a debug-info integer as LLVM's
// emitWideAPInt writes them (worked by hand: two's complement in the
// integer's width, least significant word first, each sign-rotated), and
// no two's complement made of a negative value wider than maxWideBits.
func TestWideInts(t *testing.T) {
	huge := new(big.Int).Lsh(big.NewInt(1), 100) // 2^100
	tests := []struct {
		v     *big.Int
		width uint32
		ok    bool
		words []uint64
	}{
		{big.NewInt(5), 8, true, []uint64{10}},
		{big.NewInt(-1), 8, true, []uint64{255 << 1}}, // 0xff, positive as an int64
		{big.NewInt(-1), 128, true, []uint64{3, 3}},   // two words of all ones: -(-1)<<1|1
		{big.NewInt(0), 64, true, []uint64{0}},        // at least one word
		{huge, 64, true, []uint64{0}},                 // 2^100 mod 2^64
		{huge, 1 << 20, true, []uint64{0, 1 << 37}},   // as it is, however wide
		{big.NewInt(-1), maxWideBits + 1, false, []uint64{0}},
	}
	for _, tc := range tests {
		_, ok := wideBits(tc.v, tc.width)
		got := appendWideInt(nil, tc.v, tc.width)
		if ok != tc.ok || !slices.Equal(got, tc.words) || activeWords(tc.v, tc.width) != len(tc.words) {
			t.Errorf("%v in %d bits: ok %v, words %v (%d active), want %v, %v", tc.v, tc.width, ok, got, activeWords(tc.v, tc.width), tc.ok, tc.words)
		}
	}
}
