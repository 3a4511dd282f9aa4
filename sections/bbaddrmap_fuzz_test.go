// Fuzzing of the BB address map decoder, and its oracle tests: the same bytes
// inside small ELF files, read by llvm-readobj-22 (and llvm-readobj-14 for the
// old layout). The oracle tests skip under -short or without the tools.

package sections

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// Sections produced by clang-22/llc-22 (see TestBBAddrMapCompiled), kept as
// fuzz seeds: x86-64 -fbasic-block-address-map with and without basic-block
// sections, and a PGO map with all three PGO features.
var bbCompiledSeeds = []string{
	// clang-22 -O1 -c -fbasic-block-address-map (two functions, callsites)
	"0520000000000000000000080000000b080100000e0005070003080600000b08030000060804000108040007000002080200000d0105200000000000000000000600000109000b06000012100100010a00030200010b070103000006010700000601",
	// the same with -fbasic-block-sections=all (first function)
	"0528000800000000000000000100000014080000000000000000010100001100000000000000000001050000080800000000000000000106000014080000000000000000010300000f0800000000000000000104000108070000000000000000000107000007080000000000000000010200000d01",
	// llc-22 -pgo-analysis-map=func-entry-count,bb-freq,br-prob
	"05270000000000000000000800000009080600000901010000060004080105000805000006080200000a0807000004080300000400e807cbbbfeb7a5a30c0201abd5aad50206d5aad5aa05cbbbfeb7a5a30c00808080e8e18b0401028080808008c48891d8aad5aa150105808080800880808080808080200202c687fdfe0706baf8820180808080808080200204bcf7eedd0307c48891a20480808090a2c488110203818080800305ffffffff04c48891e8cc99b3060104808080800805270000000000000000000300000005080100010a00030200000301b5b8f0fe2d8080808080808020020180808080080200808080fcffffff1f008080800400",
	// llc-22 -basic-block-address-map-skip-bb-entries
	"053100000000000000000008e807053100000000000000000003b5b8f0fe2d",
	// llc-22 -emit-bb-hash
	"05600000000000000000000800000009080000eaa00ada99d006000009010b00d1ab02e22db60100000600130018e455a001970408010500081700276b47bf259a050000060818001ced82338aa20200000a081b00a3016212317d07000004081f0037840364e4660300000400210037c09e221c0a0560000000000000000000030000000508000096aca9274f5f0100010a00030200af62002528bc0200000301040076094ac67c48",
}

