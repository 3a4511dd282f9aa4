package sections

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"testing"

	"github.com/bcextract/bcextract/internal/alloctest"
)

// Resource limits of the section decoders: whatever a section claims (a
// count, a size, an offset), decoding allocates at most a small multiple of
// the section's size, and the work is linear in it. Each decoder's multiple
// K is pinned below, with the reason when it is large: it is then the size
// of the typed result per item against the fewest bytes an item can take.

var le = binary.LittleEndian

// uleb appends v as ULEB128.
func uleb(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// A claim is a section whose counts or sizes claim more than it holds.
type claim struct {
	name   string
	data   []byte
	decode func(data []byte) error
	off    int64 // of the error
}

// checkClaims decodes each claim, expecting a *DecodeError at the claim's
// offset and at most 16 bytes allocated per byte of the section plus 2 KiB
// (the errors and their messages): nothing may be sized by the claim. A
// count too large for the bytes left is an error where the bytes run out,
// as in LLVM, unless the decoder checks it up front.
func checkClaims(t *testing.T, tests []claim) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			alloctest.CheckClaim(t, tt.data, alloctest.Limit{PerByte: 16, Fixed: 2048}, tt.off,
				func(e *DecodeError) int64 { return e.Off }, func() error { return tt.decode(tt.data) })
		})
	}
}

func bbDecode(data []byte) error {
	_, err := DecodeBBAddrMap(data, BBAddrMapOptions{Section: "bb", AddrSize: 8})
	return err
}

// bbFunc returns the header of a version-v function entry with features
// feat at address 0x1000.
func bbFunc(v uint8, feat Features) []byte {
	b := []byte{v}
	if v < 5 {
		b = append(b, byte(feat))
	} else {
		b = le.AppendUint16(b, uint16(feat))
	}
	return b
}

func TestBBAddrMapClaims(t *testing.T) {
	addr := le.AppendUint64(nil, 0x1000)
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	maxU64 := uleb(nil, 1<<63)
	tests := []claim{
		{"2^63 blocks", cat(bbFunc(2, 0), addr, maxU64, make([]byte, 16)), bbDecode, 10},
		{"2^32-1 blocks", cat(bbFunc(2, 0), addr, uleb(nil, 1<<32-1), make([]byte, 16)), bbDecode, 31},
		{"2^32-1 ranges", cat(bbFunc(2, MultiBBRange), uleb(nil, 1<<32-1), addr, uleb(nil, 0), make([]byte, 4)), bbDecode, 16},
		{"2^63 ranges", cat(bbFunc(2, MultiBBRange), maxU64, addr, uleb(nil, 0)), bbDecode, 2},
		{"2^32-1 callsites", cat(bbFunc(3, CallsiteEndOffsets), addr, uleb(nil, 1), uleb(nil, 0), uleb(nil, 0), uleb(nil, 1<<32-1), make([]byte, 8)), bbDecode, 26},
		{"2^63 successors", cat(bbFunc(2, BrProb), addr, uleb(nil, 1), []byte{0, 0, 0, 0}, maxU64, make([]byte, 8)), bbDecode, 33},
		{"2^32-1 successors", cat(bbFunc(2, BrProb), addr, uleb(nil, 1), []byte{0, 0, 0, 0}, uleb(nil, 1<<32-1), make([]byte, 8)), bbDecode, 28},
		{"an unterminated ULEB of 1000 bytes", cat(bbFunc(2, 0), addr, bytes.Repeat([]byte{0x80}, 1000)), bbDecode, 10},
		{"V0: 2^32-1 blocks", cat(addr, uleb(nil, 1<<32-1), make([]byte, 16)), func(b []byte) error {
			_, err := DecodeBBAddrMapV0(b, BBAddrMapOptions{Section: "bb", AddrSize: 8})
			return err
		}, 29},
	}
	checkClaims(t, tests)
}

