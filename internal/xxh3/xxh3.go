// Package xxh3 computes XXH3-64 (seed 0, the default secret), the hash
// LLVM's StringMap buckets its keys by (llvm::xxh3_64bits): the bitcode
// writer needs it to lay out a function's value symbol table as LLVM's
// does. It is the algorithm of the XXH3 specification, written for
// clarity (scalar, no SIMD): names are short.
package xxh3

import (
	"encoding/binary"
	"math/bits"
)

// secret is XXH3's default secret.
var secret = [192]byte{
	0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
	0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
	0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
	0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
	0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
	0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
	0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
	0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
	0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
	0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
	0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
	0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
}

const (
	prime32_1 = 0x9E3779B1
	prime32_2 = 0x85EBCA77
	prime32_3 = 0xC2B2AE3D
	prime64_1 = 0x9E3779B185EBCA87
	prime64_2 = 0xC2B2AE3D27D4EB4F
	prime64_3 = 0x165667B19E3779F9
	prime64_4 = 0x85EBCA77C2B2AE63
	prime64_5 = 0x27D4EB2F165667C5
	primeMX1  = 0x165667919E3779F9
	primeMX2  = 0x9FB21C651E98DF25
)

func u64(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }
func u32(b []byte) uint32 { return binary.LittleEndian.Uint32(b) }

// fold64 multiplies a and b into 128 bits and folds the halves.
func fold64(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

func avalanche64(h uint64) uint64 {
	h ^= h >> 33
	h *= prime64_2
	h ^= h >> 29
	h *= prime64_3
	return h ^ h>>32
}

func avalanche(h uint64) uint64 {
	h ^= h >> 37
	h *= primeMX1
	return h ^ h>>32
}

func rrmxmx(h uint64, n int) uint64 {
	h ^= bits.RotateLeft64(h, 49) ^ bits.RotateLeft64(h, 24)
	h *= primeMX2
	h ^= h>>35 + uint64(n)
	h *= primeMX2
	return h ^ h>>28
}

func mix16(in, key []byte) uint64 {
	return fold64(u64(in)^u64(key), u64(in[8:])^u64(key[8:]))
}

// String returns the XXH3-64 hash of s.
func String(s string) uint64 { return Hash([]byte(s)) }

// Hash returns the XXH3-64 hash of b.
func Hash(b []byte) uint64 {
	n := len(b)
	k := secret[:]
	switch {
	case n == 0:
		return avalanche64(u64(k[56:]) ^ u64(k[64:]))
	case n <= 3:
		c := uint32(b[0])<<16 | uint32(b[n>>1])<<24 | uint32(b[n-1]) | uint32(n)<<8
		return avalanche64(uint64(c) ^ uint64(u32(k)^u32(k[4:])))
	case n <= 8:
		v := uint64(u32(b[n-4:])) + uint64(u32(b))<<32
		return rrmxmx(v^(u64(k[8:])^u64(k[16:])), n)
	case n <= 16:
		lo := u64(b) ^ (u64(k[24:]) ^ u64(k[32:]))
		hi := u64(b[n-8:]) ^ (u64(k[40:]) ^ u64(k[48:]))
		return avalanche(uint64(n) + bits.ReverseBytes64(lo) + hi + fold64(lo, hi))
	case n <= 128:
		acc := uint64(n) * prime64_1
		if n > 32 {
			if n > 64 {
				if n > 96 {
					acc += mix16(b[48:], k[96:])
					acc += mix16(b[n-64:], k[112:])
				}
				acc += mix16(b[32:], k[64:])
				acc += mix16(b[n-48:], k[80:])
			}
			acc += mix16(b[16:], k[32:])
			acc += mix16(b[n-32:], k[48:])
		}
		acc += mix16(b, k)
		acc += mix16(b[n-16:], k[16:])
		return avalanche(acc)
	case n <= 240:
		acc := uint64(n) * prime64_1
		for i := 0; i < 8; i++ {
			acc += mix16(b[16*i:], k[16*i:])
		}
		acc = avalanche(acc)
		for i := 8; i < n/16; i++ {
			acc += mix16(b[16*i:], k[16*(i-8)+3:])
		}
		acc += mix16(b[n-16:], k[136-17:])
		return avalanche(acc)
	}
	return long(b)
}

// long hashes an input of more than 240 bytes: stripes of 64 bytes into
// eight accumulators, scrambled after each block of 16 stripes.
func long(b []byte) uint64 {
	k := secret[:]
	acc := [8]uint64{prime32_3, prime64_1, prime64_2, prime64_3, prime64_4, prime32_2, prime64_5, prime32_1}
	const stripes = (len(secret) - 64) / 8
	const block = 64 * stripes
	n := len(b)
	blocks := (n - 1) / block
	for i := 0; i < blocks; i++ {
		for s := 0; s < stripes; s++ {
			accumulate(&acc, b[i*block+s*64:], k[s*8:])
		}
		scramble(&acc, k[len(k)-64:])
	}
	last := ((n - 1) - block*blocks) / 64
	for s := 0; s < last; s++ {
		accumulate(&acc, b[blocks*block+s*64:], k[s*8:])
	}
	accumulate(&acc, b[n-64:], k[len(k)-64-7:])
	h := uint64(n) * prime64_1
	for i := 0; i < 4; i++ {
		h += fold64(acc[2*i]^u64(k[11+16*i:]), acc[2*i+1]^u64(k[11+16*i+8:]))
	}
	return avalanche(h)
}

func accumulate(acc *[8]uint64, in, key []byte) {
	for i := 0; i < 8; i++ {
		v := u64(in[8*i:])
		x := v ^ u64(key[8*i:])
		acc[i^1] += v
		acc[i] += uint64(uint32(x)) * (x >> 32)
	}
}

func scramble(acc *[8]uint64, key []byte) {
	for i := range acc {
		a := acc[i]
		a ^= a >> 47
		a ^= u64(key[8*i:])
		acc[i] = a * prime32_1
	}
}
