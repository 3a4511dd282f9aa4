package xxh3

import (
	"strings"
	"testing"
)

// TestString checks hashes computed by the reference implementation
// (github.com/zeebo/xxh3, which follows xxhash.h), one input of each
// length class: empty, 1-3, 4-8, 9-16, 17-128, 129-240 bytes and the long
// path, which this package was checked against on random inputs of every
// length up to 3,000 bytes.
func TestString(t *testing.T) {
	tests := []struct {
		in   string
		want uint64
	}{
		{"", 0x2d06800538d394c2},
		{"a", 0xe6c632b61e964e1f},
		{"abc", 0x78af5f94892f3950},
		{"abcd", 0x6497a96f53a89890},
		{"hello world", 0xd447b1ea40e6988b},
		{"llvm.memcpy.p0.p0.i64", 0xebf27e80aa397c4e},
		{"x.addr", 0x4a5a74a22d4d1b60},
		{"entry", 0x8a4ad489d8c2a56e},
		{strings.Repeat("0123456789", 15), 0x13f5ead77584ffb8},
		{strings.Repeat("0123456789", 100), 0xdbdf770360da5ac5},
	}
	for _, tt := range tests {
		if got := String(tt.in); got != tt.want {
			t.Errorf("String(%.20q... %d bytes) = %#x, want %#x", tt.in, len(tt.in), got, tt.want)
		}
	}
}

// FuzzHash hashes any input: never a panic, and Hash and String agree.
func FuzzHash(f *testing.F) {
	f.Add([]byte("entry"))
	f.Add([]byte(strings.Repeat("x", 300)))
	f.Fuzz(func(t *testing.T, b []byte) {
		if Hash(b) != String(string(b)) {
			t.Fatal("Hash and String differ")
		}
	})
}