func TestCallGraphClaims(t *testing.T) {
	rec := func(flags byte, counts ...uint64) []byte {
		b := append([]byte{0, flags}, make([]byte, 4+8)...)
		for _, c := range counts {
			b = uleb(b, c)
		}
		return append(b, make([]byte, 16)...)
	}
	decode := func(b []byte) error {
		_, err := DecodeCallGraph("cg", b, le, 4)
		return err
	}
	checkClaims(t, []claim{
		{"2^63 direct callees", rec(CallGraphDirectCallees, 1<<63), decode, 14},
		{"2^32-1 direct callees", rec(CallGraphDirectCallees, 1<<32-1), decode, 14},
		{"5 direct callees in 16 bytes", rec(CallGraphDirectCallees, 5), decode, 14},
		{"2^61 indirect type IDs", rec(CallGraphIndirectCallees, 1<<61), decode, 14},
		{"3 indirect type IDs in 16 bytes", rec(CallGraphIndirectCallees, 3), decode, 14},
	})
}

func TestOffloadingClaims(t *testing.T) {
	// binary returns a 72-byte binary (header and entry) with the given
	// size field, entry fields and tail.
	binary := func(size, strOff, numStr, imgOff, imgSize uint64, tail int) []byte {
		b := []byte(offloadMagic)
		b = le.AppendUint32(b, offloadVersion)
		if size == 0 {
			size = uint64(offloadMinSize + tail)
		}
		b = le.AppendUint64(b, size)
		b = le.AppendUint64(b, offloadHeaderSize) // entry offset
		b = le.AppendUint64(b, offloadEntrySize)  // entry size
		b = le.AppendUint32(b, uint32(IMG_Object))
		b = le.AppendUint32(b, 0) // flags
		b = le.AppendUint64(b, strOff)
		b = le.AppendUint64(b, numStr)
		b = le.AppendUint64(b, imgOff)
		b = le.AppendUint64(b, imgSize)
		return append(b, make([]byte, tail)...)
	}
	decode := func(b []byte) error {
		_, err := DecodeOffloading("off", b)
		return err
	}
	checkClaims(t, []claim{
		{"size 2^64-1", binary(1<<64-1, 0, 0, 0, 0, 32), decode, 8},
		{"image of 2^63 bytes", binary(0, 0, 0, 72, 1<<63, 32), decode, 32 + 32},
		{"image past the end", binary(0, 0, 0, 72, 33, 32), decode, 32 + 32},
		{"2^63 strings", binary(0, 72, 1<<63, 0, 0, 32), decode, 32 + 16},
		{"3 strings in 32 bytes", binary(0, 72, 3, 0, 0, 32), decode, 32 + 16},
		{"string map at 2^64-1", binary(0, 1<<64-1, 1, 0, 0, 32), decode, 32 + 8},
		{"string at 2^63", func() []byte {
			b := binary(0, 72, 1, 0, 0, 16)
			le.PutUint64(b[72:], 1<<63)
			return b
		}(), decode, 72},
	})
}

func TestPCSectionClaims(t *testing.T) {
	// A compressed function entry: PC field, ULEB size, ULEB aux constants.
	l := PCSectionLayout{EntrySize: 4, Function: true, Compressed: true, Aux: []PCAuxKind{PCAuxU64, PCAuxU32}}
	decode := func(b []byte) error {
		_, err := DecodePCSection("pc", b, 0, l)
		return err
	}
	entry := []byte{0, 0, 0, 0, 1, 2, 3}
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	tooBig := append(bytes.Repeat([]byte{0x80}, 9), 2) // 2^64
	checkClaims(t, []claim{
		{"an unterminated ULEB of 1000 bytes", cat(entry, []byte{0, 0, 0, 0}, bytes.Repeat([]byte{0x80}, 1000)), decode, 7},
		{"a ULEB of 2^64", cat(entry, []byte{0, 0, 0, 0, 1}, tooBig), decode, 7},
		{"a u32 of 2^33", cat(entry, []byte{0, 0, 0, 0, 1, 2}, uleb(nil, 1<<33)), decode, 7},
		{"a truncated entry", cat(entry, entry[:5]), decode, 7},
	})
}