func FuzzDecodeBBAddrMap(f *testing.F) {
	f.Add(byte(0), bbUnhex(bbWorkedExample))
	f.Add(byte('S'), []byte("0000\a000000000000000000000")) // old layout: 7 blocks of 3 bytes
	for _, s := range bbCompiledSeeds {
		f.Add(byte(0), bbUnhex(s))
	}
	for i, c := range bbCases {
		f.Add(byte(i), bbUnhex(c.hex))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 20 {
		f.Add(byte(i), bbRandomSection(r, 8, binary.LittleEndian))
	}
	f.Fuzz(func(t *testing.T, mode byte, data []byte) {
		o := BBAddrMapOptions{Section: "s", Index: 1, ByteOrder: binary.LittleEndian, AddrSize: 8}
		if mode&1 != 0 {
			o.AddrSize = 4
		}
		if mode&2 != 0 {
			o.ByteOrder = binary.BigEndian
		}
		if mode&4 != 0 {
			o.Relocatable = true
			o.Addend = func(off uint64) (uint64, bool) { return off * 16, off%3 != 0 }
		}
		maps, err := DecodeBBAddrMap(data, o)
		if read, rerr := bbReadAll(data, o); !reflect.DeepEqual(maps, read) || fmt.Sprint(err) != fmt.Sprint(rerr) {
			t.Fatalf("BBAddrMapReader: %v, %v; DecodeBBAddrMap: %v, %v", read, rerr, maps, err)
		}
		for _, decode := range []func([]byte, BBAddrMapOptions) ([]BBAddrMap, error){DecodeBBAddrMap, DecodeBBAddrMapV0} {
			maps, err := decode(data, o)
			bbCheckFuzz(t, data, maps, err)
			maps2, err2 := decode(data, o)
			if !reflect.DeepEqual(maps, maps2) || fmt.Sprint(err) != fmt.Sprint(err2) {
				t.Fatal("decoding is not deterministic")
			}
		}
	})
}

// bbCheckFuzz checks a value or an error, and that the decoded size is
// bounded by the input: every block costs the input at least 3 bytes (4 in
// the versioned layout), every range an address, every callsite offset and
// PGO record at least 1, every successor at least 2.
func bbCheckFuzz(t *testing.T, data []byte, maps []BBAddrMap, err error) {
	if err != nil {
		var de *DecodeError
		if !errors.As(err, &de) {
			t.Fatalf("error of type %T: %v", err, err)
		}
		if maps != nil || de.Off < 0 || de.Off > int64(len(data)) || de.Msg == "" {
			t.Fatalf("bad error result: %v, %+v", maps, de)
		}
		return
	}
	var ranges, blocks, calls, pgo, succs int
	for i, m := range maps {
		if len(m.Ranges) == 0 || m.Off < 0 || m.Off >= int64(len(data)) || i > 0 && m.Off <= maps[i-1].Off {
			t.Fatalf("bad function %d: %+v", i, m)
		}
		ranges += len(m.Ranges)
		for _, r := range m.Ranges {
			blocks += len(r.Entries)
			for _, e := range r.Entries {
				calls += len(e.CallsiteEndOffsets)
			}
		}
		pgo += len(m.PGO.BBEntries)
		for _, e := range m.PGO.BBEntries {
			succs += len(e.Successors)
		}
	}
	if n := len(data); ranges*4 > n || blocks*3 > n || calls > n || pgo > n || succs*2 > n {
		t.Fatalf("%d bytes gave %d ranges, %d blocks, %d callsites, %d PGO entries, %d successors",
			n, ranges, blocks, calls, pgo, succs)
	}
}

// bbRandomSection builds a plausible section of a few v2..v5 functions and then
// maybe damages it. Counts stay small so that llvm-readobj-22 cannot loop on
// them (it keeps reading successors after an error, and reserves callsite
// vectors by the count read).
func bbRandomSection(r *rand.Rand, addrSize int, bo binary.AppendByteOrder) []byte {
	var b []byte
	uleb := func(v uint64) {
		for {
			c := byte(v & 0x7f)
			v >>= 7
			if v != 0 || r.IntN(40) == 0 && len(b) > 0 { // sometimes overlong
				b = append(b, c|0x80)
				if v == 0 {
					b = append(b, 0)
					return
				}
				continue
			}
			b = append(b, c)
			return
		}
	}
	small := func() uint64 { return uint64(r.IntN(20)) }
	value := func() uint64 {
		switch r.IntN(10) {
		case 0:
			return r.Uint64() >> r.IntN(64)
		case 1:
			return uint64(r.Uint32())
		default:
			return small()
		}
	}
	for range 1 + r.IntN(3) {
		version := byte(2 + r.IntN(4))
		feat := uint16(r.IntN(256))
		if r.IntN(3) != 0 { // mostly consistent versions
			feat &^= 0xe0 >> (5 - version)
			if version == 2 {
				feat &= 0x1f
			}
		}
		b = append(b, version)
		if version == 5 {
			b = bo.AppendUint16(b, feat)
		} else {
			b = append(b, byte(feat))
		}
		nranges := 1
		if feat&uint16(MultiBBRange) != 0 {
			nranges = 1 + r.IntN(3)
			uleb(uint64(nranges))
		}
		nblocks := 0
		for range nranges {
			if addrSize == 4 {
				b = bo.AppendUint32(b, uint32(0x1000*(1+r.IntN(4))))
			} else {
				b = bo.AppendUint64(b, uint64(0x1000*(1+r.IntN(4))))
			}
			n := r.IntN(4)
			uleb(uint64(n))
			if feat&uint16(OmitBBEntries) != 0 {
				continue
			}
			nblocks += n
			for range n {
				uleb(small())
				uleb(small())
				if feat&uint16(CallsiteEndOffsets) != 0 {
					nc := r.IntN(3)
					uleb(uint64(nc))
					for range nc {
						uleb(small())
					}
				}
				uleb(small())
				md := uint64(r.IntN(32))
				if r.IntN(30) == 0 {
					md = value()
				}
				uleb(md)
				if feat&uint16(BBHash) != 0 {
					b = bo.AppendUint64(b, r.Uint64())
				}
			}
		}
		if feat&uint16(FuncEntryCount) != 0 {
			uleb(value())
		}
		if feat&uint16(BBFreq|BrProb) == 0 {
			continue
		}
		for range nblocks {
			if feat&uint16(BBFreq) != 0 {
				uleb(value())
			}
			if feat&uint16(PostLinkCfg) != 0 {
				uleb(small())
			}
			if feat&uint16(BrProb) != 0 {
				ns := r.IntN(3)
				uleb(uint64(ns))
				for range ns {
					uleb(small())
					uleb(uint64(r.Uint32()) >> r.IntN(32))
					if feat&uint16(PostLinkCfg) != 0 {
						uleb(small())
					}
				}
			}
		}
	}
	switch r.IntN(4) {
	case 0:
		b = b[:r.IntN(len(b)+1)]
	case 1:
		i := r.IntN(len(b))
		b[i] ^= byte(1 << r.IntN(8))
	}
	return b
}

// --- oracle tests ---