func TestULEBSectionClaims(t *testing.T) {
	checkClaims(t, []claim{
		{"addrsig: a ULEB running to the end", append([]byte{1, 2}, bytes.Repeat([]byte{0x80}, 1000)...), func(b []byte) error {
			_, err := DecodeAddrsig("as", b)
			return err
		}, 2},
		{"addrsig: an index of 2^63", append([]byte{1, 2}, uleb(nil, 1<<63)...), func(b []byte) error {
			_, err := DecodeAddrsig("as", b)
			return err
		}, 2},
		{"deplibs: no NUL in 1000 bytes", bytes.Repeat([]byte{'a'}, 1000), func(b []byte) error {
			_, err := DecodeDependentLibraries("dl", b)
			return err
		}, 0},
		{"linker options: an odd count", bytes.Repeat([]byte{'k', 0}, 499), func(b []byte) error {
			_, err := DecodeLinkerOptions("lo", b)
			return err
		}, 996},
		{"jump table sizes: a partial entry", make([]byte, 1001), func(b []byte) error {
			_, err := DecodeJumpTableSizes("jt", b, le, 4)
			return err
		}, 1000},
		{"call-graph profile: a partial weight", make([]byte, 1001), func(b []byte) error {
			_, err := DecodeCGProfileWeights("cgp", b, le)
			return err
		}, 1000},
		{"sympart: no NUL", bytes.Repeat([]byte{'p'}, 1000), func(b []byte) error {
			_, err := DecodeSymPart("sp", b)
			return err
		}, 0},
	})
}

// PairCGProfile is given the relocations' symbol indices, not bytes: it
// allocates nothing for a count that does not match.
func TestPairCGProfileClaims(t *testing.T) {
	weights := make([]uint64, 10)
	syms := make([]uint32, 1<<20)
	var err error
	got := alloctest.Min(3, func() { _, err = PairCGProfile("cgp", weights, syms) })
	var de *DecodeError
	if !errors.As(err, &de) || de.Off != 80 {
		t.Errorf("PairCGProfile = %v; want a *DecodeError at 0x50", err)
	}
	if got > 512 {
		t.Errorf("%d bytes allocated", got)
	}
}

// An amplification case is the densest valid section of one kind: the
// fewest bytes per decoded item, repeated to about 512 KiB.
type amplification struct {
	name   string
	unit   []byte // one item; the section is unit repeated
	decode func(data []byte) (items int, err error)
	k      float64 // bytes allocated per section byte, at most
	why    string
}

func checkAmplification(t *testing.T, tests []amplification) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := bytes.Repeat(tt.unit, (1<<19)/len(tt.unit))
			var n int
			var err error
			got := alloctest.Min(2, func() { n, err = tt.decode(data) })
			if err != nil || n != len(data)/len(tt.unit) {
				t.Fatalf("%d items of %d, %v", n, len(data)/len(tt.unit), err)
			}
			k := float64(got) / float64(len(data))
			t.Logf("%d bytes, %d items: %d allocated, %.2f per byte (%s)", len(data), n, got, k, tt.why)
			if k > tt.k {
				t.Errorf("%.2f bytes allocated per byte, more than %v (%s)", k, tt.k, tt.why)
			}
		})
	}
}

func TestAmplification(t *testing.T) {
	pcl := PCSectionLayout{EntrySize: 4}
	pclAux := PCSectionLayout{EntrySize: 4, Compressed: true, Function: true, Aux: []PCAuxKind{PCAuxU64}}
	bbOpts := BBAddrMapOptions{Section: "bb", AddrSize: 4}
	bbBlocks := func(n int) []byte {
		b := append(bbFunc(2, 0), 0, 0x10, 0, 0)
		b = uleb(b, uint64(n))
		for range n {
			b = append(b, 0, 0, 0, 0)
		}
		return b
	}
	offload := func(nstr int) []byte {
		size := offloadMinSize + 16*nstr + 2
		b := []byte(offloadMagic)
		b = le.AppendUint32(b, offloadVersion)
		b = le.AppendUint64(b, uint64(size))
		b = le.AppendUint64(b, offloadHeaderSize)
		b = le.AppendUint64(b, offloadEntrySize)
		b = le.AppendUint32(b, uint32(IMG_Bitcode))
		b = le.AppendUint32(b, 0)
		b = le.AppendUint64(b, offloadMinSize) // string map
		b = le.AppendUint64(b, uint64(nstr))
		b = le.AppendUint64(b, 0)
		b = le.AppendUint64(b, 0)
		for i := range nstr {
			b = le.AppendUint64(b, uint64(size-2+i%2)) // "" or "x"
			b = le.AppendUint64(b, uint64(size-1))
		}
		return append(b, 'x', 0)
	}
	checkAmplification(t, []amplification{
		{"addrsig", []byte{0}, func(b []byte) (int, error) {
			s, err := DecodeAddrsig("as", b)
			return len(s), err
		}, 4.01, "a uint32 per 1-byte index"},
		{"deplibs", []byte{0}, func(b []byte) (int, error) {
			s, err := DecodeDependentLibraries("dl", b)
			return len(s), err
		}, 25.01, "a 24-byte DependentLibrary per empty name, and the copy"},
		{"deplibs of 1-byte names", []byte{'a', 0}, func(b []byte) (int, error) {
			s, err := DecodeDependentLibraries("dl", b)
			return len(s), err
		}, 13.01, "a 24-byte DependentLibrary per 2 bytes, and the names' copy"},
		{"linker options", []byte{0, 0}, func(b []byte) (int, error) {
			s, err := DecodeLinkerOptions("lo", b)
			return len(s), err
		}, 17.01, "a 32-byte LinkerOption per two empty strings, and the copy"},
		{"command lines", []byte{0}, func(b []byte) (int, error) {
			s := DecodeCmdlines(b)
			return len(s[0]), nil
		}, 17.01, "a 16-byte string per empty argument, and the copy"},
		{"command lines of -cc1", []byte("-cc1\x00"), func(b []byte) (int, error) {
			s := DecodeCmdlines(b)
			return len(s), nil
		}, 9.05, "a 16-byte string and a 24-byte line per 5 bytes, and the copy"},
		{"call-graph profile weights", make([]byte, 8), func(b []byte) (int, error) {
			s, err := DecodeCGProfileWeights("cgp", b, le)
			return len(s), err
		}, 1.01, "a uint64 per 8-byte weight"},
		{"call-graph profile entries", make([]byte, 16), func(b []byte) (int, error) {
			s, err := DecodeCGProfileEntries("cgp", b, le)
			return len(s), err
		}, 1.01, "a 16-byte entry per 16 bytes"},
		{"jump table sizes", make([]byte, 8), func(b []byte) (int, error) {
			s, err := DecodeJumpTableSizes("jt", b, le, 4)
			return len(s), err
		}, 3.01, "a 24-byte JumpTableSize per 8-byte entry"},
		{"call graph", append([]byte{0, 0}, make([]byte, 12)...), func(b []byte) (int, error) {
			s, err := DecodeCallGraph("cg", b, le, 4)
			return len(s), err
		}, 8.01, "a 112-byte CallGraphFunc per 14-byte record"},
		{"call graph callees", append(uleb(append([]byte{0, CallGraphDirectCallees}, make([]byte, 12)...), 1000), make([]byte, 4000)...), func(b []byte) (int, error) {
			s, err := DecodeCallGraph("cg", b, le, 4)
			return len(s), err
		}, 4.2, "a uint64 and an int64 per 4-byte callee"},
		{"PC section", make([]byte, 4), func(b []byte) (int, error) {
			s, err := DecodePCSection("pc", b, 0, pcl)
			return len(s), err
		}, 14.01, "a 56-byte PCEntry per 4-byte entry"},
		{"PC section with aux", make([]byte, 6), func(b []byte) (int, error) {
			s, err := DecodePCSection("pc", b, 0, pclAux)
			return len(s), err
		}, 10.7, "a 56-byte PCEntry and an 8-byte aux constant per 6-byte entry"},
		{"BB address map: functions", bbBlocks(0), func(b []byte) (int, error) {
			s, err := DecodeBBAddrMap(b, bbOpts)
			return len(s), err
		}, 42, "a 72-byte BBAddrMap and a 32-byte BBRange per 7-byte function: 15 live, in a slice grown by doubling"},
		{"BB address map: blocks", bbBlocks(1000), func(b []byte) (int, error) {
			s, err := DecodeBBAddrMap(b, bbOpts)
			return len(s), err
		}, 13, "a 48-byte BBEntry per 4-byte block"},
		{"BB address map: blocks with PGO", func() []byte {
			b := append(bbFunc(2, BBFreq|BrProb), 0, 0x10, 0, 0)
			b = uleb(b, 1000)
			for range 1000 {
				b = append(b, 0, 0, 0, 0)
			}
			for range 1000 {
				b = append(b, 1, 0) // frequency 1, no successors
			}
			return b
		}(), func(b []byte) (int, error) {
			s, err := DecodeBBAddrMap(b, bbOpts)
			return len(s), err
		}, 15.5, "a 48-byte BBEntry and a 40-byte PGOBBEntry per 6-byte block"},
		{"offload binaries", offload(0), func(b []byte) (int, error) {
			s, err := DecodeOffloading("off", b)
			return len(s), err
		}, 1.01, "an 88-byte OffloadBinary per 74-byte binary"},
		{"offload strings", offload(1000), func(b []byte) (int, error) {
			s, err := DecodeOffloading("off", b)
			return len(s), err
		}, 5.1, "a 32-byte OffloadString and 48 bytes of offsets per 16-byte entry"},
	})
}

// The densest input of a decoder that stops at a limit: a million-entry
// section of each kind decodes in time linear in its size; the benchmarks
// report ns/item for 1e3 to 1e6 items.
func benchmarkItems(b *testing.B, unit []byte, decode func(data []byte) (int, error)) {
	for _, n := range []int{1e3, 1e4, 1e5, 1e6} {
		data := bytes.Repeat(unit, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if got, err := decode(data); err != nil || got != n {
					b.Fatalf("%d items, %v", got, err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}

func BenchmarkDependentLibraries(b *testing.B) {
	benchmarkItems(b, []byte("m\x00"), func(d []byte) (int, error) {
		s, err := DecodeDependentLibraries("dl", d)
		return len(s), err
	})
}

func BenchmarkBBAddrMapFunctions(b *testing.B) {
	unit := append(bbFunc(2, 0), 0, 0x10, 0, 0, 2, 0, 0, 4, 8, 1, 0, 3, 1)
	benchmarkItems(b, unit, func(d []byte) (int, error) {
		s, err := DecodeBBAddrMap(d, BBAddrMapOptions{AddrSize: 4})
		return len(s), err
	})
}

func BenchmarkCallGraphRecords(b *testing.B) {
	unit := append(append([]byte{0, CallGraphDirectCallees}, make([]byte, 12)...), 1, 0, 0, 0, 0)
	benchmarkItems(b, unit, func(d []byte) (int, error) {
		s, err := DecodeCallGraph("cg", d, le, 4)
		return len(s), err
	})
}

func BenchmarkOffloadBinaries(b *testing.B) {
	unit := bytes.Repeat([]byte{0}, 0)
	unit = append(unit, offloadMagic...)
	unit = le.AppendUint32(unit, offloadVersion)
	unit = le.AppendUint64(unit, offloadMinSize)
	unit = le.AppendUint64(unit, offloadHeaderSize)
	unit = le.AppendUint64(unit, offloadEntrySize)
	unit = append(unit, make([]byte, offloadEntrySize)...)
	benchmarkItems(b, unit, func(d []byte) (int, error) {
		s, err := DecodeOffloading("off", d)
		return len(s), err
	})
}
